import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@/lib/db/schema';
import { freshAppDatabase } from '@/tests/support/app-database';
import { paymentRow } from '@/tests/support/payment-row';

// The operators' list of stuck payments, on the real database: a row in each state it lists, and rows it must
// not (final, settled with the follow-up run out, waiting its turn, recent).

let db: import('@/lib/db').Db;
let closeDatabase: () => Promise<void>;
let schema: typeof import('@/lib/db/schema');
let changeSchema: typeof import('@/lib/db/change-schema');
let stuck: typeof import('@/lib/observability/stuck-payments');
let psuId: string;

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), { AUTH_SECRET: randomBytes(33).toString('base64') });
  const dbModule = await import('@/lib/db');
  [schema, changeSchema, stuck] = await Promise.all([
    import('@/lib/db/schema'),
    import('@/lib/db/change-schema'),
    import('@/lib/observability/stuck-payments'),
  ]);
  db = await dbModule.getDb();
  closeDatabase = dbModule.closeDatabase;
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
});

afterAll(async () => {
  await closeDatabase?.();
});

/** A payment of the demo PSU's; `ago` sets its times that many minutes before the database's now. */
async function payment(
  overrides: Partial<Payment>,
  ago: { created?: number; updated?: number; read?: number; failed?: number },
): Promise<string> {
  const { searchText: _, ...row } = paymentRow({ psuId, bankPaymentId: randomUUID(), ...overrides });
  await db.insert(schema.payments).values(row);
  const minutes = (value: number | undefined) =>
    value === undefined ? sql`null` : sql`now() - make_interval(mins => ${value})`;
  await db.execute(sql`UPDATE payments SET created_at = coalesce(${minutes(ago.created)}, now()),
      updated_at = coalesce(${minutes(ago.updated)}, now()), status_read_at = ${minutes(ago.read)},
      status_read_failed_at = ${minutes(ago.failed)} WHERE id = ${row.id}`);
  return row.id;
}

const DAY = 24 * 60;
const periodic = { service: 'periodic-payments' as const, product: 'credit-transfers' as const };

describe('payments that are stuck', () => {
  it('lists each stuck payment once with its reason, oldest first, and none that is merely waiting or done', async () => {
    const listed = {
      neverSent: await payment({ phase: 'new', transactionStatus: null }, { created: 60 }),
      answerLost: await payment(
        { phase: 'new', transactionStatus: null, failureCode: 'OUTCOME_UNKNOWN' },
        { created: 120 },
      ),
      readFailed: await payment({ transactionStatus: 'ACTC' }, { updated: 5 * 60, read: 3 * 60, failed: 1 }),
      awaitingPsu: await payment({ transactionStatus: 'RCVD' }, { updated: 2 * DAY, read: 1 }),
      notFollowed: await payment({ transactionStatus: 'ACTC' }, { updated: 6 * 60, read: 4 * 60 }),
      // The bank answered with an id it had given another payment: never followed, listed at once.
      unfollowable: await payment(
        {
          phase: 'unfollowable',
          bankPaymentId: null,
          clashingBankPaymentId: 'clash-1',
          transactionStatus: 'RCVD',
        },
        { created: 95, updated: 90 },
      ),
      standingNotFollowed: await payment(
        { ...periodic, transactionStatus: 'ACTC' },
        { updated: 9 * DAY, read: 3 * DAY },
      ),
    };
    const notListed = [
      await payment({ phase: 'new', transactionStatus: null }, { created: 1 }),
      await payment({ transactionStatus: 'ACCC' }, { updated: 10 * DAY, read: 10 * DAY }),
      await payment({ transactionStatus: 'RJCT' }, { updated: 10 * DAY, read: 10 * DAY, failed: 10 * DAY }),
      await payment({ transactionStatus: 'ACSC' }, { updated: 10 * DAY, read: 10 * DAY }),
      await payment({ ...periodic, transactionStatus: 'ACTC' }, { updated: 9 * DAY, read: 20 * 60 }),
      await payment(
        { ...periodic, transactionStatus: 'ACSC', body: { endDate: '2020-01-31' } },
        { updated: 10 * DAY, read: 10 * DAY },
      ),
      await payment({ transactionStatus: 'ACTC' }, { updated: 6 * 60, read: 2 }),
      await payment({ transactionStatus: 'ACTC' }, { updated: 6 * 60, read: 5, failed: 1 }),
      await payment({ transactionStatus: 'RCVD' }, { updated: 2 * 60, read: 1 }),
      await payment(
        { phase: 'refused', transactionStatus: null, failureCode: 'FORMAT_ERROR' },
        { created: DAY },
      ),
    ];
    // A change left awaiting the PSU's confirmation at the bank after a day; a recent one, and one sent, are not.
    const changed = await payment({ ...periodic, transactionStatus: 'ACTC' }, { read: 1 });
    const change = (oldPaymentId: string, state: 'cancelling' | 'sent', minutesAgo: number) =>
      db.insert(changeSchema.standingOrderChanges).values({
        psuId,
        oldPaymentId,
        state,
        changed: {
          submissionId: randomUUID(),
          scaLanguage: 'is',
          uiLocale: 'is',
          payment: {},
          label: null,
          creditorName: null,
        },
        updatedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
      });
    await change(changed, 'cancelling', 2 * DAY + 60);
    await change(await payment({ ...periodic, transactionStatus: 'ACTC' }, { read: 1 }), 'cancelling', 60);
    await change(await payment({ ...periodic, transactionStatus: 'ACTC' }, { read: 1 }), 'sent', 3 * DAY);

    const { rows, counts, next } = await stuck.stuckPage(db);
    expect(next).toBeUndefined();
    expect(rows.map((row) => [row.reason, row.paymentId])).toEqual([
      ['notFollowed', listed.standingNotFollowed],
      ['changeWaiting', changed],
      ['awaitingPsu', listed.awaitingPsu],
      ['notFollowed', listed.notFollowed],
      ['readFailed', listed.readFailed],
      ['unsent', listed.answerLost],
      ['unfollowable', listed.unfollowable],
      ['unsent', listed.neverSent],
    ]);
    for (const id of notListed) expect(rows.map((row) => row.paymentId)).not.toContain(id);
    expect(counts).toEqual({
      unsent: 2,
      readFailed: 1,
      awaitingPsu: 1,
      notFollowed: 2,
      unfollowable: 1,
      changeWaiting: 1,
    });
    expect(rows[0]).toMatchObject({
      psuEmail: 'demo@greidsla.is',
      bankId: 'default',
      transactionStatus: 'ACTC',
    });
    expect(rows.find((row) => row.paymentId === listed.answerLost)?.failureCode).toBe('OUTCOME_UNKNOWN');
    expect(rows.find((row) => row.paymentId === listed.unfollowable)).toMatchObject({
      bankPaymentId: null,
      clashingBankPaymentId: 'clash-1',
      transactionStatus: 'RCVD',
    });

    // One reason at a time, and a page from where the one before ended.
    const unsent = await stuck.stuckPage(db, 'unsent');
    expect(unsent.rows.map((row) => row.paymentId)).toEqual([listed.answerLost, listed.neverSent]);
    const [first] = unsent.rows;
    const after = stuck.parseStuckCursor({
      after: `${first?.sinceExact}_${first?.reason}_${first?.paymentId}`,
    });
    expect(after).toBeDefined();
    const rest = await stuck.stuckPage(db, 'unsent', after);
    expect(rest.rows.map((row) => row.paymentId)).toEqual([listed.neverSent]);
    expect(stuck.parseStuckCursor({ after: '2026-01-01_nonsense' })).toBeUndefined();
    expect(stuck.parseStuckReason({ reason: 'other' })).toBeUndefined();
  });

  it('as CSV: the reasons in words of the language, times in Iceland, every cell safe in a spreadsheet', async () => {
    // An address that leads with a formula's character is a valid one: the cell shows it, never runs it.
    const [formula] = await db
      .insert(schema.psus)
      .values({ email: '=cmd@greidsla.is', passwordHash: 'x', displayName: 'Formula' })
      .returning();
    const clash = await payment(
      {
        phase: 'unfollowable',
        bankPaymentId: null,
        clashingBankPaymentId: '+clash',
        psuId: formula?.id,
        transactionStatus: 'RCVD',
      },
      { updated: 30 * DAY },
    );
    const { rows } = await stuck.stuckPage(db, 'unfollowable');
    const [header, first] = stuck.stuckCsv(rows, 'is').split('\r\n');
    expect(header).toBe(
      'Ástæða,Nánar,Frá (tími á Íslandi),Auðkenni okkar,Banki,Auðkenni bankans,Netfang greiðanda,Síðasta staða,Síðast sótt (tími á Íslandi)',
    );
    const since = rows[0]?.since.toISOString().slice(0, 19).replace('T', ' ');
    expect(first).toBe(
      `Appið getur ekki fylgt þessari greiðslu eftir,"Auðkenni bankans, sem önnur greiðsla hefur: +clash",${since},${clash},Sandkassabankinn,,'=cmd@greidsla.is,RCVD,Aldrei`,
    );
    const english = stuck.stuckCsv(rows, 'en').split('\r\n');
    expect(english[0]).toMatch(/^Reason,Detail,Since \(Iceland time\),Our id,/);
    expect(english[1]).toMatch(/^The app cannot follow this payment,/);
    expect(english[1]).toMatch(/,Never$/);
    expect(stuck.stuckCsv([], 'en')).toBe(`${english[0]}\r\n`);
  });
});
