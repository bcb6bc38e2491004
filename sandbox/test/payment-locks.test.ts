import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../tests/support/postgres.js';
import type { Db, Queryable } from '../src/db/db.js';
import { findAuthorisation } from '../src/db/queries/authorisations.js';
import { findPayment } from '../src/db/queries/payments.js';
import { cancelPayment, SCA_AUTO_APPROVE } from '../src/pis/approval.js';
import { cancelByTpp } from '../src/pis/cancellation.js';
import { runDueTransitions } from '../src/pis/execution.js';
import { decideInBankApp } from '../src/sca/bank-app.js';
import { autoApproveDecoupled, insertAuthorisation } from '../src/sca/decisions.js';
import { openTestBankDatabase } from './helpers.js';

/**
 * Two writers of one payment at once on PostgreSQL: a request deciding it and the bank's pass of due steps. Each
 * is stopped by the test just after a chosen statement while the other runs up to the row it waits for, the
 * moment no timing can arrange on purpose. Neither may fail (a deadlock would answer the PSU 500), and the one
 * that waited decides on the payment as the other left it. Skipped on PGlite, which runs one transaction at a time.
 */

const DELAYS = { acsp: 60, acsc: 120 };

let db: Db;

beforeAll(async () => {
  if (testDatabaseUrl()) db = await openTestBankDatabase();
});
afterAll(() => db?.close());

/** An authorised payment (ACTC) whose next step (`step`, if any) is already due; `approach` its SCA approach. */
async function authorisedWithStepDue(
  step: 'PDNG' | 'ACCP' | null,
  approach: 'REDIRECT' | 'IOBWS',
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO payments (id, client_id, payment_service, payment_product, body, transaction_status, request_hash,
       response, psu_accept_language, x_request_id, created_at, updated_at, sca_approach)
     VALUES ($1, 'locks', 'payments', 'sepa-credit-transfers', '{}', 'ACTC', 'h', '{}', 'en', 'x', 0, 0, $2)`,
    [id, approach],
  );
  if (step === null) return id;
  await db.query(
    `INSERT INTO scheduled_transitions (payment_id, to_status, due_at, params) VALUES ($1, $2, 0, $3)`,
    [id, step, JSON.stringify({ until: '2099-01-02' })],
  );
  return id;
}

/** `db` whose transactions stop after their first statement matching `after` until `meanwhile` returns. */
function pausing(after: RegExp, meanwhile: () => Promise<unknown>): Db {
  return {
    ...db,
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      let paused = false;
      return db.transaction((tx) =>
        fn({
          async query<R>(sql: string, params?: unknown[]) {
            const rows = await tx.query<R>(sql, params);
            if (!paused && after.test(sql)) {
              paused = true;
              await meanwhile();
            }
            return rows;
          },
        }),
      );
    },
  };
}

/** Starts `work`; once it waits for a row another transaction holds, or has ended, its outcome to await. */
async function untilWaitingOrDone<T>(work: () => Promise<T>): Promise<{ outcome: Promise<T> }> {
  const running = work();
  let settled = false;
  running.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let look = 0; look < 250 && !settled; look++) {
    const [waiting] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((waiting?.count ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { outcome: running };
}

async function statusHistory(paymentId: string): Promise<string[]> {
  const rows = await db.query<{ transaction_status: string }>(
    'SELECT transaction_status FROM payment_status_history WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
  return rows.map((row) => row.transaction_status);
}

// Skipped without a PostgreSQL server (CI's TEST_DATABASE_URL pass runs it): PGlite runs one transaction at a time,
// so no two writers can ever hold rows at once there.
describe.skipIf(!testDatabaseUrl())('two writers of one payment on PostgreSQL', () => {
  it('a cancellation that holds the payment while the pass of due steps runs: both end, the payment CANC', async () => {
    const paymentId = await authorisedWithStepDue('PDNG', 'REDIRECT');
    let pass: { outcome: Promise<number> } | undefined;
    // The cancellation has set CANC (its payment row is held) and has yet to drop the payment's steps.
    const cancelling = pausing(/^\s*UPDATE payments\b/, async () => {
      pass = await untilWaitingOrDone(() => runDueTransitions(db, {}));
    });
    await cancelling.transaction(async (tx) => cancelPayment(tx, paymentId, 'cancelled by the PSU', 1));
    await expect(pass?.outcome).resolves.toBeTypeOf('number');
    expect((await findPayment(db, paymentId))?.transaction_status).toBe('CANC');
    expect(await statusHistory(paymentId)).toEqual(['CANC']);
    // The step it dropped is not taken later either.
    await runDueTransitions(db, {});
    expect(await statusHistory(paymentId)).toEqual(['CANC']);
  });

  it('the pass approving a decoupled cancellation while the PSU approves it in the app: both end, once', async () => {
    const paymentId = await authorisedWithStepDue(null, 'REDIRECT');
    const authorisationId = randomUUID();
    await db.transaction((tx) =>
      insertAuthorisation(
        tx,
        {
          id: authorisationId,
          paymentId,
          kind: 'cancellation',
          scaStatus: 'started',
          approach: 'DECOUPLED',
          methodId: null,
        },
        0,
        DELAYS,
      ),
    );
    await db.query(
      `UPDATE scheduled_transitions SET due_at = 0 WHERE authorisation_id = $1 AND to_status = $2`,
      [authorisationId, SCA_AUTO_APPROVE],
    );
    const authorisation = await findAuthorisation(db, authorisationId);
    if (!authorisation) throw new Error('no authorisation');
    let decided: { outcome: Promise<boolean> } | undefined;
    // The pass has read the payment of its step; the PSU's approval in the app runs up to what it waits for.
    const pass = pausing(/\bFROM payments\b/, async () => {
      decided = await untilWaitingOrDone(() => decideInBankApp(db, DELAYS, authorisation, 'approve'));
    });
    await runDueTransitions(pass, { [SCA_AUTO_APPROVE]: autoApproveDecoupled });
    // The pass approved it first; the PSU's approval then finds it decided.
    expect(await decided?.outcome).toBe(false);
    expect((await findAuthorisation(db, authorisationId))?.sca_status).toBe('finalised');
    expect(await statusHistory(paymentId)).toEqual(['CANC']);
  });

  it("the TPP's cancellation while the pass moves the payment past where it may be cancelled: too late", async () => {
    // At an IOBWS bank DELETE alone cancels an authorised payment until it is executing (ACCP onwards).
    const paymentId = await authorisedWithStepDue('ACCP', 'IOBWS');
    const asRead = await findPayment(db, paymentId);
    if (!asRead) throw new Error('no payment');
    let cancelled: { outcome: ReturnType<typeof cancelByTpp> } | undefined;
    // The pass holds the payment; the TPP's DELETE, with the payment as it read it (ACTC), runs meanwhile.
    const pass = pausing(/\bFROM payments\b/, async () => {
      cancelled = await untilWaitingOrDone(() => cancelByTpp(db, asRead));
    });
    await runDueTransitions(pass, {});
    expect(await cancelled?.outcome).toEqual({ outcome: 'too-late', transactionStatus: 'ACCP' });
    expect(await statusHistory(paymentId)).toEqual(['ACCP']);
  });
});
