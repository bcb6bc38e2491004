import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import { costsStepOf } from '@/lib/payments/costs-step';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { renderIn } from '@/tests/support/render-intl';

/**
 * A 201 initiation answer whose list of fees (payment spec 2.5 transactionFeesDetails) has an entry outside its shape:
 * the fees that read are kept and shown, and the payment's page and its costs step say how many could not be read, in
 * both languages. Against the sandbox bank, through a proxy that reshapes its answer.
 */

const JON = 'IS140159260076545510730339';
const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'fee-entries-secret-0123456789abcdefghijkl' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

async function payWithFees(list: unknown[]) {
  app.proxy.reshapeNext('POST', INITIATION, (body) => ({
    ...(body as Record<string, unknown>),
    transactionFeesDetails: list,
  }));
  const { id } = await app.pay({ debtorIban: JON, amount: '1000', currency: 'ISK' });
  const payment = await app.payment(id);
  return { payment, view: await app.view.toPaymentView(payment, []) };
}

const good = { feeType: 'TRANSFER', value: { currency: 'ISK', amount: '135' } };
const other = { feeType: 'PRIORITYFEES', value: { currency: 'ISK', amount: '50' } };

describe('an initiation answer with a fee that cannot be read among those that can', () => {
  it('keeps the others, and its costs step and page say one could not be read', async () => {
    const { payment, view } = await payWithFees([good, { feeType: '', value: good.value }, other]);
    expect(payment.phase).toBe('initiated');
    expect(payment.costs).toMatchObject({ transactionFeesDetails: [good, other], unreadableFees: 1 });
    // It may be a charge: the PSU sees the costs before going on to the bank.
    expect(costsStepOf(payment)).toBe('pending');
    const render = (locale: 'is' | 'en') =>
      renderIn(
        locale,
        <PaymentCostsSection costs={view.costs} total={view.costsTotal} amounts={view.amounts} />,
      );
    const [is, en] = [render('is'), render('en')];
    expect(is.match(/data-cost="fee"/g)).toHaveLength(2);
    expect(en).toContain('One of the fees your bank gave could not be read');
    expect(is).toContain('Ekki var hægt að lesa eitt af gjöldunum sem bankinn gaf upp');
    // No total of ours leaves out a fee the bank named.
    expect(view.costsTotal?.kind).toBe('unknown');
  });

  it('says how many where several could not be read', async () => {
    const { view } = await payWithFees([{ feeType: 'TRANSFER' }, good, 'FEES', { value: good.value }]);
    expect(view.costs?.transactionFeesDetails).toEqual([good]);
    expect(renderIn('en', <PaymentCostsSection costs={view.costs} />)).toContain(
      '3 of the fees your bank gave could not be read',
    );
    expect(renderIn('is', <PaymentCostsSection costs={view.costs} />)).toContain(
      'Ekki var hægt að lesa 3 af gjöldunum sem bankinn gaf upp',
    );
  });
});
