const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Kennitala: the ninth digit is a mod-11 check digit over the first eight with weights 3,2,7,6,5,4,3,2. */
export function isValidKennitala(kennitala: string): boolean {
  if (!/^[0-9]{10}$/.test(kennitala)) return false;
  const digits = [...kennitala].map(Number);
  let sum = 0;
  for (const [index, weight] of WEIGHTS.entries()) sum += (digits[index] ?? 0) * weight;
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === digits[8];
}
