import { readFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Receipt } from './receipt';

// Noto Sans (SIL Open Font License, from @fontsource/noto-sans): its Latin files hold every
// Icelandic letter (þ, ð, æ, ö, á …), which the PDF standard fonts' WinAnsi encoding would not
// carry as text a reader can copy or search. pdfkit embeds only the glyphs used.
const FONT_DIR = path.join(process.cwd(), 'node_modules/@fontsource/noto-sans/files');
const REGULAR = 'noto-sans-latin-400-normal.woff';
const BOLD = 'noto-sans-latin-700-normal.woff';

let fonts: Promise<[Buffer, Buffer]> | undefined;
function loadFonts() {
  fonts ??= Promise.all([readFile(path.join(FONT_DIR, REGULAR)), readFile(path.join(FONT_DIR, BOLD))]);
  return fonts;
}

/** The receipt as an A4 PDF, in the receipt's language, tagged with that language. */
export async function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const [regular, bold] = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: receipt.locale,
    info: { Title: receipt.heading, Creator: 'Greiðsla' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);

  doc.font('bold').fontSize(20).text(receipt.heading);
  doc.font('body').fontSize(10).fillColor('#334155').text(receipt.issued).moveDown(1.2);
  if (receipt.happened) doc.font('bold').fontSize(12).fillColor('#0f172a').text(receipt.happened).moveDown(1);
  for (const line of receipt.lines) {
    doc.font('body').fontSize(9).fillColor('#475569').text(line.label);
    doc.font('bold').fontSize(12).fillColor('#0f172a').text(line.value);
    if (line.detail) doc.font('body').fontSize(9).fillColor('#334155').text(line.detail);
    doc.moveDown(0.6);
  }
  doc.moveDown(0.6).font('bold').fontSize(13).fillColor('#0f172a').text(receipt.historyTitle).moveDown(0.3);
  doc.font('body').fontSize(10);
  if (receipt.history.length === 0) doc.text(receipt.noHistory);
  for (const entry of receipt.history) doc.text(entry.text);
  doc.moveDown(1.5).fontSize(8).fillColor('#475569').text(receipt.footer);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
