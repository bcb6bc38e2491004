// ISO 7064 mod-97 arithmetic of IBANs, without ibantools' country table: enough to compute the
// IBAN of a domestic account, and to check an Icelandic IBAN's digits, where the form is rendered,
// before the validation code loads.

export function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

export function lettersToDigits(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

/** ISO 13616 check digits for a country and BBAN ("IS", "0159260076545510730339" → "14"). */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const rest = mod97(lettersToDigits(`${bban}${countryCode}00`.toUpperCase()));
  return String(98 - rest).padStart(2, '0');
}

/**
 * True when an IBAN has the IBAN's shape and its ISO 7064 mod-97 check digits are right; its country's
 * length and format are not checked (lib/payments/accounts/iban.ts does, from ibantools' table). Case
 * is ignored.
 */
export function hasValidCheckDigits(iban: string): boolean {
  const upper = iban.toUpperCase();
  return (
    /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(upper) &&
    mod97(lettersToDigits(upper.slice(4) + upper.slice(0, 4))) === 1
  );
}
