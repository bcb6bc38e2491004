import { BankError, BankProtocolError, BankUnavailableError, bankErrorMessageKey } from '@/lib/bank/errors';

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
  // Not the initiation’s "try again, and the payment will be sent only once": it is the cancellation that went unanswered.
  if (error instanceof BankUnavailableError || error instanceof BankProtocolError)
    return 'payment.cancelUnanswered';
  return bankErrorMessageKey(error);
}

/**
 * Whether the bank may have cancelled the payment although the PSU's cancellation did not come back as done: it
 * refused it as no longer cancellable (a cancellation sent at the same moment may have cancelled it), or its answer
 * was lost or unreadable (the bank may have cancelled it before the connection dropped). The bank's status says.
 */
export function mayHaveCancelled(error: unknown): boolean {
  return (
    cancellationRefusalKey(error) === 'payment.notCancellable' ||
    error instanceof BankUnavailableError ||
    error instanceof BankProtocolError
  );
}
