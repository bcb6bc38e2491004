/**
 * Spec 2.4: a masked PAN shows the first 6 and the last 4 digits with asterisks in between, e.g.
 * "123456******1234"; with the spec's max of 35 characters.
 */
export const MASKED_PAN_PATTERN = /^[0-9]{6}\*{1,25}[0-9]{4}$/;

export function isMaskedPan(value: string): boolean {
  return MASKED_PAN_PATTERN.test(value);
}
