import type { TppMessage } from '@/lib/bank/errors';

/** What of a refusal's messages names a field: its code and the bank's `path` (spec part 7). */
export interface RefusedField {
  code: string;
  path: string;
}

const maxSegments = 8;
const namePattern = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const indexPattern = /^\d{1,5}$/;

/**
 * The form field a bank's `path` names, as the payment forms name their fields: `payment.` and the
 * body's path in dots (`payments[3].creditorAccount.iban` → `payment.payments.3.creditorAccount.iban`).
 * The spec gives `path` as a string and shows none, so the usual spellings are read alike: dotted
 * with brackets, JSON Pointer (`/payments/3/creditorAccount/iban`) and JSONPath (`$.payments[3]…`).
 * Anything else (a header, an empty path, a segment that is no property name) names no field.
 */
export function formFieldOfPath(path: string): string | undefined {
  const segments = path
    .trim()
    .replace(/^\$/, '')
    .split(/[./[\]]+/)
    .map((segment) => segment.replace(/^['"]|['"]$/g, ''))
    .filter((segment) => segment !== '');
  if (segments.length === 0 || segments.length > maxSegments) return undefined;
  const [first] = segments;
  if (!first || !namePattern.test(first)) return undefined;
  if (!segments.every((segment) => namePattern.test(segment) || indexPattern.test(segment))) return undefined;
  return ['payment', ...segments].join('.');
}

/** The refusal's ERROR messages that carry a path, as kept with the refused payment. */
export function refusedFieldsOf(messages: readonly TppMessage[]): RefusedField[] {
  return messages.flatMap((message) =>
    message.category === 'ERROR' && message.path ? [{ code: message.code, path: message.path }] : [],
  );
}

// The codes with a message of their own beside a field (messages forms.bankRefusal.*).
const fieldCodes = new Set([
  'FORMAT_ERROR',
  'PARAMETER_NOT_CONSISTENT',
  'PARAMETER_NOT_SUPPORTED',
  'TIMESTAMP_INVALID',
  'PERIOD_INVALID',
  'EXECUTION_DATE_INVALID',
  'DEBTOR_ACCOUNT_NOT_FOUND',
  'CREDITOR_ACCOUNT_NOT_FOUND',
  'CLAIM_NOT_FOUND',
  'CLAIM_ALREADY_PAID',
  'INSUFFICIENT_FUNDS',
  'CARD_NOT_FOUND',
  'RECIPIENT_INFO_INSUFFICIENT',
  'RECIPIENT_COUNTRY_IS_IBAN_ONLY',
  'PAYMENT_FAILED',
]);

/** The message key for a refused field: its cause, and for a bulk's id the cause it has there. */
function fieldMessage(code: string, field: string): string {
  // The one rule a bank applies to a bulk's id beyond its format: it is never used twice.
  if (field === 'payment.paymentInformationId' && code === 'FORMAT_ERROR')
    return 'forms.bankRefusal.paymentInformationId';
  // Where more about the recipient is their address, what an address is made of.
  if (field === 'payment.creditorAddress' && code === 'RECIPIENT_INFO_INSUFFICIENT')
    return 'forms.bankRefusal.addressNeeded';
  // An amount of a form the form already checked: refused for what it is, most often more than is due on a bill.
  if (field === 'payment.instructedAmount.amount' && code === 'FORMAT_ERROR')
    return 'forms.bankRefusal.amountNotTaken';
  return `forms.bankRefusal.${fieldCodes.has(code) ? code : 'other'}`;
}

/** The refusal as errors beside the form's fields, by field name; empty when it names no field. */
export function refusalFieldErrors(refused: readonly RefusedField[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { code, path } of refused) {
    const field = formFieldOfPath(path);
    if (!field) continue;
    const message = fieldMessage(code, field);
    errors[field] = [...new Set([...(errors[field] ?? []), message])];
  }
  return errors;
}
