import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitiationRecord } from '@/lib/db/queries/initiation';
import type { Payment } from '@/lib/db/schema';
import { freshAppDatabase } from '@/tests/support/app-database';
import { claimedPaymentValues } from '@/tests/support/payment-row';

// recordInitiation reads back only the update's time and gives the payment as the caller claimed it with the
// answer in it: that payment must be the row as stored, whatever the bank answered and however the payment
// came to be claimed (saved claimed by this request, or claimed again after an answer that never came).

let app: {
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
  queries: typeof import('@/lib/db/queries/initiation');
  OUTCOME_UNKNOWN: string;
};
let psuId: string;

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), { AUTH_SECRET: randomBytes(33).toString('base64') });
  const [dbModule, schema, queries, types] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/db/schema'),
    import('@/lib/db/queries/initiation'),
    import('@/lib/db/payment-types'),
  ]);
  const db = await dbModule.getDb();
  app = {
    db,
    closeDatabase: dbModule.closeDatabase,
    schema,
    queries,
    OUTCOME_UNKNOWN: types.OUTCOME_UNKNOWN,
  };
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
});

afterAll(async () => {
  await app?.closeDatabase();
});

const text = fc.string({ maxLength: 40 }).map((value) => value.replaceAll('\0', ''));
const links = fc.dictionary(
  fc.constantFrom('scaRedirect', 'scaStatus', 'self', 'status', 'startAuthorisation', 'scaOAuth'),
  fc.webUrl(),
);
const money = fc.record({
  currency: fc.constantFrom('ISK', 'EUR', 'USD'),
  amount: fc.integer({ min: 0, max: 10_000_000 }).map(String),
});
const answer: fc.Arbitrary<InitiationRecord> = fc.record({
  phase: fc.constantFrom('initiated' as const, 'unfollowable' as const),
  bankPaymentId: fc.option(fc.uuid()),
  clashingBankPaymentId: fc.option(fc.uuid()),
  scaRedirect: fc.option(fc.webUrl()),
  sca: fc.option(
    fc.record(
      {
        links,
        initiationLinks: links,
        psuMessage: text,
        challengeData: fc.record({
          otpMaxLength: fc.integer({ min: 1, max: 12 }),
          additionalInformation: text,
        }),
        unusableLinks: fc.array(text, { maxLength: 2 }),
      },
      { requiredKeys: ['links', 'initiationLinks'] },
    ),
  ),
  transactionStatus: fc.constantFrom('RCVD', 'ACTC', 'ACCP', 'ACSP', 'PATC', 'RJCT', 'PDNG'),
  costs: fc.option(
    fc.record(
      { transactionFees: money, currencyConversionFee: money, transactionFeeIndicator: fc.boolean() },
      { requiredKeys: [] },
    ),
  ),
  bankNotes: fc.option(
    fc.array(fc.record({ category: fc.constant('WARNING'), code: text, text }), {
      minLength: 1,
      maxLength: 3,
    }),
  ),
  failureCode: fc.constant(null),
});

/** A payment saved claimed by this request, as initiateOnce saves one: the row the insert gave. */
async function savedClaimed(): Promise<Payment> {
  const row = await app.queries.insertClaimedPayment(
    app.db,
    claimedPaymentValues(psuId, {
      uiLocale: 'en',
      fingerprint: randomUUID(),
      creditorName: 'Guðrún Helgadóttir',
    }),
    { seconds: 20, notificationTokenHash: randomBytes(32).toString('hex') },
  );
  if (!row) throw new Error('the payment was not saved');
  return row;
}

/**
 * A payment whose answer never came, released and then claimed again for a resend, as initiateOnce and the resend
 * job claim one: the row as read before the claim, which is what they send and record with.
 */
async function claimedAgain(): Promise<Payment> {
  const { payments } = app.schema;
  const { id } = await savedClaimed();
  await app.db
    .update(payments)
    .set({ phase: 'new', claimedUntil: null, failureCode: app.OUTCOME_UNKNOWN })
    .where(eq(payments.id, id));
  const [read] = await app.db.select().from(payments).where(eq(payments.id, id));
  if (!read) throw new Error('the payment disappeared');
  await app.db
    .update(payments)
    .set({ phase: 'sending', claimedUntil: new Date(Date.now() + 20_000) })
    .where(eq(payments.id, id));
  return read;
}

describe('recordInitiation', () => {
  it('gives the payment exactly as stored, with the answer and its first status event', async () => {
    await fc.assert(
      fc.asyncProperty(answer, fc.boolean(), async (recorded, again) => {
        const claimed = again ? await claimedAgain() : await savedClaimed();
        const given = await app.queries.recordInitiation(app.db, claimed, recorded, {
          source: 'initiation',
          detail: { requestId: 'r-1' },
        });
        const [stored] = await app.db
          .select()
          .from(app.schema.payments)
          .where(eq(app.schema.payments.id, claimed.id));
        expect(given).toEqual(stored);
        expect(stored).toMatchObject({ ...recorded, claimedUntil: null });
        const events = await app.db
          .select()
          .from(app.schema.paymentEvents)
          .where(eq(app.schema.paymentEvents.paymentId, claimed.id));
        expect(events.map((event) => [event.transactionStatus, event.source])).toEqual([
          [recorded.transactionStatus, 'initiation'],
        ]);
      }),
      { numRuns: 40 },
    );
  });

  it('records nothing and gives nothing for a payment decided meanwhile', async () => {
    const { payments, paymentEvents } = app.schema;
    const claimed = await savedClaimed();
    await app.db
      .update(payments)
      .set({ phase: 'refused', claimedUntil: null })
      .where(eq(payments.id, claimed.id));
    const given = await app.queries.recordInitiation(
      app.db,
      claimed,
      {
        phase: 'initiated',
        bankPaymentId: randomUUID(),
        clashingBankPaymentId: null,
        scaRedirect: null,
        sca: null,
        transactionStatus: 'RCVD',
        costs: null,
        bankNotes: null,
        failureCode: null,
      },
      { source: 'initiation', detail: {} },
    );
    expect(given).toBeUndefined();
    const [stored] = await app.db.select().from(payments).where(eq(payments.id, claimed.id));
    expect(stored?.phase).toBe('refused');
    expect(await app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, claimed.id))).toEqual(
      [],
    );
  });
});
