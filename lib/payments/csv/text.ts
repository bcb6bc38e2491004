/**
 * What a chosen file holds before it is read as CSV: text (decoded from UTF-8, from UTF-16 with its byte order
 * mark as spreadsheet programs' "Unicode text" is, or else as Windows-1252, the "ANSI" of older Icelandic
 * Windows programs), or not text at all (a workbook, a PDF, an image). And which of `;`, `,` or tab
 * separates its cells, read from its header line, where no amount's decimal comma can mislead it.
 */

export type FileText = { ok: true; text: string } | { ok: false; reason: 'notText' };

/** The first bytes of formats people pick by mistake: zip (xlsx, ods), OLE (xls), PDF, PNG, JPEG, GIF. */
const BINARY_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** Control bytes no text file has: NUL and the C0 controls but tab, line feed, form feed and carriage return. */
function isControl(byte: number): boolean {
  return byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d;
}

function decode(bytes: Uint8Array, encoding: string, fatal = false): string {
  return new TextDecoder(encoding, { fatal }).decode(bytes);
}

/** Windows-1252 where the platform has it; otherwise Latin-1, which has every Icelandic letter at the same place. */
function decodeWindows1252(bytes: Uint8Array): string {
  try {
    return decode(bytes, 'windows-1252');
  } catch {
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return text;
  }
}

/** The text of a file's bytes, or that it is none. */
export function fileText(bytes: Uint8Array): FileText {
  if (startsWith(bytes, [0xff, 0xfe])) return { ok: true, text: decode(bytes.subarray(2), 'utf-16le') };
  if (startsWith(bytes, [0xfe, 0xff])) return { ok: true, text: decode(bytes.subarray(2), 'utf-16be') };
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature)))
    return { ok: false, reason: 'notText' };
  const head = bytes.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) return { ok: false, reason: 'notText' };
    if (isControl(byte)) controls++;
  }
  if (controls > head.length / 100) return { ok: false, reason: 'notText' };
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  try {
    return { ok: true, text: decode(body, 'utf-8', true) };
  } catch {
    return { ok: true, text: decodeWindows1252(body) };
  }
}

export const CSV_DELIMITERS = [';', '\t', ','] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * The text without a spreadsheet's `sep=;` first line, and the delimiter that line names or, without one, the
 * one its header line (the first that is not empty) has most of outside quotes; `;` before tab before `,` when
 * as many. Undefined when the header line has none: one column, or cells separated by something else.
 */
export function csvDelimiter(text: string): { text: string; delimiter: CsvDelimiter | undefined } {
  const body = text.replace(/^\uFEFF/, '');
  const sep = /^sep=(.)\r?\n/i.exec(body);
  if (sep) {
    const named = CSV_DELIMITERS.find((delimiter) => delimiter === sep[1]);
    return { text: body.slice(sep[0].length), delimiter: named };
  }
  const header = body.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as CsvDelimiter))
      counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
  }
  let best: CsvDelimiter | undefined;
  for (const delimiter of CSV_DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (best ? (counts.get(best) ?? 0) : 0)) best = delimiter;
  }
  return { text: body, delimiter: best };
}
