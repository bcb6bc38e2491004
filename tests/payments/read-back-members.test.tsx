import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import { PaymentStorySection } from '@/components/payments/payment-story';
import { toPaymentDetails } from '@/lib/bank/payment-details';
import { buildReceipt } from '@/lib/payments/receipt';
import { paymentStory, storyCosts } from '@/lib/payments/story';
import { toPaymentView } from '@/lib/payments/view';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import storyEn from '@/messages/story/en.json';
import storyIs from '@/messages/story/is.json';
import { paymentRow } from '@/tests/support/payment-row';

/**
 * Payment spec 2.6: a payment read back carries, besides its names and date, on whose behalf it is paid
 * (ultimateDebtor), its final recipient (ultimateCreditor), the recipient's bank (creditorAgent) and address
 * (creditorAddress), who bears the charges (chargeBearer), its Icelandic purpose code (icelandicPurposeCode), the
 * account the charges are taken from (chargesAccount) and the rate's contract (exchangeRateInformation). The
 * payment's page says each in words, the bank's where it gave it, else what the PSU sent.
 */

const READ_BACK = {
  creditorAccount: { iban: 'GB33BUKB20201555555555' },
  creditorName: 'Whitby Wool Ltd',
  debtorAccount: { iban: 'IS110133260123450101302989' },
  instructedAmount: { currency: 'GBP', amount: '120.50' },
  debtorName: 'Jón Jónsson',
  ultimateDebtor: 'Prjónaklúbbur Akureyrar',
  ultimateCreditor: 'Whitby Knitting Guild',
  creditorAgent: 'BUKBGB22',
  creditorAddress: { country: 'GB', streetName: 'Church Street', buildingNumber: '12', townName: 'Whitby' },
  chargeBearer: 'SHAR',
  icelandicPurposeCode: '03',
  chargesAccount: { iban: 'IS381111260047110101302989' },
  exchangeRateInformation: {
    unitCurrency: 'GBP',
    exchangeRate: '176.4',
    contractIdentification: 'FX-2026-0042',
    rateType: 'AGRD',
  },
};

function readBack(body: Record<string, unknown> = {}) {
  return paymentRow({
    currency: 'GBP',
    amount: '120.50',
    creditorName: 'Whitby Wool',
    creditorAccount: 'GB33BUKB20201555555555',
    body: {
      debtorAccount: { iban: 'IS110133260123450101302989' },
      creditorAccount: { iban: 'GB33BUKB20201555555555' },
      creditorName: 'Whitby Wool',
      instructedAmount: { currency: 'GBP', amount: '120.50' },
      ...body,
    },
    bankDetails: toPaymentDetails(READ_BACK, 'ACSC'),
  });
}

const messages = { is: { ...is, ...storyIs }, en: { ...en, ...storyEn } };

function render(locale: 'is' | 'en', node: ReactNode): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Atlantic/Reykjavik">
      {node}
    </NextIntlClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'read-back-members-secret-read-back-members-0');
});

describe('the payment information read back (spec 2.6)', () => {
  it('keeps every member the PSU is told of', () => {
    expect(toPaymentDetails(READ_BACK, 'ACSC')).toMatchObject({
      ultimateDebtor: 'Prjónaklúbbur Akureyrar',
      ultimateCreditor: 'Whitby Knitting Guild',
      creditorAgent: 'BUKBGB22',
      creditorAddress: {
        country: 'GB',
        streetName: 'Church Street',
        buildingNumber: '12',
        townName: 'Whitby',
      },
      chargeBearer: 'SHAR',
      icelandicPurposeCode: '03',
      chargesAccount: 'IS381111260047110101302989',
      exchangeRateInformation: { contractIdentification: 'FX-2026-0042' },
    });
  });

  it('leaves out a member in a shape it cannot show, never the read-back', () => {
    const details = toPaymentDetails(
      { ...READ_BACK, chargeBearer: 'SOMEONE', icelandicPurposeCode: '1234', creditorAddress: { town: 'x' } },
      'ACSC',
    );
    expect(details.chargeBearer).toBeUndefined();
    expect(details.icelandicPurposeCode).toBeUndefined();
    expect(details.creditorAddress).toBeUndefined();
    expect(details.creditorName).toBe('Whitby Wool Ltd');
  });

  it('is the payment’s story, the bank’s word before what the PSU sent', () => {
    const story = paymentStory(readBack({ ultimateDebtor: 'Prjónaklúbburinn', chargeBearer: 'DEBT' }), []);
    expect(story.onBehalfOf).toBe('Prjónaklúbbur Akureyrar');
    expect(story.finalRecipient).toBe('Whitby Knitting Guild');
    expect(story.creditorAgent).toBe('BUKBGB22');
    expect(story.chargeBearer).toBe('SHAR');
    expect(story.purposeCode).toBe('03');
    expect(story.chargesAccount).toBe('IS381111260047110101302989');
    expect(story.to?.address?.lines).toEqual(['Church Street 12', 'Whitby']);
    expect(storyCosts(readBack())?.exchangeRateInformation?.contractIdentification).toBe('FX-2026-0042');
  });

  it('tells what the PSU sent where the bank read back none of it', () => {
    const row = paymentRow({
      body: {
        debtorAccount: { iban: 'IS110133260123450101302989' },
        creditorAccount: { iban: 'IS140159260076545510730339' },
        ultimateDebtor: 'Húsfélagið Hraunbæ 12',
        icelandicPurposeCode: '04',
        chargeBearer: 'DEBT',
      },
      bankDetails: { status: 'ACSC' },
    });
    const story = paymentStory(row, []);
    expect(story.onBehalfOf).toBe('Húsfélagið Hraunbæ 12');
    expect(story.purposeCode).toBe('04');
    expect(story.chargeBearer).toBe('DEBT');
    expect(story.finalRecipient).toBeNull();
    expect(story.creditorAgent).toBeNull();
    expect(story.chargesAccount).toBeNull();
  });

  it('is said in words on the payment’s page, in Icelandic and English', () => {
    const view = toPaymentView(readBack(), []);
    const icelandic = render('is', <PaymentStorySection payment={view} />);
    expect(icelandic).toContain('Fyrir hönd Prjónaklúbbur Akureyrar');
    expect(icelandic).toContain('Endanlegur viðtakandi Whitby Knitting Guild');
    expect(icelandic).toContain('Banki viðtakanda BUKBGB22');
    expect(icelandic).toContain('Textalykill Millifærsla (kóði: 03)');
    expect(icelandic).toContain('Hver greiðir kostnaðinn Skipt: hvor greiðir sínum banka');
    expect(icelandic).toContain('Kostnaður tekinn af reikningi');
    expect(icelandic).toContain('Church Street 12');
    const english = render('en', <PaymentStorySection payment={view} />);
    expect(english).toContain('On behalf of Prjónaklúbbur Akureyrar');
    expect(english).toContain('Final recipient Whitby Knitting Guild');
    expect(english).toContain('Recipient’s bank BUKBGB22');
    expect(english).toContain('Purpose code (textalykill) Transfer (code: 03)');
    expect(english).toContain('Who pays the charges Shared: each pays their own bank');
    expect(english).toContain('Account for the charges');
  });

  it('keeps a rate read back without its figure, and says its type and contract in words', () => {
    // Spec 2.6 exchangeRateInformation, each member nullable: an agreed rate under a contract, its figure not given.
    const rate = {
      unitCurrency: null,
      exchangeRate: null,
      contractIdentification: 'FX-2026-0077',
      rateType: 'AGRD',
    };
    const details = toPaymentDetails({ ...READ_BACK, exchangeRateInformation: rate }, 'ACSC');
    expect(details.exchangeRateInformation).toEqual({
      contractIdentification: 'FX-2026-0077',
      rateType: 'AGRD',
    });
    const row = { ...readBack(), bankDetails: details };
    const view = toPaymentView(row, []);
    const said = { is: 'umsamið gengi', en: 'agreed rate' } as const;
    for (const locale of ['is', 'en'] as const) {
      const page = render(locale, <PaymentCostsSection costs={view.costs} />);
      expect(page).toContain(said[locale]);
      expect(page).toContain('FX-2026-0077');
      const receipt = buildReceipt(row, [], locale, new Date()).lines.map((line) => line.value);
      expect(receipt).toContain(said[locale]);
      expect(receipt).toContain('FX-2026-0077');
    }
  });
});
