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

// After these the bank reports no further change for the PSU: settled (on the debtor's or the
// creditor's side), rejected, cancelled, or a bulk payment settled in part.
export const finalStatusList: string[] = ['ACSC', 'ACCC', 'RJCT', 'CANC', 'PART'];
const finalStatuses: ReadonlySet<string> = new Set(finalStatusList);

export function isFinalStatus(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && finalStatuses.has(status);
}

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === 'string' && (transactionStatuses as readonly string[]).includes(value);
}

// Stored on payments and their events, and so declared with their columns.
export type { PaymentPhase, StatusSource } from '@/lib/db/schema';
