import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { settings } from '@/lib/config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends a message: over SMTP when SMTP_URL is set; otherwise into the local mailbox, MAILBOX_DIR
 * (`.data/mailbox/` under `npm start`), one RFC 822 `.eml` file per message that any mail program
 * opens, so that nothing leaves the machine. Both are made by nodemailer, so the files are the very
 * messages SMTP would carry.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM, MAILBOX_DIR } = settings();
  const message = { from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text };
  if (SMTP_URL) {
    await nodemailer.createTransport(SMTP_URL).sendMail(message);
    return;
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  await mkdir(MAILBOX_DIR, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
  await writeFile(path.join(MAILBOX_DIR, name), built.message as Buffer, { mode: 0o600 });
}
