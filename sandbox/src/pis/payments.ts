import type { PaymentProduct, PaymentService } from '../db/queries/payments.js';
import { fail } from '../errors.js';

export const PAYMENT_SERVICES: readonly PaymentService[] = ['payments', 'bulk-payments', 'periodic-payments'];
export const PAYMENT_PRODUCTS: readonly PaymentProduct[] = ['credit-transfers', 'card-deposits'];

/** transactionStatus values after which a payment takes no further step. */
export const FINAL_STATUSES = new Set(['ACSC', 'ACCC', 'ACWP', 'PART', 'RJCT', 'CANC']);

/** How long (sandbox clock) a payment initiation waits for its PSU to authorise it. */
export const AUTHORISATION_WINDOW_MS = 24 * 3_600_000;

/** Whether nobody authorised the payment within a day of its initiation (it is still RCVD). */
export function authorisationExpired(
  payment: { transaction_status: string; created_at: number },
  now: number,
) {
  return payment.transaction_status === 'RCVD' && now - payment.created_at > AUTHORISATION_WINDOW_MS;
}

/**
 * A payment nobody authorised within a day of its initiation has expired: starting or updating an
 * authorisation on it is 403 RESOURCE_EXPIRED, "the addressed resource ... has expired, not addressable anymore"
 * (BG IG 14.11, 403 when the resource is in the path), and its SCA pages say so (http/routes/sca-pages.ts). It
 * can still be read and cancelled.
 */
export function checkAuthorisable(payment: { transaction_status: string; created_at: number }, now: number) {
  if (authorisationExpired(payment, now)) {
    fail(
      403,
      'RESOURCE_EXPIRED',
      'paymentId',
      'This payment was not authorised within a day and has expired.',
    );
  }
}

/** How far a request's `Date` may be from the bank's clock. */
export const DATE_TOLERANCE_MS = 5 * 60_000;

/**
 * A `Date` header (RFC 9110; signed with the request where the bank asks for signatures, BG IG 12) must be a date
 * (else 400 FORMAT_ERROR) within five minutes of the bank's clock: else 400 TIMESTAMP_INVALID, "timestamp not in
 * accepted time period" (BG IG 14.11). Without the header nothing is checked.
 */
export function checkRequestDate(header: string | undefined, now: number) {
  if (header === undefined) return;
  const at = Date.parse(header);
  if (Number.isNaN(at)) fail(400, 'FORMAT_ERROR', 'Date', 'Date must be an HTTP date (RFC 9110).');
  if (Math.abs(at - now) > DATE_TOLERANCE_MS) {
    fail(400, 'TIMESTAMP_INVALID', 'Date', 'Date is more than five minutes from the bank’s clock.');
  }
}
