import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A message the app left in its local mailbox (lib/mail), as a reader of the .eml file sees it. */
export interface MailboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047, 6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
      decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parse(file: string): MailboxMessage {
  const raw = readFileSync(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { file, to: header('To'), subject: decodeHeader(header('Subject')), text };
}

/** Every message in `dir` to `to`, oldest first. */
export function mailTo(dir: string, to: string): MailboxMessage[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parse(path.join(dir, name)))
    .filter((message) => message.to.toLowerCase() === to.toLowerCase());
}

/** The first link in the newest message to `to`, or undefined. */
export function latestLinkTo(dir: string, to: string): string | undefined {
  return /https?:\/\/\S+/.exec(mailTo(dir, to).at(-1)?.text ?? '')?.[0];
}
