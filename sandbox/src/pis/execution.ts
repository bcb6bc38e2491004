import { claimRefusalOf, settleClaims } from '../claims/settlement.js';
import type { Db, Queryable } from '../db/db.js';
import {
  accountFunds,
  adjustBalance,
  findAccountByReference,
  keepsBankCode,
} from '../db/queries/accounts.js';
import { findCard } from '../db/queries/cards.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  insertPeriodicExecution,
  lockPayment,
  type PaymentRow,
  periodicExecutionRecorded,
  recordStatus,
  setElementStatuses,
} from '../db/queries/payments.js';
import {
  lockDueTransitions,
  markTransitionDone,
  type TransitionRow,
} from '../db/queries/scheduled-transitions.js';
import { convertMinor, toMinorUnits } from '../shared/money.js';
import { cancelPendingTransitions, rejectPayment, scheduleTransition, standingOrder } from './approval.js';
import { executionDates } from './calendar.js';
import { FINAL_STATUSES } from './payments.js';

/**
 * Execution of approved payments on the sandbox clock. Steps are rows in `scheduled_transitions` (scheduled by
 * ./approval.ts), so a restart carries on where the previous process stopped. At ACSP the funds are checked
 * (RJCT with AM04 when short); at ACSC the debtor is debited and a creditor at this bank credited (ACCC, or
 * ACWP when its account takes no credits; a bulk's elements and each execution of a standing order credit theirs
 * alike, in the transaction that debits). Variants (README "Transaction statuses"):
 * - short of funds with `TPP-Rejection-No-Funds-Preferred: false`: PDNG, funds re-checked hourly for 24 hours;
 * - bulk with elements to unknown accounts at this bank: PART (the others are booked) or RJCT (all bad);
 * - periodic: one debit (and credit) per execution date until `endDate` (then ACSC); an order that names no
 *   creditor account is rejected instead of accepted (RJCT, CH21).
 */

const FUNDS_RECHECK_MS = 3_600_000;
const FUNDS_RECHECK_ATTEMPTS = 24;

async function hasFunds(tx: Queryable, payment: PaymentRow, amountMinor?: bigint): Promise<boolean> {
  if (!payment.debtor_iban || payment.total_minor === null) return true;
  // Payments accepted for execution (ACSP) but not yet debited hold their amount.
  const funds = await accountFunds(tx, payment.debtor_iban, { lock: true, exceptPaymentId: payment.id });
  const balance = funds?.balanceMinor ?? 0n;
  const held = funds?.heldMinor ?? 0n;
  return balance - held >= (amountMinor ?? BigInt(payment.total_minor));
}

async function debit(tx: Queryable, iban: string | null, minor: bigint) {
  if (!iban) return;
  await adjustBalance(tx, iban, -minor);
}

type Amount = { currency: string; amount: string };
type Reference = { iban?: string | null; bban?: string | null; maskedPan?: string | null };

/**
 * Credits the account at this bank that a transfer (a single payment, a bulk element, one execution of a standing
 * order) pays `amount` into: the account named by `iban` or by a 22-digit `bban`, or for a card deposit the account
 * behind the card. `credited` once it is; `not-posted` when the account takes no credits; `elsewhere` when no
 * account here is named (another bank's, a claim key, which settleClaims credits to the claim's deposit account).
 * It runs in the step that debits the debtor, in the same transaction: a step is taken once (its row is held and
 * marked done there, runDueTransitions), so the credit is made once with the debit, or not at all.
 */
async function creditAccountHere(
  tx: Queryable,
  creditor: Reference | undefined,
  amount: Amount | undefined,
  product: string,
): Promise<{ outcome: 'credited' | 'not-posted' | 'elsewhere'; card: boolean }> {
  const card =
    product === 'card-deposits' && creditor?.maskedPan ? await findCard(tx, creditor.maskedPan) : undefined;
  const iban = card?.account_iban ?? creditor?.iban?.replaceAll(' ', '').toUpperCase();
  const account = iban
    ? await findAccountByReference(tx, { iban })
    : creditor?.bban
      ? await findAccountByReference(tx, { bban: creditor.bban })
      : undefined;
  if (!account || !amount) return { outcome: 'elsewhere', card: Boolean(card) };
  if (account.credit_blocked) return { outcome: 'not-posted', card: Boolean(card) };
  const minor = convertMinor(toMinorUnits(amount.amount, amount.currency), amount.currency, account.currency);
  await adjustBalance(tx, account.iban, minor);
  return { outcome: 'credited', card: Boolean(card) };
}

/** `creditAccountHere` of a single payment, or of one execution of a standing order: its one creditor account. */
function creditPaymentsCreditor(tx: Queryable, payment: PaymentRow) {
  return creditAccountHere(
    tx,
    payment.body.creditorAccount as Reference | undefined,
    payment.body.instructedAmount as Amount | undefined,
    payment.payment_product,
  );
}

/**
 * A single payment's creditor account at this bank: credited (ACCC), or not posted (ACWP) when it takes no credits.
 * A card deposit credits the account behind the card.
 */
async function postToCreditor(tx: Queryable, payment: PaymentRow, now: number) {
  const { outcome, card } = await creditPaymentsCreditor(tx, payment);
  if (outcome === 'not-posted') {
    await recordStatus(tx, payment.id, 'ACWP', 'creditor account takes no credits', now);
    return;
  }
  if (outcome === 'credited') {
    await recordStatus(
      tx,
      payment.id,
      'ACCC',
      card ? 'credited to the account behind the card' : 'credited to the creditor account at this bank',
      now,
    );
    return;
  }
  if (payment.sca_approach === 'IOBWS') {
    await recordStatus(tx, payment.id, 'ACCC', 'settled through domestic clearing', now);
  }
}

/**
 * The booked elements of a bulk (`rejected` left out) credit their creditor accounts at this bank, each once; an
 * account that takes no credits is not posted. The bulk's own status stays as booked (ACSC or PART).
 */
async function postBulkToCreditors(
  tx: Queryable,
  payment: PaymentRow,
  rejected: ReadonlySet<number> = new Set(),
) {
  const elements =
    (payment.body.payments as
      | Array<{ creditorAccount?: Reference; instructedAmount?: Amount }>
      | undefined) ?? [];
  for (const [index, element] of elements.entries()) {
    if (rejected.has(index)) continue;
    await creditAccountHere(tx, element.creditorAccount, element.instructedAmount, payment.payment_product);
  }
}

/**
 * Whether a standing order names the account it pays. Payment spec 2.2 (and IOBWS 3.2's
 * `periodicPaymentInitiationDomestic_json`) leave `creditorAccount` out of the required list, so an order without
 * one is taken; but an execution pays an account, so the bank does not accept it for execution: RJCT at the step
 * that would have been ACSP, with ISO 20022's CH21 (a required element missing), before any execution debits
 * the debtor (docs/sandbox-extras.md).
 */
function namesCreditorAccount(body: Record<string, unknown>): boolean {
  const creditor = body.creditorAccount as Record<string, unknown> | null | undefined;
  return ['iban', 'bban', 'maskedPan', 'msisdn'].some((key) => typeof creditor?.[key] === 'string');
}

/**
 * Bulk elements whose creditor IBAN belongs to this bank (a bank-and-branch code of accounts it keeps) but names no
 * account here are rejected (AC03).
 */
async function badBulkElements(tx: Queryable, payment: PaymentRow): Promise<Set<number>> {
  const bad = new Set<number>();
  const elements = (payment.body.payments as Array<{ creditorAccount?: Reference }> | undefined) ?? [];
  for (const [index, element] of elements.entries()) {
    const iban = element.creditorAccount?.iban;
    if (!iban?.startsWith('IS') || !(await keepsBankCode(tx, iban.slice(4, 8)))) continue;
    if (!(await findAccountByReference(tx, { iban }))) bad.add(index);
  }
  return bad;
}

async function shortOfFunds(
  tx: Queryable,
  payment: PaymentRow,
  now: number,
  params: Record<string, unknown> | null,
) {
  if (payment.no_funds_preferred === false) {
    await cancelPendingTransitions(tx, payment.id);
    if (payment.transaction_status !== 'PDNG')
      await recordStatus(tx, payment.id, 'PDNG', 'AM04 waiting for funds', now);
    await scheduleTransition(tx, payment.id, 'FUNDS_RECHECK', now + FUNDS_RECHECK_MS, {
      attempt: 1,
      acscAfterAcsp: params?.acscAfterAcsp ?? 1000,
    });
    return;
  }
  await rejectPayment(tx, payment.id, 'AM04 insufficient funds', now);
}

/**
 * Steps of an authorisation rather than of the payment (decoupled SCA's automatic approval), run by the SCA
 * module: the bank passes them in (server.ts), so payment execution does not depend on SCA.
 */
export type AuthorisationSteps = Record<
  string,
  (
    tx: Queryable,
    authorisationId: string,
    params: Record<string, unknown> | null,
    now: number,
  ) => Promise<void>
>;

async function applyTransition(
  tx: Queryable,
  payment: PaymentRow,
  t: TransitionRow,
  authorisationSteps: AuthorisationSteps,
) {
  const now = t.due_at;
  switch (t.to_status) {
    case 'PDNG':
      await recordStatus(
        tx,
        payment.id,
        'PDNG',
        `waiting for the execution date ${t.params?.until ?? ''}`,
        now,
      );
      return;
    case 'ACWC':
      await recordStatus(
        tx,
        payment.id,
        'ACWC',
        `execution date moved to the next business day ${t.params?.movedTo ?? ''}`,
        now,
      );
      return;
    case 'ACCP':
      await recordStatus(tx, payment.id, 'ACCP', 'customer profile checked', now);
      return;
    case 'ACFC':
      if (!(await hasFunds(tx, payment))) return shortOfFunds(tx, payment, now, t.params);
      await recordStatus(tx, payment.id, 'ACFC', 'funds checked', now);
      return;
    case 'ACSP': {
      if (payment.payment_service === 'periodic-payments') {
        if (!namesCreditorAccount(payment.body))
          return rejectPayment(
            tx,
            payment.id,
            'CH21 no creditorAccount: the standing order pays no one',
            now,
          );
        await recordStatus(tx, payment.id, 'ACSP', 'standing order accepted', now);
        return;
      }
      if (payment.payment_service === 'bulk-payments') {
        const bad = await badBulkElements(tx, payment);
        if (bad.size > 0) return settleBulkPartly(tx, payment, bad, now);
      }
      const refused = await claimRefusalOf(tx, payment);
      if (refused) return rejectPayment(tx, payment.id, refused, now);
      if (payment.transaction_status !== 'ACFC' && !(await hasFunds(tx, payment)))
        return shortOfFunds(tx, payment, now, t.params);
      await recordStatus(tx, payment.id, 'ACSP', null, now);
      return;
    }
    case 'FUNDS_RECHECK': {
      const attempt = Number(t.params?.attempt ?? 1);
      if (await hasFunds(tx, payment)) {
        await recordStatus(tx, payment.id, 'ACSP', 'funds arrived', now);
        await scheduleTransition(tx, payment.id, 'ACSC', now + Number(t.params?.acscAfterAcsp ?? 1000));
      } else if (attempt >= FUNDS_RECHECK_ATTEMPTS) {
        await rejectPayment(tx, payment.id, 'AM04 insufficient funds', now);
      } else {
        await scheduleTransition(tx, payment.id, 'FUNDS_RECHECK', now + FUNDS_RECHECK_MS, {
          ...t.params,
          attempt: attempt + 1,
        });
      }
      return;
    }
    case 'ACSC': {
      if (payment.transaction_status !== 'ACSP') return;
      // Two payments of one claim accepted at once: the one booked first pays it (or part), the other is not booked.
      const refused = await claimRefusalOf(tx, payment);
      if (refused) return rejectPayment(tx, payment.id, refused, now);
      if (payment.total_minor !== null) await debit(tx, payment.debtor_iban, BigInt(payment.total_minor));
      await recordStatus(tx, payment.id, 'ACSC', null, now);
      if (payment.payment_service === 'bulk-payments') await postBulkToCreditors(tx, payment);
      else await postToCreditor(tx, payment, now);
      await settleClaims(tx, payment, now);
      return;
    }
    case 'PERIODIC_EXECUTE':
      return executeStandingOrder(tx, payment, t, now);
    default: {
      const step = authorisationSteps[t.to_status];
      if (step && t.authorisation_id) await step(tx, t.authorisation_id, t.params, now);
    }
  }
}

async function settleBulkPartly(tx: Queryable, payment: PaymentRow, bad: Set<number>, now: number) {
  const elements = (payment.body.payments as Array<{ instructedAmount: Amount }> | undefined) ?? [];
  const currency = payment.total_currency ?? 'ISK';
  let good = 0n;
  for (const [index, element] of elements.entries()) {
    if (bad.has(index)) continue;
    const a = element.instructedAmount;
    good += convertMinor(toMinorUnits(a.amount, a.currency), a.currency, currency);
  }
  const statuses = elements.map((_, index) => ({
    index,
    transactionStatus: bad.has(index) ? 'RJCT' : 'ACSC',
    reason: bad.has(index) ? 'AC03 creditor account unknown at this bank' : null,
  }));
  if (bad.size === elements.length || !(await hasFunds(tx, payment, good))) {
    await setElementStatuses(
      tx,
      payment.id,
      statuses.map((s) => ({ ...s, transactionStatus: 'RJCT', reason: s.reason ?? 'AM04' })),
    );
    await rejectPayment(
      tx,
      payment.id,
      bad.size === elements.length ? 'AC03 every creditor account unknown' : 'AM04 insufficient funds',
      now,
    );
    return;
  }
  await debit(tx, payment.debtor_iban, good);
  await setElementStatuses(tx, payment.id, statuses, good);
  await recordStatus(
    tx,
    payment.id,
    'PART',
    `${bad.size} of ${elements.length} payments rejected (AC03)`,
    now,
  );
  // The booked elements credit their accounts here and pay their claims as they would in a bulk booked whole.
  await postBulkToCreditors(tx, payment, bad);
  await settleClaims(tx, payment, now, bad);
  await cancelPendingTransitions(tx, payment.id);
}

async function executeStandingOrder(tx: Queryable, payment: PaymentRow, t: TransitionRow, now: number) {
  const index = Number(t.params?.index ?? 0);
  const date = String(t.params?.date ?? '');
  // An execution date is executed once: a second step for a date already recorded debits and credits nothing, and
  // schedules nothing (the first scheduled the next).
  if (await periodicExecutionRecorded(tx, payment.id, date)) return;
  const ok = await hasFunds(tx, payment);
  if (ok && payment.total_minor !== null) {
    await debit(tx, payment.debtor_iban, BigInt(payment.total_minor));
    await creditPaymentsCreditor(tx, payment);
  }
  await insertPeriodicExecution(tx, {
    paymentId: payment.id,
    executionDate: date,
    status: ok ? 'ACSC' : 'RJCT',
    at: now,
  });
  // Each execution pays a claim as a single payment would (claims/settlement.ts), as an element of its own.
  if (ok) await settleClaims(tx, payment, now, new Set(), index);
  const next = executionDates(standingOrder(payment), index + 2)[index + 1];
  if (next) {
    await scheduleTransition(
      tx,
      payment.id,
      'PERIODIC_EXECUTE',
      Math.max(Date.parse(`${next}T00:00:00Z`), now) + Math.max(0, now - Date.parse(`${date}T00:00:00Z`)),
      { index: index + 1, date: next },
    );
  } else if (typeof payment.body.endDate === 'string') {
    if (payment.transaction_status !== 'ACSP') await recordStatus(tx, payment.id, 'ACSP', null, now);
    await recordStatus(tx, payment.id, 'ACSC', `standing order completed after ${index + 1} executions`, now);
  }
}

/**
 * Applies the transitions due on the sandbox clock. A step whose payment another transaction is changing (a
 * PSU's decision, a cancellation) waits for a later pass: that change may drop it. Returns how many were taken.
 */
export async function runDueTransitions(db: Db, authorisationSteps: AuthorisationSteps): Promise<number> {
  return db.transaction(async (tx) => {
    const now = await sandboxNow(tx);
    const due = await lockDueTransitions(tx, now);
    let taken = 0;
    for (const transition of due) {
      const payment = await lockPayment(tx, transition.payment_id, { ifFree: true });
      if (!payment) continue;
      await markTransitionDone(tx, transition.id);
      taken++;
      if (FINAL_STATUSES.has(payment.transaction_status)) continue;
      // Each step is stamped with its own due time, so the history reads as the sandbox clock ran.
      await applyTransition(tx, payment, transition, authorisationSteps);
    }
    return taken;
  });
}

/** Steps that become due through earlier steps (ACSP then ACSC at once) run in the same pass: up to 50 rounds. */
export async function drainDueTransitions(db: Db, authorisationSteps: AuthorisationSteps): Promise<void> {
  for (let round = 0; round < 50; round++) {
    if ((await runDueTransitions(db, authorisationSteps)) === 0) break;
  }
}
