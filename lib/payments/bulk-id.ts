/**
 * The form of a bulk's id that the bulk form makes (spec 2.3 `paymentInformationId`): "GRD-", the day and 12
 * characters ("GRD-20261207-WJEWAW5BNC7E"; components/payments/forms/payment-information-id.ts).
 */
const MADE_BY_THE_FORM = /^GRD-\d{8}-[0-9A-HJ-NP-Z]{12}$/;

/** Whether a bulk's id is one the form made, not one the PSU gave it. */
export const isGeneratedBulkId = (id: string): boolean => MADE_BY_THE_FORM.test(id);

/** What the payments list shows as a payment's reference (lib/payments/bulk-id.ts `listedReference`). */
export type ListedReference = { kind: 'words'; text: string } | { kind: 'bulk' } | null;

/**
 * A payment's reference as the payments list shows it: the PSU's own words, a payment's message or the name the
 * PSU gave a bulk as its id ("Laun desember"). A bulk whose id the form made has no words of the PSU's: the bank
 * knows it by that id (its page names it, and a search finds it), and the list says it is a bulk payment.
 */
export function listedReference(payment: { service: string; reference: string | null }): ListedReference {
  const { reference } = payment;
  const words = reference?.trim() ? { kind: 'words' as const, text: reference } : null;
  if (payment.service !== 'bulk-payments') return words;
  return words && !isGeneratedBulkId(words.text.trim()) ? words : { kind: 'bulk' };
}
