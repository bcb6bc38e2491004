import { BankError, bankErrorMessageKey } from '@/lib/bank/errors';

/**
 * What the PSU is told when the bank refuses to cancel. A DELETE on a payment past the point of
 * cancelling is answered 405 (SERVICE_INVALID, the Berlin Group's "not cancellable") or 409
 * (STATUS_INVALID); read as codes, either would say something else ("this kind of payment is not
 * offered"), so both say that the payment can no longer be cancelled.
 */
export function cancellationRefusalKey(error: unknown): string {
  if (error instanceof BankError && (error.status === 405 || error.status === 409)) {
    return 'payment.notCancellable';
  }
  return bankErrorMessageKey(error);
}
