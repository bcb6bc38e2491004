import type { Money, PaymentCosts } from '@/lib/bank/costs';
import { minorUnits } from './money';

/**
 * What will leave the PSU's account, in the account's currency, from the amount and what the bank said
 * it costs (spec 2.5). Worked out only where it can be honestly:
 *
 * - `bank`: the bank's own estimate of the total (Berlin Group `estimatedTotalAmount`), as it gave it;
 * - `sum`: amount and fees in one currency, no conversion: their sum, exact;
 * - `converted`: a payment in another currency with the bank's rate (a bulk's amounts in the account's
 *   currency as they are, the others at that rate): the amount converted at that rate
 *   (rounded to the account currency's minor unit, so "about") plus the fees;
 * - `unknown`: what is known (the amount, the fees) but no total: the account's currency or the rate is
 *   not given, an entry of the list of fees could not be read (and the bank gave no total of its fees), the
 *   fees are in more than one currency, or a bulk holds more currencies than the bank's one rate converts.
 *
 * `feesComplete` is false where the bank says the payment has costs by its price list (indicator true)
 * without giving their amount: then the total leaves those out, and the page says so.
 */
export type CostsTotal =
  | { kind: 'bank'; total: Money; fees: Money | null; feesComplete: boolean }
  | { kind: 'sum'; total: Money; fees: Money | null; feesComplete: boolean }
  | {
      kind: 'converted';
      total: Money;
      converted: Money;
      fees: Money | null;
      feesComplete: boolean;
    }
  | { kind: 'unknown'; fees: Money | null; feesComplete: boolean };

const SCALE = 15n;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer scaled by 10^15, or undefined. */
function scaled(value: string): bigint | undefined {
  const match = DECIMAL.exec(value);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > Number(SCALE)) return undefined;
  const digits = BigInt(whole + fraction.padEnd(Number(SCALE), '0'));
  return sign === '-' ? -digits : digits;
}

/** A scaled integer as the spec's decimal string in `currency`, rounded half up to its minor unit. */
function toMoney(value: bigint, currency: string): Money {
  const digits = BigInt(minorUnits(currency) ?? 2);
  const step = 10n ** (SCALE - digits);
  const negative = value < 0n;
  const rounded = ((negative ? -value : value) + step / 2n) / step;
  const text = rounded.toString().padStart(Number(digits) + 1, '0');
  const whole = digits > 0n ? text.slice(0, -Number(digits)) : text;
  const fraction = digits > 0n ? `.${text.slice(-Number(digits))}` : '';
  return { currency, amount: `${negative && rounded !== 0n ? '-' : ''}${whole}${fraction}` };
}

/**
 * The currency conversion fee where it is not a line of the bank's list of fees (spec 2.5 gives both members, and
 * says neither holds the other; IOBWS 3.2's fee types have none for conversion): shown and counted apart. A list
 * with a line of conversion (the sandbox's CURRENCY_CONVERSION) holds it already.
 */
export function conversionFeeApart(costs: PaymentCosts): Money | null {
  const fee = costs.currencyConversionFee;
  if (!fee) return null;
  const list = costs.transactionFeesDetails ?? [];
  return list.some((line) => /CONVERSION/i.test(line.feeType)) ? null : fee;
}

/** The fees as one amount: the bank's total, else the sum of its list and a conversion fee apart, in one currency. */
function feesOf(costs: PaymentCosts): Money | null | 'mixed' {
  if (costs.transactionFees) return costs.transactionFees;
  const apart = conversionFeeApart(costs);
  const fees = [...(costs.transactionFeesDetails ?? []).map((line) => line.value), ...(apart ? [apart] : [])];
  if (fees.length === 0) return null;
  if (new Set(fees.map((fee) => fee.currency)).size > 1) return 'mixed';
  let sum = 0n;
  for (const fee of fees) sum += scaled(fee.amount) ?? 0n;
  return toMoney(sum, fees[0]?.currency as string);
}

export function costsTotal(
  /** What the payment is for, one amount per currency (./amounts.ts): a bulk may hold several. */
  amounts: readonly Money[],
  costs: PaymentCosts | null,
  /** The paying account's currency where the PSU's body names it (spec 2.4 AccountReference.currency). */
  accountCurrency?: string | null,
): CostsTotal {
  const c = costs ?? {};
  const fees = feesOf(c);
  const named = c.transactionFees !== undefined || (c.transactionFeesDetails?.length ?? 0) > 0;
  const feesComplete = named || c.transactionFeeIndicator !== true;
  if (fees === 'mixed') return { kind: 'unknown', fees: null, feesComplete };
  if (c.estimatedTotalAmount) return { kind: 'bank', total: c.estimatedTotalAmount, fees, feesComplete };
  // A fee of the bank's list that could not be read is in no sum of ours: only the bank's own total of the fees counts.
  if (c.unreadableFees && !c.transactionFees) return { kind: 'unknown', fees, feesComplete };
  const [first, ...otherCurrencies] = amounts;
  if (!first) return { kind: 'unknown', fees, feesComplete };
  const account = accountCurrency ?? fees?.currency ?? null;
  // Fees in another currency than the account's cannot be added to what leaves it.
  if (fees && account && fees.currency !== account) return { kind: 'unknown', fees, feesComplete };
  const feeAmount = fees ? (scaled(fees.amount) ?? 0n) : 0n;
  if (otherCurrencies.length === 0 && (!account || account === first.currency)) {
    // No other currency is named anywhere: what leaves is the amount and the fees, in its currency.
    const amount = scaled(first.amount);
    if (amount === undefined || (c.exchangeRateInformation?.exchangeRate && !account))
      return { kind: 'unknown', fees, feesComplete };
    return { kind: 'sum', total: toMoney(amount + feeAmount, first.currency), fees, feesComplete };
  }
  // Amounts in another currency than the account's (a bulk may also hold some in the account's own): each
  // converted at the bank's one rate, so only where all of them are in the one currency it converts.
  const rate = c.exchangeRateInformation;
  const factor = rate?.exchangeRate ? scaled(rate.exchangeRate) : undefined;
  if (!account || !factor || factor === 0n || !rate?.unitCurrency)
    return { kind: 'unknown', fees, feesComplete };
  if (
    new Set(amounts.filter((money) => money.currency !== account).map((money) => money.currency)).size !== 1
  )
    return { kind: 'unknown', fees, feesComplete };
  let converted = 0n;
  for (const money of amounts) {
    const amount = scaled(money.amount);
    if (amount === undefined) return { kind: 'unknown', fees, feesComplete };
    // 1 unitCurrency = exchangeRate of the other currency (BG: "1GBP = xxxCUR, the unit currency is GBP").
    if (money.currency === account) converted += amount;
    else if (rate.unitCurrency === money.currency) converted += (amount * factor) / 10n ** SCALE;
    else if (rate.unitCurrency === account) converted += (amount * 10n ** SCALE) / factor;
    else return { kind: 'unknown', fees, feesComplete };
  }
  const convertedMoney = toMoney(converted, account);
  const convertedScaled = scaled(convertedMoney.amount) ?? converted;
  return {
    kind: 'converted',
    total: toMoney(convertedScaled + feeAmount, account),
    converted: convertedMoney,
    fees,
    feesComplete,
  };
}
