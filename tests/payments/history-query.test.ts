import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';

let db: import('@/lib/db').Db;
let closeDatabase: () => Promise<void>;
let history: typeof import('@/lib/db/queries/payments');
let psuId: string;
let paymentsTable: typeof import('@/lib/db/schema').payments;
let otherPsuId: string;

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    SEED_DEMO_PSU: 'false',
  });
  const dbModule = await import('@/lib/db');
  const { payments, psus } = await import('@/lib/db/schema');
  paymentsTable = payments;
  history = await import('@/lib/db/queries/payments');
  db = await dbModule.getDb();
  closeDatabase = dbModule.closeDatabase;
  const [a, b] = await db
    .insert(psus)
    .values([
      { email: 'a@example.is', passwordHash: 'x', displayName: 'A' },
      { email: 'b@example.is', passwordHash: 'x', displayName: 'B' },
    ])
    .returning();
  psuId = a?.id ?? '';
  otherPsuId = b?.id ?? '';
  // Several payments share a timestamp down to the microsecond, as a bulk of inserts does.
  const rows = Array.from({ length: 60 }, (_, i): typeof payments.$inferInsert => ({
    psuId: i % 10 === 9 ? otherPsuId : psuId,
    submissionId: randomUUID(),
    idempotencyKey: randomUUID(),
    service: i % 3 === 0 ? 'bulk-payments' : 'payments',
    product: 'credit-transfers',
    body: {},
    scaLanguage: 'is',
    uiLocale: 'is',
    amount: String(1000 + i),
    currency: 'ISK',
    creditorName: i % 4 === 0 ? 'Guðrún Helgadóttir' : 'Orkuveitan',
    creditorAccount: 'IS870301260012345101696399',
    reference: `ref-${i}`,
    transactionStatus: i % 5 === 0 ? 'RJCT' : 'ACSC',
    phase: 'initiated',
    createdAt: new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 4))),
  }));
  await db.insert(payments).values(rows);
  const [, template] = rows;
  if (!template) throw new Error('no payment to copy');
  // Two bulks of this PSU and one of the other's, whose recipients are named only in their payments (spec 2.3
  // ultimateCreditor); a body that is not a bulk's holds a name elsewhere.
  const bulk = (owner: string, names: (string | null)[], day: number): typeof payments.$inferInsert => ({
    ...template,
    psuId: owner,
    submissionId: randomUUID(),
    idempotencyKey: randomUUID(),
    service: 'bulk-payments',
    creditorName: null,
    creditorAccount: '',
    reference: `bulk-${day}`,
    elementCount: names.length,
    body: {
      paymentInformationId: `bulk-${day}`,
      payments: names.map((name) => ({
        creditorAccount: { iban: 'IS870301260012345101696399' },
        instructedAmount: { currency: 'ISK', amount: '1000' },
        ...(name === null ? {} : { ultimateCreditor: name }),
      })),
    },
    createdAt: new Date(Date.UTC(2026, 11, day)),
  });
  await db.insert(payments).values([
    bulk(psuId, ['Þórður Ólafsson', null, 'Sigríður Björk'], 1),
    bulk(psuId, ['Sigríður Björk'], 2),
    bulk(otherPsuId, ['Þórður Ólafsson'], 3),
    {
      ...template,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      creditorName: 'Orkuveitan',
      reference: 'not-a-bulk',
      body: { ultimateCreditor: 'Þórður Ólafsson' },
    },
  ]);
});

afterAll(async () => closeDatabase?.());

async function walk(filters: import('@/lib/payments/history-query').HistoryFilters) {
  const seen: string[] = [];
  let after: string | undefined;
  do {
    const page = await history.paymentHistoryPage(db, psuId, { ...filters, after }, 7);
    seen.push(...page.rows.map((row) => row.id));
    after = page.next;
  } while (after);
  return seen;
}

describe('payment history paging', () => {
  it('walks every own payment once, newest first, across equal timestamps', async () => {
    const ids = await walk({});
    expect(ids).toHaveLength(57);
    expect(new Set(ids).size).toBe(57);
    const all = await history.paymentHistoryPage(db, psuId, {}, 100);
    expect(all.rows.map((row) => row.id)).toEqual(ids);
    const times = all.rows.map((row) => row.createdAt.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('filters by status, type, search and date, and pages within the filter', async () => {
    const rejected = await walk({ status: 'RJCT' });
    expect(rejected).toHaveLength(12);
    const bulk = await walk({ service: 'bulk-payments' });
    expect(bulk.length).toBeGreaterThan(0);
    expect(await walk({ q: 'guðrún' })).toHaveLength(15);
    expect(await walk({ q: 'ref-1' })).toHaveLength(10);
    expect(await walk({ from: '2026-11-02', to: '2026-11-02' })).toHaveLength(4);
  });

  it('finds a bulk by the name of any recipient of its payments, and only the PSU\u2019s own', async () => {
    const named = async (q: string) =>
      (await history.paymentHistoryPage(db, psuId, { q }, 100)).rows.map((row) => row.reference);
    expect(await named('þórður')).toEqual(['bulk-1']);
    expect(await named('SIGRÍÐUR B')).toEqual(['bulk-2', 'bulk-1']);
    expect(await named('Sigríður%')).toEqual([]);
  });

  it('finds a standing order by the PSU\u2019s own name for it', async () => {
    const [order] = await db
      .insert(paymentsTable)
      .values({
        psuId,
        submissionId: randomUUID(),
        idempotencyKey: randomUUID(),
        service: 'periodic-payments',
        product: 'credit-transfers',
        body: {},
        scaLanguage: 'is',
        uiLocale: 'is',
        amount: '185000',
        currency: 'ISK',
        creditorName: 'Þórður Ólafsson',
        creditorAccount: 'IS870301260012345101696399',
        label: 'Húsaleiga',
        createdAt: new Date(Date.UTC(2026, 9, 1)),
      })
      .returning();
    const found = await history.paymentHistoryPage(db, psuId, { q: 'HÚSAL' }, 100);
    expect(found.rows.map((row) => row.id)).toEqual([order?.id]);
  });

  it('finds what Icelanders type without their letters or accents, the words in their order', async () => {
    const named = async (q: string) =>
      (await history.paymentHistoryPage(db, psuId, { q, service: 'bulk-payments' }, 100)).rows.map(
        (row) => row.reference,
      );
    expect(await walk({ q: 'gudrun' })).toHaveLength(15);
    expect(await walk({ q: 'GUDRUN helgadottir' })).toHaveLength(15);
    expect(await named('thordur olafs')).toEqual(['bulk-1']);
    expect(await named('Thord')).toEqual(['bulk-1']);
    expect(await named('sigridur bjork')).toEqual(['bulk-2', 'bulk-1']);
    // Within one name: one recipient's last name and the next one's first name are no match, nor two names.
    expect(await named('olafsson sigridur')).toEqual([]);
    expect(await named('thordur gudrun')).toEqual([]);
    // An account typed as people write it, hyphens and all, finds the payments to it (all but the two bulks
    // without an account of their own, whose payments' accounts are not searched).
    expect(await walk({ q: '0301-26-001234' })).toHaveLength((await walk({})).length - 2);
    // Numbers typed after a word stay with it: not any payment whose account holds the digits.
    expect(await walk({ q: 'ref 12' })).toHaveLength(1);
  });

  it('folds in the database exactly as foldForSearch does in the browser, for Icelandic and Latin text', async () => {
    const { foldForSearch } = await import('@/lib/payments/saved/payee-match');
    const letters = [...'aábdðeéfghiíjklmnoóprstuúvxyýþæöøßzcqw0123456789 -.–\t%_'];
    const text = fc
      .array(fc.constantFrom(...letters, ...letters.map((letter) => letter.toLocaleUpperCase('is'))), {
        maxLength: 24,
      })
      .map((chars) => chars.join(''));
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        const { rows } = (await db.execute(
          sql`select greidsla_search_fold(${value}) as folded`,
        )) as unknown as {
          rows: { folded: string }[];
        };
        const [row] = rows;
        expect(row?.folded).toBe(foldForSearch(value));
      }),
      { numRuns: 300 },
    );
  });

  it('reads a bulk without its payments where its overview says what the list shows, any other whole', async () => {
    const payments = Array.from({ length: 3 }, (_, i) => ({
      creditorAccount: { iban: 'IS870301260012345101696399' },
      instructedAmount: { currency: 'ISK', amount: String(1000 * (i + 1)) },
      ultimateCreditor: `Starfsmaður ${i}`,
    }));
    const listOverview = {
      amounts: [{ amount: '6000', currency: 'ISK' }],
      recipients: { shown: [{ name: 'Starfsmaður 0', account: null }], others: 2 },
    };
    const values = (overview: typeof listOverview | null) => ({
      psuId,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      service: 'bulk-payments' as const,
      product: 'credit-transfers' as const,
      body: { paymentInformationId: 'laun-mars', requestedExecutionDate: '2027-03-01', payments },
      scaLanguage: 'is' as const,
      uiLocale: 'is' as const,
      amount: '6000',
      currency: 'ISK',
      creditorAccount: '',
      reference: 'laun-mars',
      elementCount: 3,
      listOverview: overview,
      createdAt: new Date(Date.UTC(2027, 0, 1)),
    });
    const [kept, before] = await db
      .insert(paymentsTable)
      .values([values(listOverview), values(null)])
      .returning();
    const listed = (await history.paymentHistoryPage(db, psuId, { q: 'laun-mars' }, 100)).rows;
    const keptRow = listed.find((row) => row.id === kept?.id);
    expect(keptRow?.body).toEqual({
      paymentInformationId: 'laun-mars',
      requestedExecutionDate: '2027-03-01',
    });
    expect(keptRow?.listOverview).toEqual(listOverview);
    // A bulk saved before overviews were kept is read whole, and named from its payments.
    expect(listed.find((row) => row.id === before?.id)?.body).toEqual(before?.body);
  });

  it('gives each payment the day the bank first reported it paid, in Iceland, and none to one not paid', async () => {
    const { paymentEvents } = await import('@/lib/db/schema');
    const payment = (reference: string) => ({
      psuId,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      service: 'payments' as const,
      product: 'credit-transfers' as const,
      body: {},
      scaLanguage: 'is' as const,
      uiLocale: 'is' as const,
      amount: '5000',
      currency: 'ISK',
      creditorAccount: 'IS870301260012345101696399',
      reference,
      phase: 'initiated' as const,
      createdAt: new Date(Date.UTC(2027, 1, 1)),
    });
    const [paid, rejected, waiting] = await db
      .insert(paymentsTable)
      .values([payment('dagur-greidd'), payment('dagur-hafnad'), payment('dagur-bidur')])
      .returning();
    if (!paid || !rejected || !waiting) throw new Error('payments not saved');
    const at = (iso: string) => new Date(iso);
    await db.insert(paymentEvents).values([
      {
        paymentId: paid.id,
        transactionStatus: 'RCVD',
        source: 'initiation',
        occurredAt: at('2027-02-01T10:00:00Z'),
      },
      {
        paymentId: paid.id,
        transactionStatus: 'ACSP',
        source: 'redirect',
        occurredAt: at('2027-02-01T10:01:00Z'),
      },
      // Late in the evening in Reykjavik (UTC all year): that day, not the next.
      {
        paymentId: paid.id,
        transactionStatus: 'ACSC',
        source: 'notification',
        occurredAt: at('2027-02-02T23:59:30Z'),
      },
      {
        paymentId: paid.id,
        transactionStatus: 'ACCC',
        source: 'poll',
        occurredAt: at('2027-02-04T08:00:00Z'),
      },
      {
        paymentId: rejected.id,
        transactionStatus: 'RJCT',
        source: 'poll',
        occurredAt: at('2027-02-01T11:00:00Z'),
      },
      {
        paymentId: waiting.id,
        transactionStatus: 'ACSP',
        source: 'redirect',
        occurredAt: at('2027-02-01T11:00:00Z'),
      },
    ]);
    const rows = (await history.paymentHistoryPage(db, psuId, { q: 'dagur-' }, 10)).rows;
    const paidDayOf = (id: string) => rows.find((row) => row.id === id)?.paidDay;
    expect(paidDayOf(paid.id)).toBe('2027-02-02');
    expect(paidDayOf(rejected.id)).toBeNull();
    expect(paidDayOf(waiting.id)).toBeNull();
  });

  it('treats a search for % or _ as the characters, not as patterns', async () => {
    expect(await walk({ q: '%' })).toHaveLength(0);
    expect(await walk({ q: '_' })).toHaveLength(0);
  });

  it('gives another PSU\u2019s cursor no way into this PSU\u2019s list', async () => {
    const others = await history.paymentHistoryPage(db, otherPsuId, {}, 1);
    const page = await history.paymentHistoryPage(db, psuId, { after: others.next }, 10);
    expect(page.rows).toHaveLength(0);
  });
});
