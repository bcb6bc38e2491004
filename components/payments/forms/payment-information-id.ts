const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A new `paymentInformationId` for a bulk payment: "GRD-" + the day + 12 random characters, 25
 * characters in all (the spec allows 1 to 35). With 34^12 values per day a repeat, which the bank
 * would reject as a duplicate, is not a practical concern.
 */
export function newPaymentInformationId(now: Date = new Date()): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `GRD-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${random}`;
}
