/**
 * Amounts are decimal strings; arithmetic happens on bigint minor units. Fraction digits per currency
 * come from ISO 4217 as shipped with the runtime's ICU data (ISK 0, EUR 2, JPY 0, KWD 3, ...).
 */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function isKnownCurrency(currency: string): boolean {
  return KNOWN_CURRENCIES.has(currency);
}

/** Fraction digits by currency, read from ICU once per currency (a NumberFormat is costly to build). */
const EXPONENTS = new Map<string, number>();

export function currencyExponent(currency: string): number {
  let exponent = EXPONENTS.get(currency);
  if (exponent === undefined) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    exponent = format.resolvedOptions().maximumFractionDigits ?? 2;
    EXPONENTS.set(currency, exponent);
  }
  return exponent;
}

export function fractionDigits(amount: string): number {
  const dot = amount.indexOf('.');
  return dot === -1 ? 0 : amount.length - dot - 1;
}

export function toMinorUnits(amount: string, currency: string): bigint {
  const exponent = currencyExponent(currency);
  const negative = amount.startsWith('-');
  const unsigned = negative ? amount.slice(1) : amount;
  const [whole = '0', fraction = ''] = unsigned.split('.');
  if (fraction.length > exponent)
    throw new Error(`${amount} has more fraction digits than ${currency} allows`);
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'));
  return negative ? -minor : minor;
}

export function fromMinorUnits(minor: bigint, currency: string): string {
  const exponent = currencyExponent(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Fixed sandbox exchange rates: krónur per one major unit, as decimal strings. A payment in another currency
 * than the debtor account is converted with these for the funds check and the debit.
 */
const ISK_PER_UNIT: Readonly<Record<string, string>> = {
  ISK: '1',
  EUR: '145',
  USD: '138',
  GBP: '172',
  DKK: '19.45',
  NOK: '12.6',
  SEK: '12.8',
  CHF: '155',
  CAD: '100',
  JPY: '0.92',
  PLN: '34',
};

function rateAsFraction(currency: string): { numerator: bigint; denominator: bigint } {
  const rate = ISK_PER_UNIT[currency] ?? '1';
  const digits = fractionDigits(rate);
  return { numerator: BigInt(rate.replace('.', '')), denominator: 10n ** BigInt(digits) };
}

/** Converts minor units of `from` to minor units of `to`, rounding up so the funds check errs on the safe side. */
export function convertMinor(minor: bigint, from: string, to: string): bigint {
  if (from === to) return minor;
  const a = rateAsFraction(from);
  const b = rateAsFraction(to);
  const fromScale = 10n ** BigInt(currencyExponent(from));
  const toScale = 10n ** BigInt(currencyExponent(to));
  // minor/fromScale units of `from` * a ISK per unit / b ISK per unit of `to` * toScale
  const numerator = minor * a.numerator * b.denominator * toScale;
  const denominator = fromScale * a.denominator * b.numerator;
  return (numerator + denominator - 1n) / denominator;
}

export function formatAmount(amount: string, currency: string, language: 'is' | 'en'): string {
  const locale = language === 'is' ? 'is-IS' : 'en-GB';
  // English by the currency's code, every one alike ("EUR 250.50" beside "ISK 15,000", never "€250.50");
  // Icelandic with "kr." and "€" as Icelandic banks write them. Given a decimal string, Intl formats it
  // exactly, without a detour through floating point.
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    ...(language === 'en' ? { currencyDisplay: 'code' } : {}),
  }).format(amount as `${number}`);
}

/** Units of `to` per one unit of `from` at the sandbox rates, as a decimal string with up to 6 fraction digits. */
export function exchangeRate(from: string, to: string): string {
  const a = rateAsFraction(from);
  const b = rateAsFraction(to);
  const scaled = (a.numerator * b.denominator * 1_000_000n) / (a.denominator * b.numerator);
  const whole = scaled / 1_000_000n;
  const fraction = (scaled % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
