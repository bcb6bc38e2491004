import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import { formatNumber } from '@/lib/format';
import { logger } from '@/lib/log';
import { costsTotal } from '@/lib/payments/costs-total';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { renderIn } from '@/tests/support/render-intl';

/**
 * The exchange rate of a 201 initiation answer (payment spec 2.5 exchangeRateInformation: unitCurrency,
 * exchangeRate, contractIdentification, rateType, each nullable) is read member by member: one outside its type is
 * left out and named, the others kept and shown, as the SCA members are (lib/bank/sca-answer.ts). Against the
 * sandbox bank, which answers a EUR payment from an ISK account with its rate, through a proxy that reshapes it.
 */

const JON = 'IS140159260076545510730339';
const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'rate-members-secret-0123456789abcdefghij' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());
afterEach(() => vi.restoreAllMocks());

/** A EUR payment from Jón's ISK account whose initiation answer carries `rate` as its exchangeRateInformation. */
async function payWithRate(rate: Record<string, unknown>) {
  app.proxy.reshapeNext('POST', INITIATION, (body) => ({
    ...(body as Record<string, unknown>),
    exchangeRateInformation: rate,
  }));
  const { id } = await app.pay({ debtorIban: JON, amount: '100.00', currency: 'EUR' });
  const payment = await app.payment(id);
  return { id, payment, view: await app.view.toPaymentView(payment, []) };
}

describe('an initiation answer whose exchange rate has one member outside its type', () => {
  it('a rate type not in the list: the rate, its unit currency and contract are kept and shown', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const { id, payment, view } = await payWithRate({
      unitCurrency: 'EUR',
      exchangeRate: '146.5',
      contractIdentification: 'FX-2026-0042',
      rateType: 'MIDDLE',
    });
    expect(payment.phase).toBe('initiated');
    expect(payment.costs?.exchangeRateInformation).toEqual({
      unitCurrency: 'EUR',
      exchangeRate: '146.5',
      contractIdentification: 'FX-2026-0042',
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ paymentId: id, fields: ['exchangeRateInformation.rateType'] }),
      expect.any(String),
    );
    const is = renderIn('is', <PaymentCostsSection costs={view.costs} />);
    const en = renderIn('en', <PaymentCostsSection costs={view.costs} />);
    expect(is).toContain(`${formatNumber('146.5', 'is')} fyrir 1 EUR`);
    expect(en).toContain(`${formatNumber('146.5', 'en')} for 1 EUR`);
    for (const html of [is, en]) expect(html).toContain('FX-2026-0042');
    // Where the total converts the payment at the rate, the rate is an amount in the account's currency.
    const amounts = [{ currency: 'EUR', amount: '100' }];
    const total = costsTotal(amounts, view.costs, 'ISK');
    const converted = (locale: 'is' | 'en') =>
      renderIn(locale, <PaymentCostsSection costs={view.costs} total={total} amounts={amounts} />);
    expect(converted('is')).toContain('146,5\u00a0kr. fyrir 1 EUR');
    expect(converted('en')).toContain('ISK\u00a0146.5 for 1 EUR');
  });

  it('a rate that is no decimal string: the contract and rate type are kept, and both shown', async () => {
    const { payment, view } = await payWithRate({
      unitCurrency: 'EUR',
      exchangeRate: 146.5,
      contractIdentification: 'FX-2026-0043',
      rateType: 'AGRD',
    });
    expect(payment.costs?.exchangeRateInformation).toEqual({
      unitCurrency: 'EUR',
      contractIdentification: 'FX-2026-0043',
      rateType: 'AGRD',
    });
    const kind = { is: 'umsamið gengi', en: 'agreed rate' } as const;
    for (const locale of ['is', 'en'] as const) {
      const html = renderIn(locale, <PaymentCostsSection costs={view.costs} />);
      expect(html).toContain('FX-2026-0043');
      // The kind of rate in words, and no figure made up.
      expect(html).toContain(`data-cost="exchangeRate">${kind[locale]}</dd>`);
    }
    // Where the bank's read-back (spec 2.6) gives the rate, it is shown, with the answer's contract.
    const { storyCosts } = await import('@/lib/payments/story');
    const readBack = {
      status: 'ACSC',
      exchangeRateInformation: { unitCurrency: 'EUR', exchangeRate: '146.5' },
    };
    expect(storyCosts({ ...payment, bankDetails: readBack })?.exchangeRateInformation).toEqual({
      unitCurrency: 'EUR',
      exchangeRate: '146.5',
      contractIdentification: 'FX-2026-0043',
      rateType: 'AGRD',
    });
  });

  it('none of its members reads: no rate is kept', async () => {
    const { payment } = await payWithRate({ unitCurrency: 'euro', exchangeRate: 146.5, rateType: 'MIDDLE' });
    expect(payment.phase).toBe('initiated');
    expect(payment.costs?.exchangeRateInformation).toBeUndefined();
  });
});
