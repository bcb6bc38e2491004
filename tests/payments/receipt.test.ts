import { describe, expect, it } from 'vitest';
import type { BulkPaymentResult } from '@/lib/bank/bulk-results';
import type { Payment, PaymentEvent } from '@/lib/db/schema';
import { buildReceipt } from '@/lib/payments/receipt';
import { receiptPdf } from '@/lib/payments/receipt-pdf';
import type { StoryBanks } from '@/lib/payments/story';
import appEn from '@/messages/en.json';
import appIs from '@/messages/is.json';
import { paymentRow as paidPayment } from '@/tests/support/payment-row';
import { pdfText } from '@/tests/support/pdf-text';

// Receipts in both languages, from the payment as the bank answered it; the PDF read back as text
// by pdf.js, as a PSU's PDF reader (search, copy) would read it.

const events: PaymentEvent[] = [
  {
    id: 1,
    paymentId: 'p',
    transactionStatus: 'RCVD',
    scaStatus: null,
    source: 'initiation',
    detail: null,
    occurredAt: new Date('2026-12-07T13:05:09Z'),
  },
  {
    id: 2,
    paymentId: 'p',
    transactionStatus: null,
    scaStatus: 'finalised',
    source: 'redirect',
    detail: null,
    occurredAt: new Date('2026-12-07T13:06:00Z'),
  },
  {
    id: 3,
    paymentId: 'p',
    transactionStatus: 'ACSC',
    scaStatus: null,
    source: 'notification',
    detail: null,
    occurredAt: new Date('2026-12-07T13:07:30Z'),
  },
];

/** A directory of two banks: the payment's, and the one whose bank number 0159 the recipient's account has. */
const banks: StoryBanks = {
  name: (bankId) => (bankId === 'default' ? 'Sandkassabankinn' : null),
  ofAccount: (account) => (account.replace(/\s/g, '').slice(4, 8) === '0159' ? 'Norðurbankinn' : null),
};

const lineOf = (receipt: ReturnType<typeof buildReceipt>, key: string) =>
  receipt.lines.find((line) => line.key === key);

describe('a receipt', () => {
  it('writes Icelandic formats: 12.500 kr., 7. des. 2026, the account as 0133-26-012345 beside its IBAN', () => {
    const receipt = buildReceipt(paidPayment(), events, 'is', new Date('2026-12-08T09:00:00Z'), banks);
    expect(receipt.heading).toBe('Kvittun fyrir greiðslu');
    expect(receipt.issued).toBe('Útgefin 8.\u00a0des.\u00a02026 kl. 09:00');
    expect(lineOf(receipt, 'amount')?.value).toBe('12.500\u00a0kr.');
    expect(lineOf(receipt, 'debtor')).toMatchObject({
      value: '0133-26-012345, kt. 010130-2989',
      detail: 'IS11 0133 2601 2345 0101 3029 89',
    });
    expect(lineOf(receipt, 'creditorAccount')?.value).toBe('0159-26-007654, kt. 551073-0339');
    // The banks, named as the payment's page names them: the payer's by the payment's bank, the recipient's by
    // its bank number.
    expect(lineOf(receipt, 'debtorBank')).toEqual({
      key: 'debtorBank',
      label: 'Banki greiðanda',
      value: 'Sandkassabankinn',
    });
    expect(lineOf(receipt, 'creditorBank')).toEqual({
      key: 'creditorBank',
      label: 'Banki viðtakanda',
      value: 'Norðurbankinn',
    });
    expect(lineOf(receipt, 'created')?.value).toBe('7.\u00a0des.\u00a02026 kl. 13:05');
    expect(lineOf(receipt, 'bankPaymentId')?.value).toBe('bank-pay-4711');
    // The status the bank reported in words, never its code, with the times of each, and no line for
    // the SCA-only reading.
    expect(lineOf(receipt, 'status')).toEqual({ key: 'status', label: expect.any(String), value: 'Greidd' });
    expect(receipt.history.map((entry) => entry.status)).toEqual(['RCVD', 'ACSC']);
    expect(receipt.history[1]?.text).toMatch(/: 7\.\u00a0des\.\u00a02026 kl\. 13:07:30$/);
  });

  it('dates a payment made as soon as possible by the day the bank reported it paid', () => {
    const asap = paidPayment();
    expect(asap.body.requestedExecutionDate).toBeUndefined();
    const paid = buildReceipt(asap, events, 'is', new Date('2026-12-09T09:00:00Z'));
    expect(lineOf(paid, 'executionDate')).toMatchObject({
      label: 'Greiðsludagur',
      value: '7.\u00a0des.\u00a02026',
    });
    // Rejected: nothing was paid, so no day of payment.
    const rejected = buildReceipt(
      paidPayment({ transactionStatus: 'RJCT' }),
      [...events.slice(0, 2), { ...events[2], transactionStatus: 'RJCT' } as PaymentEvent],
      'is',
      new Date('2026-12-09T09:00:00Z'),
    );
    expect(lineOf(rejected, 'executionDate')).toBeUndefined();
  });

  it('a dated payment that was not paid gives its day as the one asked for, never as a payment date', () => {
    const dated = paidPayment({
      transactionStatus: 'RJCT',
      body: { ...paidPayment().body, requestedExecutionDate: '2026-12-15T00:00:00Z' },
    });
    const rejectedEvents = [
      ...events.slice(0, 2),
      { ...events[2], transactionStatus: 'RJCT' } as PaymentEvent,
    ];
    const at = new Date('2026-12-16T09:00:00Z');
    expect(lineOf(buildReceipt(dated, rejectedEvents, 'is', at), 'executionDate')).toMatchObject({
      label: 'Dagur sem þú baðst um',
      value: '15.\u00a0des.\u00a02026',
    });
    expect(lineOf(buildReceipt(dated, rejectedEvents, 'en', at), 'executionDate')?.label).toBe(
      'Date you asked for',
    );
    const paidOnTheDay = paidPayment({
      body: { ...paidPayment().body, requestedExecutionDate: '2026-12-15T00:00:00Z' },
    });
    expect(lineOf(buildReceipt(paidOnTheDay, events, 'is', at), 'executionDate')?.label).toBe(
      'Greiðsludagur',
    );
  });

  it('a payment in euros from an account in krónur: the bank’s rate and about how much left the account', () => {
    const euros = paidPayment({
      amount: '100',
      currency: 'EUR',
      body: { debtorAccount: { iban: 'IS110133260123450101302989', currency: 'ISK' } },
      costs: {
        transactionFees: { currency: 'ISK', amount: '450' },
        exchangeRateInformation: { unitCurrency: 'EUR', exchangeRate: '146.5', rateType: 'SALE' },
      },
    });
    const icelandic = buildReceipt(euros, events, 'is', new Date('2026-12-08T09:00:00Z'));
    expect(lineOf(icelandic, 'amount')?.value).toBe('100,00\u00a0€');
    // The rate names the currency it gives 1 EUR in, as an amount is written: not a bare "146,5".
    expect(lineOf(icelandic, 'exchangeRate')?.value).toBe('146,5\u00a0kr. fyrir 1 EUR (sölugengi)');
    expect(lineOf(icelandic, 'total')).toMatchObject({
      label: 'Samtals af reikningnum þínum',
      value: 'um 15.100\u00a0kr.',
    });
    const english = buildReceipt(euros, events, 'en', new Date('2026-12-08T09:00:00Z'));
    expect(lineOf(english, 'total')?.value).toBe('about ISK\u00a015,100');
    expect(lineOf(english, 'exchangeRate')?.value).toBe('ISK\u00a0146.5 for 1 EUR (selling rate)');
  });

  it('a bill’s payment names the bill by its number, not by the claim id its payment carries', () => {
    const bill = paidPayment({
      body: { remittanceInformationUnstructured: '5501692829015966000001+20261215' },
    });
    expect(lineOf(buildReceipt(bill, events, 'is', new Date()), 'message')?.value).toBe(
      'Greiðsla kröfu nr. 0159-66-000001',
    );
    expect(lineOf(buildReceipt(bill, events, 'en', new Date()), 'message')?.value).toBe(
      'Payment of bill no. 0159-66-000001',
    );
    const part = paidPayment({
      body: { partialPayment: true, remittanceInformationUnstructured: '5501692829015966000001+20261215' },
    });
    expect(lineOf(buildReceipt(part, events, 'is', new Date()), 'message')?.value).toBe(
      'Innborgun á kröfu nr. 0159-66-000001',
    );
    expect(lineOf(buildReceipt(part, events, 'en', new Date()), 'message')?.value).toBe(
      'Part payment of bill no. 0159-66-000001',
    );
  });

  it('of a payment abroad gives the recipient’s address as the PSU gave it, its country by name', () => {
    const abroad = paidPayment({
      creditorName: 'Hans Müller',
      creditorAccount: 'DE89370400440532013000',
      body: {
        debtorAccount: { iban: 'IS110133260123450101302989' },
        creditorAccount: { iban: 'DE89370400440532013000' },
        creditorAddress: {
          streetName: 'Friedrichstraße',
          buildingNumber: '10',
          postCode: '10117',
          townName: 'Berlín',
          country: 'DE',
        },
      },
    });
    const at = new Date('2026-12-08T09:00:00Z');
    expect(lineOf(buildReceipt(abroad, events, 'is', at), 'creditorAddress')).toMatchObject({
      label: 'Heimilisfang viðtakanda',
      value: 'Friedrichstraße 10, 10117 Berlín, Þýskaland',
    });
    expect(lineOf(buildReceipt(abroad, events, 'en', at), 'creditorAddress')).toMatchObject({
      label: 'Recipient’s address',
      value: 'Friedrichstraße 10, 10117 Berlín, Germany',
    });
    // A payment without an address has no line for one.
    expect(lineOf(buildReceipt(paidPayment(), events, 'is', at), 'creditorAddress')).toBeUndefined();
  });

  it('in English writes ISK 12,500 and 7 Dec 2026', () => {
    const receipt = buildReceipt(paidPayment(), events, 'en', new Date('2026-12-08T09:00:00Z'));
    expect(receipt.heading).toBe('Payment receipt');
    expect(lineOf(receipt, 'amount')?.value).toBe('ISK\u00a012,500');
    expect(lineOf(receipt, 'debtor')?.value).toBe('0133-26-012345, kennitala 010130-2989');
    expect(lineOf(receipt, 'created')?.value).toBe('7\u00a0Dec\u00a02026, 13:05');
    expect(lineOf(receipt, 'status')?.value).toBe('Paid');
  });

  it('is a receipt only for what was paid; a rejected or cancelled payment gets a statement; one under way nothing', () => {
    const now = new Date('2026-12-08T09:00:00Z');
    const build = (overrides: Partial<Payment>, locale: 'is' | 'en' = 'is') =>
      buildReceipt(paidPayment(overrides), events, locale, now);
    expect(build({ transactionStatus: 'ACSC' })).toMatchObject({ kind: 'paid', happened: null });
    expect(build({ transactionStatus: 'ACCC' }, 'en')).toMatchObject({
      kind: 'paid',
      heading: 'Payment receipt',
    });
    const rejected = build({ transactionStatus: 'RJCT' });
    expect(rejected).toMatchObject({
      kind: 'rejected',
      heading: 'Samantekt: greiðslu hafnað',
      happened: 'Bankinn hafnaði greiðslunni. Ekkert var greitt af reikningnum þínum.',
    });
    expect(rejected.heading).not.toMatch(/kvittun/i);
    expect(rejected.footer).toMatch(/ekki kvittun/);
    // Declined by the PSU at the bank: not the bank's rejection.
    const declined = build({
      transactionStatus: 'RJCT',
      sca: { scaStatus: 'failed', links: {}, initiationLinks: {} },
    });
    expect(declined).toMatchObject({
      kind: 'declined',
      heading: 'Samantekt: greiðsla ekki staðfest',
      happened: 'Greiðslan var ekki staðfest í bankanum. Ekkert var greitt af reikningnum þínum.',
    });
    expect(lineOf(declined, 'status')?.value).toBe('Ekki staðfest');
    expect(lineOf(rejected, 'status')?.value).toBe('Hafnað');
    expect(build({ transactionStatus: 'CANC' }, 'en')).toMatchObject({
      kind: 'cancelled',
      heading: 'Statement: payment cancelled',
    });
    expect(build({ phase: 'refused', transactionStatus: null, bankPaymentId: null }).kind).toBe('refused');
    for (const status of ['RCVD', 'ACTC', 'ACSP', 'ACWC', 'PDNG', 'PATC', 'ACWP'])
      expect(build({ transactionStatus: status }).kind, status).toBeNull();
    // PART: some accepted, the others rejected (spec part 3); a receipt once the bank says one of them was paid.
    expect(build({ service: 'bulk-payments', transactionStatus: 'PART' }, 'en').kind).toBeNull();
    const onePaid = {
      bulkStatus: 'PART',
      payments: [{ position: 1, amount: '1000', currency: 'ISK', transactionStatus: 'ACSC' }],
    };
    expect(
      build({ service: 'bulk-payments', transactionStatus: 'PART', bulkResults: onePaid }, 'en'),
    ).toMatchObject({ kind: 'partial', heading: 'Receipt for a bulk payment, partly paid' });
    // A bulk paid in whole is called what it is, as the partly paid one is.
    expect(build({ service: 'bulk-payments', transactionStatus: 'ACSC' }, 'en').heading).toBe(
      'Bulk payment receipt',
    );
    expect(build({ service: 'bulk-payments', transactionStatus: 'ACCC' }, 'is').heading).toBe(
      'Kvittun fyrir fjöldagreiðslu',
    );
  });

  it('of a bulk partly paid: what the bank rejected and what the account paid, never the whole as paid', () => {
    const bulk = (results: BulkPaymentResult[]) =>
      paidPayment({
        service: 'bulk-payments',
        transactionStatus: results.every((r) => r.transactionStatus === 'RJCT') ? 'RJCT' : 'PART',
        body: {
          debtorAccount: { iban: 'IS110133260123450101302989' },
          payments: [4000, 6000, 500].map((amount, index) => ({
            instructedAmount: { currency: 'ISK', amount: String(amount) },
            creditorAccount: { iban: 'IS870301260012345101696399' },
            endToEndIdentification: `row-${index + 1}`,
          })),
        },
        bulkResults: { bulkStatus: 'PART', payments: results },
      });
    const partly = bulk([
      { position: 1, transactionStatus: 'ACSC' },
      { position: 2, transactionStatus: 'RJCT' },
      { position: 3, errorCodes: ['CREDITOR_ACCOUNT_NOT_FOUND'] },
    ]);
    const english = buildReceipt(partly, events, 'en', new Date('2026-12-08T09:00:00Z'));
    expect(lineOf(english, 'amount')?.value).toBe('ISK\u00a010,500');
    expect(lineOf(english, 'rejectedAmount')).toMatchObject({
      label: 'Rejected by your bank',
      value: 'ISK\u00a06,500 (2 payments)',
    });
    expect(lineOf(english, 'restAmount')).toMatchObject({
      label: 'From your account',
      value: 'ISK\u00a04,000',
    });
    const icelandic = buildReceipt(partly, events, 'is', new Date('2026-12-08T09:00:00Z'));
    // The label is no clause whose verb would decline what follows ("Bankinn hafnaði" wants "… (2 greiðslum)").
    expect(lineOf(icelandic, 'rejectedAmount')).toMatchObject({
      label: 'Hafnað af bankanum',
      value: '6.500\u00a0kr. (2 greiðslur)',
    });
    expect(lineOf(icelandic, 'restAmount')?.value).toBe('4.000\u00a0kr.');
    // Every one rejected: nothing said to have left the account; none rejected: no such lines.
    const none = bulk([1, 2, 3].map((position) => ({ position, transactionStatus: 'RJCT' })));
    const statement = buildReceipt(none, events, 'en', new Date('2026-12-08T09:00:00Z'));
    expect(lineOf(statement, 'rejectedAmount')?.value).toBe('ISK\u00a010,500 (3 payments)');
    expect(lineOf(statement, 'restAmount')).toBeUndefined();
    const all = bulk([1, 2, 3].map((position) => ({ position, transactionStatus: 'ACSC' })));
    expect(lineOf(buildReceipt(all, events, 'en', new Date()), 'rejectedAmount')).toBeUndefined();
  });

  it('of a bulk names each payment with its message to the recipient, a bill by its number', () => {
    const bulk = paidPayment({
      service: 'bulk-payments',
      transactionStatus: 'ACSC',
      body: {
        debtorAccount: { iban: 'IS110133260123450101302989' },
        payments: [
          {
            instructedAmount: { currency: 'ISK', amount: '7500' },
            creditorAccount: { iban: 'IS870301260012345101696399' },
            ultimateCreditor: 'Guðrún Helgadóttir',
            remittanceInformationUnstructured: 'Þrif í nóvember',
          },
          {
            instructedAmount: { currency: 'ISK', amount: '3700' },
            creditorAccount: { iban: 'IS260159260020245501692829' },
            remittanceInformationUnstructured: '5501692829015966864446+20261215',
          },
        ],
      },
    });
    const receipt = buildReceipt(bulk, events, 'is', new Date('2026-12-08T09:00:00Z'));
    expect(lineOf(receipt, 'payment-1')?.value).toContain('Þrif í nóvember');
    expect(lineOf(receipt, 'payment-2')?.value).toContain('Greiðsla kröfu nr. 0159-66-864446');
  });

  it('carries no code of the bank: statuses and fee types in words, the payment date and message', () => {
    for (const locale of ['is', 'en'] as const) {
      for (const status of ['ACSC', 'ACCC', 'RJCT', 'CANC']) {
        const receipt = buildReceipt(
          paidPayment({
            transactionStatus: status,
            body: {
              debtorAccount: { iban: 'IS110133260123450101302989' },
              requestedExecutionDate: '2026-12-24T00:00:00Z',
              remittanceInformationUnstructured: 'Leiga desember',
            },
            costs: {
              transactionFees: { currency: 'ISK', amount: '575' },
              transactionFeesDetails: [
                { feeType: 'TRANSFER', value: { currency: 'ISK', amount: '450' } },
                { feeType: 'CURRENCY_CONVERSION', value: { currency: 'ISK', amount: '125' } },
              ],
            },
            bankDetails: { status, requestedExecutionDate: '2026-12-28T00:00:00Z' },
          }),
          events,
          locale,
          new Date('2026-12-08T09:00:00Z'),
        );
        const text = [receipt.heading, receipt.happened, ...receipt.lines.flatMap((l) => [l.value, l.detail])]
          .concat(receipt.history.map((entry) => entry.text))
          .join('\n');
        for (const code of ['ACSC', 'ACCC', 'RJCT', 'CANC', 'RCVD', 'TRANSFER', 'CURRENCY_CONVERSION'])
          expect(text, `${locale} ${status}`).not.toContain(code);
        expect(lineOf(receipt, 'executionDate')?.value).toBe(
          locale === 'is' ? '28.\u00a0des.\u00a02026' : '28\u00a0Dec\u00a02026',
        );
        expect(lineOf(receipt, 'message')?.value).toBe('Leiga desember');
        expect(lineOf(receipt, 'fees')?.detail).toBe(
          locale === 'is'
            ? 'Millifærslugjald 450\u00a0kr. · Gjald fyrir gjaldeyrisskipti 125\u00a0kr.'
            : 'Transfer fee ISK\u00a0450 · Currency conversion fee ISK\u00a0125',
        );
      }
    }
  });

  it('says that fees of the bank\u2019s list could not be read, beside those that could, or alone', () => {
    const withFees = (costs: Record<string, unknown>) =>
      paidPayment({ transactionStatus: 'ACSC', costs, bankDetails: { status: 'ACSC' } });
    const oneRead = {
      transactionFeesDetails: [{ feeType: 'TRANSFER', value: { currency: 'ISK', amount: '450' } }],
      unreadableFees: 1,
    };
    const is = buildReceipt(withFees(oneRead), [], 'is', new Date('2026-12-08T09:00:00Z'));
    expect(lineOf(is, 'fees')?.detail).toBe(
      'Millifærslugjald 450\u00a0kr. Ekki var hægt að lesa eitt af gjöldunum sem bankinn gaf upp og það er því ekki sýnt hér.',
    );
    const en = buildReceipt(withFees({ unreadableFees: 2 }), [], 'en', new Date('2026-12-08T09:00:00Z'));
    expect(lineOf(en, 'fees')?.value).toBe(
      '2 of the fees your bank gave could not be read, so they are not shown here.',
    );
  });

  it('never guesses: a payment the bank has not accepted has no bank id and no status of ours', () => {
    const unsent = paidPayment({ phase: 'new', transactionStatus: null, bankPaymentId: null });
    const receipt = buildReceipt(unsent, [], 'en', new Date());
    expect(lineOf(receipt, 'bankPaymentId')?.value).toMatch(/has not accepted/);
    expect(lineOf(receipt, 'status')?.value).toBe('The bank has not reported a status.');
    expect(receipt.history).toEqual([]);
    const refused = buildReceipt(
      paidPayment({ phase: 'refused', transactionStatus: null, bankPaymentId: null }),
      [],
      'en',
      new Date(),
    );
    expect(lineOf(refused, 'status')?.value).toBe('Not accepted');
    expect(lineOf(refused, 'reason')).toBeUndefined();
  });

  it('a statement of a payment the bank refused says why, in words, in both languages', () => {
    const refused = paidPayment({
      phase: 'refused',
      transactionStatus: null,
      bankPaymentId: null,
      failureCode: 'INSUFFICIENT_FUNDS',
    });
    expect(lineOf(buildReceipt(refused, [], 'is', new Date()), 'reason')).toEqual({
      key: 'reason',
      label: 'Ástæða',
      value: appIs.bank.code.INSUFFICIENT_FUNDS,
    });
    expect(lineOf(buildReceipt(refused, [], 'en', new Date()), 'reason')?.value).toBe(
      appEn.bank.code.INSUFFICIENT_FUNDS,
    );
  });
});

describe('the receipt PDF', () => {
  it('is a PDF whose text carries the Icelandic letters þ, ð, æ and ö and the Icelandic formats', async () => {
    const pdf = await receiptPdf(buildReceipt(paidPayment(), events, 'is', new Date('2026-12-08T09:00:00Z')));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const letter of ['þ', 'ð', 'æ', 'ö', 'Þ', 'Æ']) expect(text).toContain(letter);
    expect(text).toContain('Kvittun fyrir greiðslu');
    expect(text).toContain('Þórður Ævarsson');
    expect(text).toContain('Stöðusaga');
    expect(text).toContain('12.500 kr.');
    expect(text).toContain('0133-26-012345, kt. 010130-2989');
    expect(text).toContain('IS11 0133 2601 2345 0101 3029 89');
    expect(text).toContain('bank-pay-4711');
  });

  it('in English is in English', async () => {
    const pdf = await receiptPdf(buildReceipt(paidPayment(), events, 'en', new Date('2026-12-08T09:00:00Z')));
    const text = await pdfText(pdf);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('ISK 12,500');
    expect(text).toContain('Þórður Ævarsson');
  });
});
