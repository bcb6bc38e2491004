// Many payments for one PSU, in a few statements, for the history benchmarks (bench/history-page.ts,
// bench/browser-paths.ts).
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { freshAppDatabase } from '@/tests/support/app-database';
import { rowsOf } from './support';

/**
 * The app's database at `appDataDir`, opened in this process to seed it before the app starts there: a copy of
 * the tests' migrated template (much faster than migrating a new PGlite dir), with `psuId` finding a PSU by e-mail.
 */
export async function seedableAppDatabase(appDataDir: string) {
  delete process.env.TEST_DATABASE_URL;
  const { APP_DATA_DIR: template } = await freshAppDatabase();
  if (template) cpSync(template, appDataDir, { recursive: true });
  Object.assign(process.env, {
    APP_DATA_DIR: appDataDir,
    DATABASE_URL: '',
    AUTH_SECRET: randomBytes(33).toString('base64'),
    LOG_LEVEL: 'error',
  });
  const { getDb, closeDatabase } = await import('@/lib/db');
  const db = await getDb();
  const psuId = async (email: string) => {
    const [psu] = rowsOf<{ id: string }>(await db.execute(sql`select id from psus where email = ${email}`));
    if (!psu) throw new Error(`the demo PSU ${email} was not seeded`);
    return psu.id;
  };
  return { db, psuId, closeDatabase };
}

/** Every status of a seeded payment, in turn; the final ones alone leave the app nothing to poll. */
export const mixedStatuses = ['ACSC', 'ACSC', 'ACSC', 'ACSP', 'RJCT', 'CANC', 'RCVD'];
export const finalStatuses = ['ACSC', 'ACSC', 'ACSC', 'RJCT', 'CANC'];

/**
 * `count` initiated payments of `psuId` over three years from 2023-01-01, taking `statuses` in turn.
 * Timestamps are whole milliseconds (as JavaScript writes them) and every seventh repeats the one
 * before, so that the (created_at, id) order is exercised where created_at ties.
 */
export async function insertPaymentHistory(
  db: Db,
  psuId: string,
  count: number,
  statuses: readonly string[] = mixedStatuses,
): Promise<void> {
  const batch = 25_000;
  const statusArray = `{${statuses.join(',')}}`;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      insert into payments (psu_id, submission_id, idempotency_key, service, product, body,
        sca_language, ui_locale, phase, transaction_status, bank_payment_id, amount, currency,
        creditor_name, creditor_account, reference, created_at, updated_at)
      select ${psuId}::uuid, gen_random_uuid(), gen_random_uuid(),
        case when i % 10 = 0 then 'bulk-payments' when i % 10 = 1 then 'periodic-payments' else 'payments' end,
        'credit-transfers',
        jsonb_build_object(
          'debtorAccount', jsonb_build_object('iban', 'IS140159260076545510730339'),
          'creditorAccount', jsonb_build_object('iban', 'IS870301260012345101696399'),
          'instructedAmount', jsonb_build_object('currency', 'ISK', 'amount', (1000 + i)::text),
          'remittanceInformationUnstructured', 'Reikningur ' || i),
        'is', 'is', 'initiated',
        (${statusArray}::text[])[1 + i % ${statuses.length}],
        md5(${psuId}::text || i::text),
        (1000 + i)::text, 'ISK', 'Viðtakandi ' || (i % 500), 'IS870301260012345101696399',
        'Reikningur ' || i,
        ts, ts
      from (
        select i, timestamptz '2023-01-01T00:00:00Z'
          + ((i - (i % 7 = 0)::int) * (94608000000 / ${count}::bigint)) * interval '1 millisecond' as ts
        from generate_series(${from}::int, ${to}::int) as i
      ) as s`);
  }
  await db.execute(sql`analyze payments`);
}
