/**
 * ISO 4217 minor units (number of decimals) for the currencies the product meets. A currency not in
 * the table is treated as unknown: we do not reject its amounts, since the bank may accept it.
 */
export const MINOR_UNITS: Readonly<Record<string, number>> = {
  ISK: 0,
  JPY: 0,
  EUR: 2,
  USD: 2,
  GBP: 2,
  DKK: 2,
  NOK: 2,
  SEK: 2,
  CHF: 2,
  CAD: 2,
  PLN: 2,
  AUD: 2,
  CZK: 2,
  HUF: 2,
  CNY: 2,
  KWD: 3,
  BHD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
};

/** The currency's ISO 4217 minor unit, or undefined when the currency is not in the table. */
export function minorUnits(currency: string): number | undefined {
  return MINOR_UNITS[currency];
}
