import { z } from 'zod';
import type { Db } from '@/lib/db';
import {
  keepDebtorAccountOf,
  listMyAccounts,
  removeMyAccount,
  renameMyAccount,
} from '@/lib/db/queries/my-accounts';
import { savedName } from './fields';

/**
 * The PSU's own paying accounts. An account typed in a form becomes one of them only when the bank
 * accepts a payment from it (spec part 3: accepted after the customer profile check, or any status
 * past it), so a mistyped or another person's account never joins the list.
 */
const acceptedStatuses: ReadonlySet<string> = new Set([
  'ACCP',
  'ACFC',
  'ACSP',
  'ACWC',
  'ACWP',
  'ACSC',
  'ACCC',
  'PART',
]);

export function isAcceptedStatus(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && acceptedStatuses.has(status);
}

/** Called with every new status of a payment: an accepted one keeps its paying account. */
export async function keepAccountWhenAccepted(db: Db, paymentId: string, status: string | null | undefined) {
  if (isAcceptedStatus(status)) await keepDebtorAccountOf(db, paymentId);
}

export const renameAccountSchema = z.object({ id: z.uuid(), name: savedName({ optional: true }) });
export const removeAccountSchema = z.object({ id: z.uuid() });

export { listMyAccounts, removeMyAccount, renameMyAccount };
