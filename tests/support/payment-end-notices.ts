import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { setMailOnPaymentEnd } from '@/lib/db/queries/notices';
import { payments, psus } from '@/lib/db/schema';
import { scratchDir } from '@/tests/support/scratch';
import { type FakeBank, startFakeBank } from '../webhooks/support';
import { freshAppDatabase } from './app-database';

/**
 * The world of the payment-end mail's tests: a fresh app database, a mailbox on disk, and a stand-in for the bank
 * (which we do not own) that answers each payment's status read from `bankStatus` and a bulk's payment information
 * read (payment spec 2.6) from `bankInformation`, by the bank's payment id. Its hooks start and stop it all.
 */
export function paymentEndWorld() {
  const bankStatus = new Map<string, string>();
  const bankInformation = new Map<string, unknown>();
  const mailbox = path.join(scratchDir('greidsla-notices-'), 'mailbox');
  let bank: FakeBank;
  let db: Db;

  beforeAll(async () => {
    bank = await startFakeBank((method, requestPath) => {
      if (method !== 'GET') return undefined;
      const match = /^\/psd2\/api\/v1\/[a-z-]+\/[a-z-]+\/([^/]+)(\/status)?$/.exec(requestPath);
      const id = match?.[1] ?? '';
      const body = match?.[2] ? { transactionStatus: bankStatus.get(id) } : bankInformation.get(id);
      return (match?.[2] ? bankStatus.has(id) : body !== undefined) ? { status: 200, body } : undefined;
    });
    Object.assign(process.env, await freshAppDatabase(), {
      AUTH_SECRET: 'notices-test-secret-0123456789abcdefghijkl',
      SEED_DEMO_PSU: 'false',
      APP_BASE_URL: 'https://app.example',
      MAILBOX_DIR: mailbox,
      BANK_BASE_URL: `${bank.url}/psd2`,
      BANK_AUTH_URL: bank.url,
    });
    db = await getDb();
  });

  afterAll(async () => {
    await closeDatabase();
    await bank.close();
  });

  /** A PSU named "Próf", their address verified unless `verified` is false, who asked for the mail if `mail`. */
  async function psu(email: string, options: { verified?: boolean; mail?: boolean } = {}) {
    const [row] = await db
      .insert(psus)
      .values({
        email,
        passwordHash: 'x',
        displayName: 'Próf',
        emailVerifiedAt: options.verified === false ? null : new Date(),
      })
      .returning({ id: psus.id });
    const id = row?.id ?? '';
    if (options.mail) await setMailOnPaymentEnd(db, id, true);
    return id;
  }

  /** A payment the bank took (ACTC), of 12.500 kr. to Þórður Ævarsson unless `overrides` say otherwise. */
  async function payment(
    psuId: string,
    uiLocale: 'is' | 'en' = 'is',
    overrides: Partial<typeof payments.$inferInsert> = {},
  ) {
    const [row] = await db
      .insert(payments)
      .values({
        psuId,
        submissionId: randomUUID(),
        idempotencyKey: randomUUID(),
        service: 'payments',
        product: 'credit-transfers',
        body: {},
        scaLanguage: uiLocale,
        uiLocale,
        phase: 'initiated',
        transactionStatus: 'ACTC',
        bankPaymentId: `bank-${randomUUID()}`,
        amount: '12500',
        currency: 'ISK',
        creditorName: 'Þórður Ævarsson',
        creditorAccount: 'IS140159260076545510730339',
        ...overrides,
      })
      .returning();
    if (!row) throw new Error('no payment');
    return row;
  }

  return { bankStatus, bankInformation, mailbox, db: () => db, psu, payment };
}
