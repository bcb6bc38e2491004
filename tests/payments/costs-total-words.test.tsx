import { describe, expect, it } from 'vitest';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import type { Money, PaymentCosts } from '@/lib/bank/costs';
import { costsTotal } from '@/lib/payments/costs-total';
import { renderIn } from '@/tests/support/render-intl';

// A payment in another currency than the account's: the total leaving the account is said as a reader of each
// language says it, the converted amount "about" and the fees added to it.

const isk = (amount: string): Money => ({ currency: 'ISK', amount });
const amounts: Money[] = [{ currency: 'EUR', amount: '250.00' }];
const withFees: PaymentCosts = {
  transactionFees: isk('813'),
  currencyConversionFee: isk('363'),
  transactionFeeIndicator: true,
  transactionFeesDetails: [
    { feeType: 'TRANSFER', value: isk('450') },
    { feeType: 'CURRENCY_CONVERSION', value: isk('363') },
  ],
  exchangeRateInformation: { unitCurrency: 'EUR', exchangeRate: '145', rateType: 'SALE' },
};

const totalLine = (locale: 'is' | 'en', costs: PaymentCosts) => {
  const html = renderIn(
    locale,
    <PaymentCostsSection costs={costs} total={costsTotal(amounts, costs)} amounts={amounts} />,
  );
  const line = /<p class="text-sm text-slate-700">([^<]*)<\/p>/.exec(
    html.split('data-testid="costs-total"')[1] ?? '',
  );
  return (line?.[1] ?? '').replace(/\u00a0/g, ' ').replace(/&#x27;/g, "'");
};

describe('the total of a payment converted at the bank’s rate', () => {
  it('reads in Icelandic as a sentence: the amount at the bank’s rate is about so much, plus the fees', () => {
    expect(totalLine('is', withFees)).toBe(
      'Á gengi bankans eru 250,00 € um það bil 36.250 kr., auk 813 kr. í gjöld. Bankinn reiknar endanlega upphæð.',
    );
  });

  it('reads so in English', () => {
    expect(totalLine('en', withFees)).toBe(
      'EUR 250.00 at your bank’s rate is about ISK 36,250, plus fees of ISK 813. Your bank will work out the exact amount.',
    );
  });
});
