import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';
import { latestLinkTo, mailTo } from '@/tests/support/mailbox';
import { newPsu } from '@/tests/support/psu';
import { scratchDir } from '@/tests/support/scratch';

// With SMTP_URL set, the verification link goes out over SMTP (nodemailer) and nothing is written
// to the local mailbox. The SMTP server here is a plain one on loopback that takes every message and
// keeps it as the .eml file its DATA is, so that the same reader as the local mailbox's opens it.
const dir = scratchDir('greidsla-smtp-');
const received = path.join(dir, 'received');
const mailbox = path.join(dir, 'mailbox');
const recipients: string[] = [];
let smtp: Server;
let app: {
  verification: typeof import('@/lib/auth/email-verification');
  db: typeof import('@/lib/db');
};

/** An SMTP server (RFC 5321) that accepts whatever it is sent, without extensions. */
function smtpServer(): Server {
  return createServer((socket) => {
    let buffered = '';
    let inData = false;
    let count = 0;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end === -1) return;
          // Undo the dot-stuffing of lines that began with a dot.
          const message = buffered.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffered = buffered.slice(end + 5);
          inData = false;
          writeFileSync(path.join(received, `${Date.now()}-${count++}.eml`), message);
          socket.write('250 OK queued\r\n');
          continue;
        }
        const lineEnd = buffered.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffered.slice(0, lineEnd);
        buffered = buffered.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
}

beforeAll(async () => {
  mkdirSync(received);
  smtp = smtpServer();
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.address() as { port: number };
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-smtp1',
    SEED_DEMO_PSU: 'false',
    APP_BASE_URL: 'http://app.test',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAILBOX_DIR: mailbox,
  });
  const [verification, db] = await Promise.all([import('@/lib/auth/email-verification'), import('@/lib/db')]);
  app = { verification, db };
});

afterAll(async () => {
  await new Promise((resolve) => smtp?.close(resolve));
  await app?.db.closeDatabase();
});

describe('the verification link with SMTP_URL set', () => {
  it('goes out over SMTP, none to the local mailbox, and verifies the account that asked for it', async () => {
    const psuId = await newPsu('smtp@example.is');
    await app.verification.sendVerificationLink(psuId, 'en');
    expect(recipients).toEqual(['smtp@example.is']);
    const [message] = mailTo(received, 'smtp@example.is');
    expect(message?.subject).toBe('Confirm your e-mail address at Greiðsla');
    const link = latestLinkTo(received, 'smtp@example.is') ?? '';
    expect(link).toMatch(/^http:\/\/app\.test\/en\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    expect(existsSync(mailbox) ? readdirSync(mailbox) : []).toEqual([]);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(await app.verification.verifyEmail(psuId, token)).toBe('verified');
  });
});
