import type { AccountRow } from '../db/queries/accounts.js';
import type { PaymentService } from '../db/queries/payments.js';
import { convertMinor, exchangeRate, fromMinorUnits, toMinorUnits } from '../shared/money.js';

/** Fixed sandbox price list for a payment in another currency than the debtor account. */
const TRANSFER_FEE_ISK = 450n;
const CONVERSION_FEE_PERCENT = 1n;

/** The fees of a payment in another currency, and the members they add to the initiation answer. */
export function foreignCurrencyFees(
  service: PaymentService,
  body: Record<string, unknown>,
  debtor: AccountRow,
) {
  type Amount = { currency: string; amount: string };
  const amounts: Amount[] =
    service === 'bulk-payments'
      ? ((body.payments as Array<{ instructedAmount: Amount }>) ?? []).map((p) => p.instructedAmount)
      : body.instructedAmount
        ? [body.instructedAmount as Amount]
        : [];
  const foreign = amounts.filter((a) => a.currency !== debtor.currency);
  const first = foreign[0];
  if (!first) return { totalFeesMinor: 0n, response: {} };
  let converted = 0n;
  for (const a of foreign)
    converted += convertMinor(toMinorUnits(a.amount, a.currency), a.currency, debtor.currency);
  const conversion = (converted * CONVERSION_FEE_PERCENT + 99n) / 100n;
  const transfer = convertMinor(TRANSFER_FEE_ISK, 'ISK', debtor.currency);
  const money = (minor: bigint) => ({
    currency: debtor.currency,
    amount: fromMinorUnits(minor, debtor.currency),
  });
  return {
    totalFeesMinor: conversion + transfer,
    response: {
      transactionFees: money(conversion + transfer),
      currencyConversionFee: money(conversion),
      transactionFeeIndicator: true,
      transactionFeesDetails: [
        { feeType: 'TRANSFER', value: money(transfer) },
        { feeType: 'CURRENCY_CONVERSION', value: money(conversion) },
      ],
      exchangeRateInformation: {
        unitCurrency: first.currency,
        exchangeRate: exchangeRate(first.currency, debtor.currency),
        rateType: 'SALE',
      },
    },
  };
}
