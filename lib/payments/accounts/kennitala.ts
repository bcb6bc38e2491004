export type KennitalaCheck = 'valid' | 'invalid-checksum' | 'malformed';

const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The 10 digits of a kennitala typed as "5510730339", "551073-0339" or "551073 0339"; undefined otherwise. */
export function normalizeKennitala(input: string): string | undefined {
  const digits = input.trim().replace(/^(\d{6})[-\s]?(\d{4})$/, '$1$2');
  return /^\d{10}$/.test(digits) ? digits : undefined;
}

/** A kennitala as it is written, "551073-0339"; anything that is not one comes back unchanged. */
export function formatKennitala(input: string): string {
  const kt = normalizeKennitala(input);
  return kt === undefined ? input : `${kt.slice(0, 6)}-${kt.slice(6)}`;
}

/**
 * Checks a kennitala's check digit (the 9th digit, modulus 11 with weights 3,2,7,6,5,4,3,2).
 * `invalid-checksum` is a warning for the user, never a reason to block: kennitölur issued from
 * 2026 may have no valid check digit, and the bank is the authority on whether one exists.
 */
export function checkKennitala(input: string): KennitalaCheck {
  const kt = normalizeKennitala(input);
  if (kt === undefined) return 'malformed';
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(kt[i]) * (WEIGHTS[i] ?? 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === Number(kt[8]) ? 'valid' : 'invalid-checksum';
}
