/**
 * The recipient's bank as typed: a BIC (8 or 11 letters and digits) in capitals, as BICs are written; any other
 * identification (spec 2.1 allows one: "another identification when BICFI does not apply") as the PSU typed it.
 */
export function creditorAgentAsTyped(value: string): string {
  const trimmed = value.trim();
  return /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}
