const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A new `paymentInformationId` for a bulk payment, as the bulk form makes it: "GRD-" + the day + 12 random
 * characters, 25 characters in all (the spec allows 1 to 35). With 34^12 values per day a repeat, which the bank
 * would reject as a duplicate, is not a practical concern.
 */
export function newPaymentInformationId(now: Date = new Date()): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `GRD-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${random}`;
}

/** The form of the ids `newPaymentInformationId` makes. */
const MADE_BY_THE_FORM = new RegExp(`^GRD-\\d{8}-[${ALPHABET}]{12}$`);

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
