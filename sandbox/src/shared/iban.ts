/** ISO 13616 check: move the first four characters to the end, letters to numbers, mod 97 must be 1. */
export function isValidIbanChecksum(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export function ibanFromBban(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** Icelandic BBAN: bank (4) + ledger (2) + account number (6) + owner's kennitala (10). */
export function icelandicIban(bank: string, ledger: string, account: string, kennitala: string): string {
  return ibanFromBban('IS', `${bank}${ledger}${account}${kennitala}`);
}
