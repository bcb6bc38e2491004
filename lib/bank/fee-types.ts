/**
 * The fee types (`transactionFeesDetails[].feeType`) the app has words for:
 * - our bank's sandbox (payment spec 2.5 gives no list; sandbox/src/pis/fees.ts): TRANSFER, CURRENCY_CONVERSION;
 * - IOBWS 3.2 `transactionFeesDetail.feeType`: FEES (standard fee), PRIORITYFEES, FOREIGNBANKSERVICEFEES, OTHERFEES.
 * Any other type is shown with a general phrase and the bank's code beside it.
 */
export const KNOWN_FEE_TYPES = [
  'TRANSFER',
  'CURRENCY_CONVERSION',
  'FEES',
  'PRIORITYFEES',
  'FOREIGNBANKSERVICEFEES',
  'OTHERFEES',
] as const;

export type KnownFeeType = (typeof KNOWN_FEE_TYPES)[number];

export function isKnownFeeType(value: string): value is KnownFeeType {
  return (KNOWN_FEE_TYPES as readonly string[]).includes(value);
}
