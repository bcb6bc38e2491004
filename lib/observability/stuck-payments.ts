import { createTranslator } from 'use-intl/core';
import { bankName } from '@/lib/bank/directory';
import type { Db } from '@/lib/db';
import {
  countStuckPayments,
  listStuckPayments,
  type StuckCursor,
  type StuckPaymentRow,
  type StuckReason,
  type StuckStatuses,
  type StuckThresholds,
  stuckReasons,
} from '@/lib/db/queries/stuck-payments';
import { reykjavikTime } from '@/lib/payments/export-csv';
import { claimSeconds } from '@/lib/payments/initiation';
import {
  finalStatusList,
  longestCheckSeconds,
  standingOrderEndList,
  standingOrderRunningList,
} from '@/lib/payments/status';
import { RESEND_DELAY_MAX_SECONDS } from '@/lib/payments/status-checks';
import { csvCell } from '@/lib/security/spreadsheet-cell';
import operationsEn from '@/messages/operations/en.json';
import operationsIs from '@/messages/operations/is.json';

/**
 * The payments an operator on call looks at first (app/[locale]/operations/stuck, docs/operations.md "Payments
 * that are stuck"): those the app has stopped carrying forward, each with its reason, oldest first. Every
 * threshold comes from the app's own timings, so that a payment merely waiting its turn is not listed:
 *
 * - `unsent`: saved, and not known to be at its bank (never sent, a sender's claim lapsed, or the bank's answer
 *   lost or not recorded) for longer than a sender's claim and the longest wait between two resends together:
 *   by then the resend job has had its turn at least once.
 * - `readFailed`: the last reading of its status failed, and none succeeded for longer than two of the longest
 *   waits between readings of a payment under way: two readings in a row have failed, at least.
 * - `awaitingPsu`: the bank still waits for the PSU's (or another signer's) authorisation after a day.
 * - `notFollowed`: not final, and not read for longer than two of its longest waits between readings (a standing
 *   order's is a day): its status checks have stopped. A payment settled (ACSC, PART) whose follow-up has run
 *   its course is not.
 * - `unfollowable`: the bank took it but answered with a paymentId it had given another of our payments
 *   (lib/payments/unrecorded-answer.ts): the app never reads, confirms or cancels it, so it is listed at once and
 *   for as long as it is kept so; only the bank can say what became of it.
 * - `changeWaiting`: a change of a standing order awaiting the PSU's confirmation of the old order's cancellation
 *   after a day, or left between the old order cancelled and the new one at the bank for longer than `unsent`'s.
 */
export const STUCK_PAGE_ROWS = 50;
/** At most this many in the CSV of the list (/api/operations/stuck), oldest first. */
export const STUCK_CSV_ROWS = 50_000;

export type { StuckPaymentRow, StuckReason };
export { stuckReasons };

const DAY_SECONDS = 24 * 3600;

export function stuckThresholds(): StuckThresholds {
  const unsentSeconds = claimSeconds() + RESEND_DELAY_MAX_SECONDS;
  const underWay = 2 * (longestCheckSeconds('in-progress') ?? 0);
  return {
    unsentSeconds,
    readFailedSeconds: underWay,
    awaitingPsuSeconds: DAY_SECONDS,
    notFollowedSeconds: underWay,
    standingSeconds: 2 * (longestCheckSeconds('standing') ?? DAY_SECONDS),
    changeCancellingSeconds: DAY_SECONDS,
  };
}

const statuses: StuckStatuses = {
  final: finalStatusList,
  standingOrderEnds: standingOrderEndList,
  standingOrderRunning: standingOrderRunningList,
  awaitingAuthorisation: ['RCVD', 'PATC'],
  settled: ['ACSC', 'PART'],
};

function one(params: Record<string, string | string[] | undefined>, key: string): string | undefined {
  const raw = params[key];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim();
}

/** The reason asked for (`reason`); anything else (written by hand) is all of them. */
export function parseStuckReason(
  params: Record<string, string | string[] | undefined>,
): StuckReason | undefined {
  const value = one(params, 'reason');
  return stuckReasons.find((reason) => reason === value);
}

const cursorPattern =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([A-Za-z]+)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Where a page starts (`after`: the last row of the page before); anything else starts at the oldest. */
export function parseStuckCursor(
  params: Record<string, string | string[] | undefined>,
): StuckCursor | undefined {
  const match = cursorPattern.exec(one(params, 'after') ?? '');
  const reason = stuckReasons.find((known) => known === match?.[2]);
  if (!match || !reason || Number.isNaN(Date.parse(match[1] as string))) return undefined;
  return { since: match[1] as string, reason, paymentId: match[3] as string };
}

const cursorOf = (row: StuckPaymentRow) => `${row.sinceExact}_${row.reason}_${row.paymentId}`;

/** One page, oldest first, with the next page's cursor where there are more, and the count of each reason. */
export async function stuckPage(
  db: Db,
  reason?: StuckReason,
  after?: StuckCursor,
): Promise<{ rows: StuckPaymentRow[]; next?: string; counts: Partial<Record<StuckReason, number>> }> {
  const thresholds = stuckThresholds();
  const [found, counts] = await Promise.all([
    listStuckPayments(db, thresholds, statuses, { reason, after, limit: STUCK_PAGE_ROWS + 1 }),
    countStuckPayments(db, thresholds, statuses),
  ]);
  const rows = found.slice(0, STUCK_PAGE_ROWS);
  const last = rows.at(-1);
  return { rows, counts, next: found.length > STUCK_PAGE_ROWS && last ? cursorOf(last) : undefined };
}

/** What more a row says besides its reason: the change's state, the bank's id it gave twice, or the failure code. */
export function stuckDetail(
  row: StuckPaymentRow,
  t: (key: 'changeState' | 'clashingId', values: Record<string, string>) => string,
): string | null {
  if (row.changeState) return t('changeState', { state: row.changeState });
  if (row.clashingBankPaymentId) return t('clashingId', { id: row.clashingBankPaymentId });
  return row.failureCode;
}

/** All of the list (of one reason where given) for the CSV, oldest first, at most STUCK_CSV_ROWS. */
export function stuckCsvRows(db: Db, reason?: StuckReason): Promise<StuckPaymentRow[]> {
  return listStuckPayments(db, stuckThresholds(), statuses, { reason, limit: STUCK_CSV_ROWS });
}

const words = {
  is: createTranslator({ locale: 'is', messages: operationsIs, namespace: 'operations.stuck' }),
  en: createTranslator({ locale: 'en', messages: operationsEn, namespace: 'operations.stuck' }),
};

const csvColumns = [
  'reason',
  'detail',
  'since',
  'payment',
  'bank',
  'bankPaymentId',
  'psu',
  'status',
  'readAt',
] as const;

/** The list as CSV, as the page shows it: its headers and reasons in words of `locale`, its times Iceland's. */
export function stuckCsv(rows: StuckPaymentRow[], locale: 'is' | 'en'): string {
  const t = words[locale];
  const lines = [csvColumns.map((column) => csvCell(t(`csv.${column}`))).join(',')];
  for (const row of rows) {
    lines.push(
      [
        t(`reasons.${row.reason}`),
        stuckDetail(row, (key, values) => t(key, values)),
        reykjavikTime(row.since),
        row.paymentId,
        bankName(row.bankId) ?? row.bankId,
        row.bankPaymentId,
        row.psuEmail,
        row.transactionStatus ?? t('noStatus'),
        row.statusReadAt ? reykjavikTime(row.statusReadAt) : t('never'),
      ]
        .map((value) => csvCell(value))
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
