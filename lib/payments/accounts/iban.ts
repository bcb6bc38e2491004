import { countrySpecs, electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** "is14 0159 2600 7654 5510 7303 39" → "IS140159260076545510730339" (no spaces, capitals). */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input) ?? '';
}

function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

function lettersToDigits(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

/**
 * True when the IBAN's length, country format and ISO 7064 mod-97 check digits are right. For a
 * country ibantools does not know, only the mod-97 check applies, so we never reject an IBAN the
 * bank might accept just because our table lacks its country. Letter case is ignored.
 */
export function isValidIbanChecksum(iban: string): boolean {
  const upper = iban.toUpperCase();
  const spec = countrySpecs[upper.slice(0, 2)];
  if (spec?.chars !== undefined && spec.bban_regexp) return isValidIBAN(upper);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(upper)) return false;
  return mod97(lettersToDigits(upper.slice(4) + upper.slice(0, 4))) === 1;
}

/** ISO 13616 check digits for a country and BBAN ("IS", "0159260076545510730339" → "14"). */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const rest = mod97(lettersToDigits(`${bban}${countryCode}00`.toUpperCase()));
  return String(98 - rest).padStart(2, '0');
}
