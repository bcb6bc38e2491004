import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDITOR } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { pdfText } from '@/tests/support/pdf-text';
import { advanceSandboxClock, bankPayments, eventually } from '@/tests/support/sandbox-admin';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

/**
 * What the bank reads back of a payment (payment spec 2.6) beyond its names and date: on whose behalf it is paid
 * (ultimateDebtor), its final recipient (ultimateCreditor), the recipient's bank (creditorAgent) and address
 * (creditorAddress), who bears the charges (chargeBearer), its purpose code (icelandicPurposeCode), the account the
 * charges are taken from (chargesAccount) and the rate's contract. The payment's page says each; its receipt (the
 * page and the PDF) and the exports (the two CSV files) say the same, the bank's word before what the PSU sent,
 * in the language asked for. A bulk whose id the form made is named in the exports as the payments list names it.
 * Against the sandbox bank, whose read-back a proxy gives its own ultimateDebtor and a rate with its contract.
 */

const JON_MAIN = 'IS140159260076545510730339';
const JON_CHARGES = 'IS110133260123450101302989';
const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;
const SELF = /^\/psd2\/api\/v1\/payments\/credit-transfers\/[^/]+$/;
const GENERATED = 'GRD-20261207-ABCDEFGHJKLM';

let app: AppAtSandbox;
let paymentId: string;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'receipt-members-secret-0123456789abcdefghij' });
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/**
 * Jón's payment in euros from his account in krónur with every member 2.6 reads back, its rate's contract in the
 * bank's answer, confirmed at the bank, paid, and read back.
 */
async function paidWithMembers(): Promise<string> {
  if (paymentId) return paymentId;
  app.proxy.reshapeNext('POST', INITIATION, (body) => {
    const answer = body as { exchangeRateInformation?: Record<string, unknown> };
    return {
      ...answer,
      exchangeRateInformation: { ...answer.exchangeRateInformation, contractIdentification: 'FX-2026-0042' },
    };
  });
  const { id } = await app.pay({
    debtorIban: JON_MAIN,
    amount: '100.00',
    currency: 'EUR',
    uiLocale: 'is',
    members: {
      ultimateDebtor: 'Prjónaklúbburinn',
      ultimateCreditor: 'Ullarvinnslan á Þingeyri',
      creditorAgent: 'NORDISRE',
      creditorAddress: {
        country: 'IS',
        streetName: 'Hafnarstræti',
        buildingNumber: '5',
        townName: 'Þingeyri',
      },
      chargeBearer: 'SHAR',
      icelandicPurposeCode: '03',
      chargesAccount: { iban: JON_CHARGES },
    },
  });
  // The bank's costs shown, the PSU goes on to confirm it at the bank.
  const { continueAfterCosts } = await import('@/lib/payments/costs-decision');
  const sca = await continueAfterCosts(app.db, await app.payment(id), '10.20.30.40');
  await decideAtBank(sca, 'approve');
  await advanceSandboxClock(app.sandbox.url, 600);
  const bankId = (await app.payment(id)).bankPaymentId;
  await eventually(
    async () =>
      (await bankPayments(app.sandbox.url)).find(
        (p) => p.paymentId === bankId && p.transactionStatus === 'ACSC',
      ),
    15_000,
    'the bank to pay the payment',
  );
  // The bank holds the payment for its club by the club's full name.
  app.proxy.reshapeNext('GET', SELF, (body) => ({
    ...(body as Record<string, unknown>),
    ultimateDebtor: 'Prjónaklúbbur Akureyrar',
  }));
  await app.sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
  const payment = await app.payment(id);
  expect(payment.transactionStatus).toBe('ACSC');
  expect(payment.costs?.exchangeRateInformation?.contractIdentification).toBe('FX-2026-0042');
  expect(payment.bankDetails).toMatchObject({
    ultimateDebtor: 'Prjónaklúbbur Akureyrar',
    chargeBearer: 'SHAR',
  });
  paymentId = id;
  return paymentId;
}

/** The receipt as the PSU gets it, the banks named from the directory. */
async function receiptOf(locale: 'is' | 'en') {
  const { buildReceipt } = await import('@/lib/payments/receipt');
  const { DIRECTORY_BANK_NAMES } = await import('@/lib/payments/story');
  const payment = await app.payment(await paidWithMembers());
  return buildReceipt(payment, [], locale, new Date('2026-12-08T09:00:00Z'), DIRECTORY_BANK_NAMES);
}

/** The CSV as rows of named cells, its header the names. */
function rowsOf(csv: string, delimiter: ',' | ';'): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('the receipt of a payment the bank read back', () => {
  it('says on whose behalf, the final recipient, the recipient’s bank and address, who pays the charges, from which account, the purpose code and the rate contract, in Icelandic', async () => {
    const receipt = await receiptOf('is');
    const said = Object.fromEntries(receipt.lines.map((line) => [line.label, line.value]));
    expect(said).toMatchObject({
      // The bank's word before what the PSU sent ("Prjónaklúbburinn").
      'Fyrir hönd': 'Prjónaklúbbur Akureyrar',
      'Endanlegur viðtakandi': 'Ullarvinnslan á Þingeyri',
      'Heimilisfang viðtakanda': 'Hafnarstræti 5, Þingeyri, Ísland',
      Textalykill: 'Millifærsla (kóði: 03)',
      'Hver greiðir kostnaðinn': 'Skipt: hvor greiðir sínum banka',
      'Kostnaður tekinn af reikningi': '0133-26-012345, kt. 010130-2989',
      Gengissamningur: 'FX-2026-0042',
    });
    const bank = receipt.lines.find((line) => line.key === 'creditorBank');
    expect(bank?.label).toBe('Banki viðtakanda');
    expect([bank?.value, bank?.detail]).toContain('NORDISRE');
    expect(receipt.lines.filter((line) => line.label === 'Banki viðtakanda')).toHaveLength(1);
  });

  it('in English', async () => {
    const receipt = await receiptOf('en');
    const said = Object.fromEntries(receipt.lines.map((line) => [line.label, line.value]));
    expect(said).toMatchObject({
      'On behalf of': 'Prjónaklúbbur Akureyrar',
      'Final recipient': 'Ullarvinnslan á Þingeyri',
      'Recipient’s address': 'Hafnarstræti 5, Þingeyri, Iceland',
      'Purpose code (textalykill)': 'Transfer (code: 03)',
      'Who pays the charges': 'Shared: each pays their own bank',
      'Account for the charges': '0133-26-012345, kennitala 010130-2989',
      'Rate contract': 'FX-2026-0042',
    });
    const bank = receipt.lines.find((line) => line.key === 'creditorBank');
    expect([bank?.value, bank?.detail]).toContain('NORDISRE');
  });

  it('and its PDF, in both languages', async () => {
    const { receiptPdf } = await import('@/lib/payments/receipt-pdf');
    const is = await pdfText(await receiptPdf(await receiptOf('is')));
    for (const text of [
      'Fyrir hönd',
      'Prjónaklúbbur Akureyrar',
      'Endanlegur viðtakandi',
      'Textalykill',
      'Skipt: hvor greiðir sínum banka',
      'Kostnaður tekinn af reikningi',
      'NORDISRE',
      'FX-2026-0042',
    ])
      expect(is).toContain(text);
    const en = await pdfText(await receiptPdf(await receiptOf('en')));
    for (const text of [
      'On behalf of',
      'Final recipient',
      'Shared: each pays their own bank',
      'Rate contract',
    ])
      expect(en).toContain(text);
  });
});

describe('the exports of a payment the bank read back', () => {
  it('carry each member as a column named in the file’s language: the Excel CSV', async () => {
    await paidWithMembers();
    const { paymentsExcelCsv } = await import('@/lib/payments/export-excel-csv');
    const is = rowsOf(await paymentsExcelCsv(app.db, app.psuId, {}, 'is'), ';').find(
      (row) => row.Tegund === 'Stök greiðsla',
    );
    expect(is).toMatchObject({
      'Fyrir hönd': 'Prjónaklúbbur Akureyrar',
      'Endanlegur viðtakandi': 'Ullarvinnslan á Þingeyri',
      'Heimilisfang viðtakanda': 'Hafnarstræti 5, Þingeyri, Ísland',
      'Banki viðtakanda': 'NORDISRE',
      Textalykill: 'Millifærsla (kóði: 03)',
      'Hver greiðir kostnaðinn': 'Skipt: hvor greiðir sínum banka',
      'Kostnaður tekinn af reikningi': '0133-26-012345',
      Gengissamningur: 'FX-2026-0042',
    });
    const en = rowsOf(await paymentsExcelCsv(app.db, app.psuId, {}, 'en'), ';').find(
      (row) => row.Kind === 'Single payment',
    );
    expect(en).toMatchObject({
      'On behalf of': 'Prjónaklúbbur Akureyrar',
      'Final recipient': 'Ullarvinnslan á Þingeyri',
      'Recipient’s address': 'Hafnarstræti 5, Þingeyri, Iceland',
      'Recipient’s bank': 'NORDISRE',
      'Purpose code (textalykill)': 'Transfer (code: 03)',
      'Who pays the charges': 'Shared: each pays their own bank',
      'Account for the charges': '0133-26-012345',
      'Rate contract': 'FX-2026-0042',
    });
  });

  it('and the plain CSV', async () => {
    await paidWithMembers();
    const { paymentsCsv } = await import('@/lib/payments/export-csv');
    const is = rowsOf(await paymentsCsv(app.db, app.psuId, {}, 'is'), ',').find(
      (row) => row.tegund === 'Stök greiðsla',
    );
    expect(is).toMatchObject({
      'fyrir hönd': 'Prjónaklúbbur Akureyrar',
      'endanlegur viðtakandi': 'Ullarvinnslan á Þingeyri',
      'heimilisfang viðtakanda': 'Hafnarstræti 5, Þingeyri, Ísland',
      'banki viðtakanda': 'NORDISRE',
      textalykill: 'Millifærsla (kóði: 03)',
      'hver greiðir kostnaðinn': 'Skipt: hvor greiðir sínum banka',
      'kostnaður tekinn af reikningi': JON_CHARGES,
      gengissamningur: 'FX-2026-0042',
    });
    const en = rowsOf(await paymentsCsv(app.db, app.psuId, {}, 'en'), ',').find(
      (row) => row.type === 'Single payment',
    );
    expect(en).toMatchObject({
      'on behalf of': 'Prjónaklúbbur Akureyrar',
      'final recipient': 'Ullarvinnslan á Þingeyri',
      'recipient address': 'Hafnarstræti 5, Þingeyri, Iceland',
      'recipient bank': 'NORDISRE',
      'purpose code (textalykill)': 'Transfer (code: 03)',
      'who pays the charges': 'Shared: each pays their own bank',
      'account for the charges': JON_CHARGES,
      'rate contract': 'FX-2026-0042',
    });
  });
});

describe('a bulk whose id the form made, in the exports', () => {
  it('is referred to as the payments list does, "Fjöldagreiðsla" / "Bulk payment", never by that id', async () => {
    const at = new Date('2026-12-07T10:00:00Z');
    await app.db.insert(app.schema.payments).values({
      psuId: app.psuId,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      service: 'bulk-payments',
      product: 'credit-transfers',
      body: {
        paymentInformationId: GENERATED,
        debtorAccount: { iban: JON_MAIN },
        chargeBearer: 'DEBT',
        payments: [
          {
            creditorAccount: { iban: CREDITOR },
            ultimateCreditor: 'Guðrún Helgadóttir',
            instructedAmount: { currency: 'ISK', amount: '1500' },
          },
          {
            creditorAccount: { iban: 'IS500159260099990101302989' },
            ultimateCreditor: 'Þórður Ævarsson',
            instructedAmount: { currency: 'ISK', amount: '2500' },
          },
        ],
      },
      scaLanguage: 'is',
      uiLocale: 'is',
      phase: 'initiated',
      transactionStatus: 'ACSC',
      bankPaymentId: randomUUID(),
      amount: '4000',
      currency: 'ISK',
      creditorName: null,
      creditorAccount: CREDITOR,
      elementCount: 2,
      reference: GENERATED,
      createdAt: at,
      updatedAt: at,
    });
    const filters = { from: '2026-12-07', to: '2026-12-07' };
    const { paymentsExcelCsv } = await import('@/lib/payments/export-excel-csv');
    const { paymentsCsv } = await import('@/lib/payments/export-csv');
    const { statementFor } = await import('@/lib/payments/statement');
    const excelIs = rowsOf(await paymentsExcelCsv(app.db, app.psuId, filters, 'is'), ';');
    const bulkIs = excelIs.filter((row) => row.Tegund?.startsWith('Fjöldagreiðsla ('));
    expect(bulkIs.map((row) => row.Skilaboð)).toEqual(['Fjöldagreiðsla', 'Fjöldagreiðsla']);
    // The bulk's own member, on each of its payments.
    expect(bulkIs.map((row) => row['Hver greiðir kostnaðinn'])).toEqual([
      'Þú greiðir allan kostnað',
      'Þú greiðir allan kostnað',
    ]);
    const excelEn = rowsOf(await paymentsExcelCsv(app.db, app.psuId, filters, 'en'), ';');
    const bulkEn = excelEn.filter((row) => row.Kind?.startsWith('Bulk payment ('));
    expect(bulkEn.map((row) => row.Message)).toEqual(['Bulk payment', 'Bulk payment']);
    const plainIs = rowsOf(await paymentsCsv(app.db, app.psuId, filters, 'is'), ',');
    expect(
      plainIs.filter((row) => row.tegund?.startsWith('Fjöldagreiðsla (')).map((row) => row.tilvísun),
    ).toEqual(['Fjöldagreiðsla', 'Fjöldagreiðsla']);
    const plainEn = rowsOf(await paymentsCsv(app.db, app.psuId, filters, 'en'), ',');
    expect(
      plainEn.filter((row) => row.type?.startsWith('Bulk payment (')).map((row) => row.reference),
    ).toEqual(['Bulk payment', 'Bulk payment']);
    for (const locale of ['is', 'en'] as const) {
      const statement = await statementFor(app.db, app.psuId, filters, locale);
      const references = statement.rows.map((row) => row.reference);
      expect(references).not.toContain(GENERATED);
      expect(references).toContain(locale === 'is' ? 'Fjöldagreiðsla' : 'Bulk payment');
    }
    for (const csv of [
      await paymentsExcelCsv(app.db, app.psuId, filters, 'is'),
      await paymentsCsv(app.db, app.psuId, filters, 'en'),
    ]) {
      expect(csv).not.toContain(GENERATED);
      // No soft hyphen of the list's narrow column in a file.
      expect(csv).not.toContain('\u00ad');
    }
  });
});
