import type { PaymentService } from '../db/queries/payments.js';
import { fail } from '../errors.js';

/**
 * What one initiation may hold at this bank. The specification shows no such limits (part 8 bounds the fields
 * only); a bank must have some, or one request can cost it anything (100,000 structured references in one
 * payment, each looked up as a possible claim id). They are this bank's own, documented in the README
 * ("Limits of one request"), and answered like any other body error: 400 FORMAT_ERROR with the path of the list.
 */
export const MAX_BULK_PAYMENTS = 1000;
/** Per single payment (`remittanceInformationStructured`) and per bulk element (`…StructuredArray`). */
export const MAX_STRUCTURED_REFERENCES = 10;

type Body = Record<string, unknown>;

function listLength(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function checkReferences(value: unknown, path: string) {
  if (listLength(value) > MAX_STRUCTURED_REFERENCES) {
    fail(
      400,
      'FORMAT_ERROR',
      path,
      `This bank accepts at most ${MAX_STRUCTURED_REFERENCES} structured references in one payment.`,
    );
  }
}

/**
 * The counts of a parsed body against this bank's limits, before anything else looks at the body, so that the
 * work of every later check is bounded. Anything that is not a list here is left to the schema check.
 */
export function checkInitiationCounts(service: PaymentService, body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const b = body as Body;
  if (service === 'payments')
    checkReferences(b.remittanceInformationStructured, 'remittanceInformationStructured');
  if (service !== 'bulk-payments') return;
  if (listLength(b.payments) > MAX_BULK_PAYMENTS) {
    fail(
      400,
      'FORMAT_ERROR',
      'payments',
      `This bank accepts at most ${MAX_BULK_PAYMENTS} payments in one bulk payment.`,
    );
  }
  for (const [index, element] of (Array.isArray(b.payments) ? b.payments : []).entries()) {
    if (element && typeof element === 'object') {
      checkReferences(
        (element as Body).remittanceInformationStructuredArray,
        `payments[${index}].remittanceInformationStructuredArray`,
      );
    }
  }
}
