import type { PaymentService } from '@/lib/bank/payments';
import { reykjavikDateOf, todayInReykjavik } from './calendar/date-time';

/** Transaction statuses of spec part 3. */
export const transactionStatuses = [
  'RCVD',
  'ACTC',
  'ACCP',
  'ACFC',
  'ACSP',
  'ACWC',
  'ACWP',
  'ACSC',
  'ACCC',
  'PDNG',
  'PATC',
  'PART',
  'RJCT',
  'CANC',
] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/**
 * The statuses in which the bank reports a payment paid, in whole or in part (ACSC debited, ACCC credited, PART
 * some of a bulk): the first of them gives the day a payment made as soon as possible was paid.
 */
export const reportedPaidStatuses: readonly string[] = ['ACSC', 'ACCC', 'PART'] satisfies TransactionStatus[];

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === 'string' && (transactionStatuses as readonly string[]).includes(value);
}

/**
 * The status model: what a transactionStatus (payment spec part 3) means for the PSU and for how
 * often we ask the bank, read with the Berlin Group status model (BG IG 4.14.1).
 *
 * - `awaiting-psu` RCVD: the bank waits for the PSU's authorisation.
 * - `awaiting-signer` PATC: "some but not all" authorisations done; another signer is due.
 * - `in-progress` ACTC, ACCP, ACFC, ACSP, ACWC, PDNG: accepted and being carried out; a code the
 *   spec does not list is read the same way (the bank says more, we keep asking).
 * - `standing` a periodic payment accepted for execution (ACTC, ACCP, ACFC, ACSP, ACWC): BG IG
 *   4.14.1, "periodic payments ... are not directly executed after initiation ... The end status
 *   during the payment initiation process then is ACTC or ACCP". Nothing changes until an
 *   execution date or a cancellation.
 * - `debited` ACSC: "settlement on the debtor's account completed". Settled for the PSU, but not
 *   the end: "for instant payments, the additional transaction status ACCC ... might be used in
 *   addition ... after some period" (BG IG 4.14.1).
 * - `partial` PART: "some transactions accepted, others not yet accepted; ... some payments were rejected"
 *   (spec part 3): decided for the PSU (nothing left to confirm or cancel), not yet paid as such; what the
 *   bank does with the accepted ones is read as after ACSC, and each payment's own result says whether it was paid.
 * - the ends, after which the bank reports no further change: `completed` ACCC (settled on the
 *   creditor's account), `not-posted` ACWP (accepted without being posted to the creditor's
 *   account), `rejected` RJCT, `cancelled` CANC.
 */
export type StatusClass =
  | 'awaiting-psu'
  | 'awaiting-signer'
  | 'in-progress'
  | 'standing'
  | 'debited'
  | 'completed'
  | 'not-posted'
  | 'partial'
  | 'rejected'
  | 'cancelled';

const ends: Readonly<Record<string, StatusClass>> = {
  ACCC: 'completed',
  ACWP: 'not-posted',
  RJCT: 'rejected',
  CANC: 'cancelled',
};

const acceptedForExecution = new Set(['ACTC', 'ACCP', 'ACFC', 'ACSP', 'ACWC']);

/**
 * A standing order's settlement statuses report one of its executions ("after some period", BG IG 4.14.1), not the
 * end of the order, which goes on paying on its dates: only a rejection or a cancellation ends it, and until then
 * the PSU may stop it.
 */
const executionReports = new Set(['ACSC', 'ACCC', 'ACWP']);
const standingOrderEnds: ReadonlySet<string> = new Set(['RJCT', 'CANC']);

/**
 * The statuses a standing order's badge reads alike, as "Active" ("Virk"; messages `status.*.standingLabel`):
 * accepted for execution, and each execution reported. ACWC is "Active with a change", told apart.
 */
export const standingOrderActiveStatuses: ReadonlySet<string> = new Set(
  [...acceptedForExecution, ...executionReports].filter((status) => status !== 'ACWC'),
);

/**
 * What the status model reads of a payment: its service, and for a standing order its last day (spec 2.2 `endDate`),
 * after which a settlement status is the order's end (our bank reports ACSC once the last execution is done). A
 * bare service is a payment whose last day is not known.
 */
export type StatusSubject = PaymentService | { service: PaymentService; body?: unknown };

const serviceOf = (subject: StatusSubject) => (typeof subject === 'string' ? subject : subject.service);

/** A standing order whose last day has passed, in Iceland. */
function pastItsLastDay(subject: StatusSubject): boolean {
  if (typeof subject === 'string' || subject.service !== 'periodic-payments') return false;
  const endDate = (subject.body as { endDate?: unknown } | null | undefined)?.endDate;
  const lastDay = typeof endDate === 'string' ? reykjavikDateOf(endDate) : undefined;
  return lastDay !== undefined && lastDay < todayInReykjavik();
}

/** A standing order still running as its bank reports it: accepted, or one of its executions settled. */
function standsAsReported(status: string, subject: StatusSubject): boolean {
  if (serviceOf(subject) !== 'periodic-payments') return false;
  return acceptedForExecution.has(status) || (executionReports.has(status) && !pastItsLastDay(subject));
}

export function statusClass(status: string | null | undefined, subject: StatusSubject): StatusClass {
  if (!status || status === 'RCVD') return 'awaiting-psu';
  if (standsAsReported(status, subject)) return 'standing';
  if (Object.hasOwn(ends, status)) return ends[status] as StatusClass;
  if (status === 'PART') return 'partial';
  if (status === 'PATC') return 'awaiting-signer';
  if (status === 'ACSC') return 'debited';
  return 'in-progress';
}

/** Whether the bank waits for an authorisation of the payment: the PSU's (RCVD), or the next signer's (PATC). */
export function awaitsAuthorisation(statusClass: StatusClass | null): boolean {
  return statusClass === 'awaiting-psu' || statusClass === 'awaiting-signer';
}

const finalClasses: ReadonlySet<StatusClass> = new Set(['completed', 'not-posted', 'rejected', 'cancelled']);

/** Final as the bank means it: no further change will be reported, so nothing is polled any more. */
export function isFinalStatus(status: string | null | undefined, subject: StatusSubject): boolean {
  if (typeof status !== 'string') return false;
  if (serviceOf(subject) !== 'periodic-payments') return Object.hasOwn(ends, status);
  return standingOrderEnds.has(status) || (Object.hasOwn(ends, status) && pastItsLastDay(subject));
}

/** The final statuses of a single or bulk payment, and of a standing order. */
export const finalStatusList: readonly string[] = Object.keys(ends);
export const standingOrderEndList: readonly string[] = [...standingOrderEnds];
/** The statuses of a standing order still running as its bank reports it (class `standing`, read once a day). */
export const standingOrderRunningList: readonly string[] = [...acceptedForExecution, ...executionReports];

/**
 * Settled for the PSU: what happens to their money is decided (debited, paid, rejected, cancelled);
 * there is nothing left for them to confirm or to cancel. ACSC is settled but not final; a standing order is
 * settled only once it has ended.
 */
export function isSettledForPsu(status: string | null | undefined, subject: StatusSubject): boolean {
  if (serviceOf(subject) === 'periodic-payments')
    return isFinalStatus(status, subject) || (status === 'ACSC' && pastItsLastDay(subject));
  return status === 'ACSC' || status === 'PART' || isFinalStatus(status, subject);
}

/**
 * Seconds between readings of the bank, by class; the last entry repeats. `checks` bounds how many
 * readings a class gets before it is left to notifications, the PSU's visits and the start-up sweep.
 *
 * - While the PSU or the bank is busy: quick at first (the PSU is likely still at the bank), then
 *   slower, so that a lost notification costs minutes at most; about three days in all.
 * - ACSC: ACCC may follow "after some period", or never ("these later transaction statuses do not
 *   need to be reflected in the XS2A interface", BG IG 4.14.1): a minute, then ever more slowly,
 *   for about two days.
 * - A standing order accepted for execution: once a day. It changes only on an execution date or
 *   when the PSU cancels it (in their online bank too), so a daily reading notices either within a
 *   day; a notification or the PSU opening the payment reads it at once.
 */
/** After ACSC or PART: a minute, then ever more slowly, for about two days. */
const afterSettlement = {
  delaysSeconds: [60, 300, 900, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600],
  checks: 8,
} as const;

const pollingSchedules: Readonly<
  Record<StatusClass, { delaysSeconds: readonly number[]; checks: number } | undefined>
> = {
  'awaiting-psu': { delaysSeconds: [2, 5, 10, 30, 60, 120, 300, 600, 900], checks: 300 },
  'awaiting-signer': { delaysSeconds: [2, 5, 10, 30, 60, 120, 300, 600, 900], checks: 300 },
  'in-progress': { delaysSeconds: [2, 5, 10, 30, 60, 120, 300, 600, 900], checks: 300 },
  debited: afterSettlement,
  // PART: some of a bulk accepted, the others rejected (spec part 3); what becomes of the accepted ones follows.
  partial: afterSettlement,
  standing: { delaysSeconds: [24 * 3600], checks: Number.POSITIVE_INFINITY },
  completed: undefined,
  'not-posted': undefined,
  rejected: undefined,
  cancelled: undefined,
};

/** Seconds until reading number `check` (from 0) of a payment in this class, or undefined: no more readings. */
export function nextCheckSeconds(statusClass: StatusClass, check: number): number | undefined {
  const schedule = pollingSchedules[statusClass];
  if (!schedule || check >= schedule.checks) return undefined;
  return schedule.delaysSeconds[Math.min(check, schedule.delaysSeconds.length - 1)];
}

/** The longest wait between two readings of a payment in this class; undefined for a class not read. */
export function longestCheckSeconds(statusClass: StatusClass): number | undefined {
  const schedule = pollingSchedules[statusClass];
  return schedule && Math.max(...schedule.delaysSeconds);
}

/** How long after its last change an ACSC or PART payment is still read: the whole of its schedule. */
export const debitedFollowUpSeconds = afterSettlement.delaysSeconds.reduce<number>(
  (sum, seconds) => sum + seconds,
  0,
);

/**
 * How often the payment's open page asks us again (we read the bank on each ask that is not final):
 * every two seconds while something is under way, every half minute after ACSC while ACCC may still
 * come, and not at all for a standing order at rest or a final status.
 */
export function liveRefreshMs(statusClass: StatusClass): number | false {
  if (finalClasses.has(statusClass) || statusClass === 'standing') return false;
  return statusClass === 'debited' || statusClass === 'partial' ? 30_000 : 2_000;
}

/** The statuses of a payment that waits for an authorisation: before the bank accepted it (BG IG 4.14.1). */
const awaitingAuthorisation: ReadonlySet<string> = new Set(['RCVD', 'PATC']);

/**
 * Whether a reading may replace the status we hold. The bank does not take a final status back, nor
 * a settled one to before settlement, nor an accepted one (ACTC, PDNG, ACSP…) back to waiting for an
 * authorisation (RCVD, PATC): such a reading is a stale answer that arrived after a newer one (a
 * notification's re-read racing the poll), and is dropped; recorded, it would tell the PSU that nothing
 * is paid until they confirm, of a payment that will be paid. ACSC may still become ACCC.
 */
export function mayReplace(
  current: string | null | undefined,
  reading: string,
  {
    subject,
    awaitingPsu = false,
  }: {
    /** The payment, or its service: what the status model reads of it. */
    subject: StatusSubject;
    /**
     * The bank still awaits the PSU's authorisation of the payment, whose status has not moved from the initiation
     * answer's (lib/payments/sca.ts `awaitsAuthorisation`): that answer may have come as PDNG or ACTC (spec 2.5), and
     * a reading of RCVD then is the bank's word, not a stale answer.
     */
    awaitingPsu?: boolean;
  },
): boolean {
  if (current === reading || isFinalStatus(current, subject)) return false;
  if (isSettledForPsu(current, subject) && !isSettledForPsu(reading, subject)) return false;
  const accepted = typeof current === 'string' && !awaitingAuthorisation.has(current) && !awaitingPsu;
  return !(accepted && awaitingAuthorisation.has(reading));
}

// Stored on payments and their events, and so declared with their columns.
export type { PaymentPhase, StatusSource } from '@/lib/db/schema';
