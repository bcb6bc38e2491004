import { beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@/lib/db/schema';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { paymentRow } from '@/tests/support/payment-row';

// The history export: statuses and the kind of payment in words of the file's language, times on
// Iceland's clock (Atlantic/Reykjavik), never the bank's codes or our own identifiers for a kind.

let csv: typeof import('@/lib/payments/export-csv');

beforeAll(async () => {
  process.env.AUTH_SECRET ??= 'export-csv-secret-export-csv-secret-0123';
  csv = await import('@/lib/payments/export-csv');
});

/** A payment's first line of the plain CSV. */
const paymentCsvLine = (...args: Parameters<typeof csv.paymentCsvLines>) =>
  csv.paymentCsvLines(...args)[0] ?? '';

function payment(overrides: Partial<Payment>): Payment {
  const at = new Date('2026-12-07T13:05:09.123Z');
  return paymentRow({
    id: '0b1c2d3e-0000-4000-8000-000000000001',
    body: {},
    bankPaymentId: 'b-1',
    reference: 'Leiga',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  });
}

describe('a line of the history export', () => {
  it('in Icelandic: the status and kind in words, the time in Iceland', () => {
    const line = paymentCsvLine(payment({ service: 'bulk-payments', transactionStatus: 'PART' }), 'is');
    const cells = line.split(',');
    expect(cells[0]).toBe('2026-12-07 13:05:09');
    // Sent without a date: no payment date, for a machine to read as "as soon as possible".
    expect(cells[1]).toBe('');
    expect(cells[3]).toBe('Fjöldagreiðsla');
    expect(cells[9]).toBe('Samþykkt að hluta');
    expect(line).not.toMatch(/\bPART\b|bulk-payments|T13:05/);
    // Made as soon as possible and paid: the day the bank reported it paid, as the history reads it.
    const paid = { ...payment({ transactionStatus: 'ACSC' }), paidDay: '2026-12-08' };
    expect(paymentCsvLine(paid, 'is').split(',')[1]).toBe('2026-12-08');
  });

  it('in English, for every status of spec part 3 and our own before the bank has the payment', () => {
    const line = paymentCsvLine(payment({ transactionStatus: 'RCVD' }), 'en');
    const dated = payment({ body: { requestedExecutionDate: '2026-12-10T00:00:00Z' } });
    expect(paymentCsvLine(dated, 'en').split(',')[1]).toBe('2026-12-10');
    expect(line.split(',')[3]).toBe('Single payment');
    expect(line.split(',')[9]).toBe('Waiting for your confirmation');
    for (const status of [
      'RCVD',
      'ACTC',
      'ACCP',
      'ACFC',
      'ACSP',
      'ACWC',
      'ACWP',
      'ACSC',
      'ACCC',
      'PDNG',
      'PATC',
      'PART',
      'RJCT',
      'CANC',
    ]) {
      for (const locale of ['is', 'en'] as const) {
        const cells = paymentCsvLine(payment({ transactionStatus: status }), locale).split(',');
        expect(cells[9], `${locale} ${status}`).not.toBe(status);
        expect(cells[9]).not.toBe('');
      }
    }
    expect(paymentCsvLine(payment({ phase: 'refused', transactionStatus: null }), 'en').split(',')[9]).toBe(
      'Not accepted',
    );
    expect(paymentCsvLine(payment({ service: 'periodic-payments' }), 'is').split(',')[3]).toBe(
      'Föst greiðsla',
    );
  });

  it('keeps a name that looks like a formula from running, and quotes the separator', () => {
    const line = paymentCsvLine(payment({ creditorName: '=HYPERLINK("x"), Ltd' }), 'en');
    expect(line).toContain('"\'=HYPERLINK(""x""), Ltd"');
    const semicolons = paymentCsvLine(payment({ reference: 'a;b' }), 'is', { separator: ';' });
    expect(semicolons).toContain('"a;b"');
  });
});

describe('a payment in words, for the Excel file and the statement', () => {
  it('names who is paid, and a bill by its claim number, not by the claim id its payment carries', async () => {
    const { paymentInWords } = await import('@/lib/payments/export-words');
    const bill = payment({
      reference: '5501692829015966864446+20261215',
      creditorName: 'Greiðsla ehf.',
      label: 'Áskrift',
    });
    expect(paymentInWords(bill, 'is')).toMatchObject({
      name: 'Greiðsla ehf.',
      reference: 'Greiðsla kröfu nr. 0159-66-864446',
    });
    expect(paymentInWords(bill, 'en').reference).toBe('Payment of bill no. 0159-66-864446');
    const part = payment({
      reference: '5501692829015966864446+20261215',
      body: { partialPayment: true, remittanceInformationUnstructured: '5501692829015966864446+20261215' },
    });
    expect(paymentInWords(part, 'is').reference).toBe('Innborgun á kröfu nr. 0159-66-864446');
    expect(paymentInWords(part, 'en').reference).toBe('Part payment of bill no. 0159-66-864446');
  });

  it('names the recipient as the bank did, and a payment the PSU declined at the bank as not confirmed, in both files', async () => {
    const { paymentInWords } = await import('@/lib/payments/export-words');
    const named = payment({
      creditorName: 'Jón',
      creditorAccount: 'IS870301260012345101696399',
      bankDetails: { status: 'ACSC', creditorName: 'Jón Jónsson' },
    });
    expect(paymentInWords(named, 'is').name).toBe('Jón Jónsson');
    expect(paymentCsvLine(named, 'en').split(',')[4]).toBe('Jón Jónsson');
    const declined = payment({
      transactionStatus: 'RJCT',
      sca: { scaStatus: 'failed', links: {}, initiationLinks: {} },
    });
    expect(paymentInWords(declined, 'en').status).toBe('Not confirmed');
    expect(paymentInWords(declined, 'is').status).toBe('Ekki staðfest');
    expect(paymentCsvLine(declined, 'en').split(',')[9]).toBe('Not confirmed');
    expect(paymentCsvLine(payment({ transactionStatus: 'RJCT' }), 'en').split(',')[9]).toBe('Rejected');
    const keptReceived = payment({
      transactionStatus: 'RCVD',
      sca: { scaStatus: 'failed', links: {}, initiationLinks: {} },
    });
    expect(paymentInWords(keptReceived, 'en').status).toBe('Not confirmed');
    expect(paymentInWords(keptReceived, 'is').status).toBe('Ekki staðfest');
  });

  it('gives the day a payment made as soon as possible was paid, and "as soon as possible" before', async () => {
    const { paymentInWords } = await import('@/lib/payments/export-words');
    const waiting = payment({ transactionStatus: 'ACSP' });
    expect(paymentInWords({ ...waiting, paidDay: null }, 'is').payDay).toBe('Sem fyrst');
    expect(
      paymentInWords({ ...waiting, transactionStatus: 'ACSC', paidDay: '2026-12-08' }, 'is').payDay,
    ).toBe('08.12.2026');
  });

  it('gives no pay day to a payment made as soon as possible that ended unpaid, and its own day to a dated one', async () => {
    const { paymentInWords } = await import('@/lib/payments/export-words');
    for (const ended of [
      payment({ transactionStatus: 'RJCT', sca: { scaStatus: 'failed', links: {}, initiationLinks: {} } }),
      payment({ transactionStatus: 'RJCT' }),
      payment({ transactionStatus: 'CANC' }),
      payment({ phase: 'refused', transactionStatus: null }),
      // Declined at the bank's page, which kept its status RCVD after the failed authorisation.
      payment({ transactionStatus: 'RCVD', sca: { scaStatus: 'failed', links: {}, initiationLinks: {} } }),
    ]) {
      expect(paymentInWords({ ...ended, paidDay: null }, 'is').payDay).toBe('');
      expect(paymentInWords({ ...ended, paidDay: null }, 'en').payDay).toBe('');
    }
    const dated = payment({ transactionStatus: 'CANC', body: { requestedExecutionDate: '2026-12-18' } });
    expect(paymentInWords({ ...dated, paidDay: null }, 'is').payDay).toBe('18.12.2026');
    // Still waiting for the PSU's confirmation: as soon as possible, once confirmed.
    expect(paymentInWords({ ...payment({ transactionStatus: 'RCVD' }), paidDay: null }, 'en').payDay).toBe(
      'As soon as possible',
    );
  });
});

describe('the status code column of the Excel file', () => {
  it('holds the bank’s code, and nothing of ours for a payment the bank gave no status', async () => {
    const { paymentInWords } = await import('@/lib/payments/export-words');
    const refused = paymentInWords(
      payment({ phase: 'refused', transactionStatus: null, bankPaymentId: null }),
      'is',
    );
    expect(refused).toMatchObject({ status: 'Ekki tekið við', statusCode: '' });
    const paid = paymentInWords(payment({ phase: 'initiated', transactionStatus: 'ACSC' }), 'is');
    expect(paid).toMatchObject({ status: 'Greidd', statusCode: 'ACSC' });
  });
});

describe('a bulk payment in the exports', () => {
  const bulk = () =>
    payment({
      service: 'bulk-payments',
      transactionStatus: 'PART',
      amount: '4000',
      elementCount: 2,
      creditorName: null,
      creditorAccount: 'IS870301260012345101696399',
      body: {
        paymentInformationId: 'b-1',
        debtorAccount: { iban: 'IS140159260076545510730339' },
        payments: [
          {
            creditorAccount: { iban: 'IS870301260012345101696399' },
            ultimateCreditor: 'Guðrún Helgadóttir',
            instructedAmount: { currency: 'ISK', amount: '1500' },
            remittanceInformationUnstructured: 'Leiga',
          },
          {
            creditorAccount: { iban: 'IS500159260099990101302989' },
            ultimateCreditor: 'Þórður Ævarsson',
            instructedAmount: { currency: 'ISK', amount: '2500' },
            remittanceInformationUnstructured: 'Hiti',
          },
        ],
      },
      bulkResults: {
        bulkStatus: 'PART',
        payments: [
          {
            position: 1,
            creditorAccount: 'IS870301260012345101696399',
            amount: '1500',
            currency: 'ISK',
            transactionStatus: 'ACSC',
          },
          {
            position: 2,
            creditorAccount: 'IS500159260099990101302989',
            amount: '2500',
            currency: 'ISK',
            transactionStatus: 'RJCT',
            errorCodes: ['INSUFFICIENT_FUNDS'],
          },
        ],
      },
    });

  it('names everyone it paid, one line each, with the amount and the bank’s word on each and why it rejected one, in both CSVs', async () => {
    const lines = csv.paymentCsvLines(bulk(), 'is').map((line) => line.split(','));
    expect(lines.map((cells) => [cells[3], cells[4], cells[6], cells[7], cells[9]])).toEqual([
      ['Fjöldagreiðsla (1 af 2)', 'Guðrún Helgadóttir', 'Leiga', '1500', 'Greidd'],
      [
        'Fjöldagreiðsla (2 af 2)',
        'Þórður Ævarsson',
        'Hiti',
        '2500',
        `Hafnað. ${is.bank.code.INSUFFICIENT_FUNDS}`,
      ],
    ]);
    // Each line is the bulk's: its id and time.
    for (const cells of lines) expect(cells[2]).toBe('0b1c2d3e-0000-4000-8000-000000000001');
    const { paymentLinesInWords } = await import('@/lib/payments/export-words');
    expect(
      paymentLinesInWords(bulk(), 'en').map(({ kind, name, account, amount, status, statusCode }) => ({
        kind,
        name,
        account,
        amount,
        status,
        statusCode,
      })),
    ).toEqual([
      {
        kind: 'Bulk payment (1 of 2)',
        name: 'Guðrún Helgadóttir',
        account: '0301-26-001234',
        amount: '1500',
        status: 'Paid',
        statusCode: 'ACSC',
      },
      {
        kind: 'Bulk payment (2 of 2)',
        name: 'Þórður Ævarsson',
        account: '0159-26-009999',
        amount: '2500',
        status: `Rejected. ${en.bank.code.INSUFFICIENT_FUNDS}`,
        statusCode: 'RJCT',
      },
    ]);
  });

  it('on the statement, counts only what was paid of it in the total', async () => {
    const { buildStatement } = await import('@/lib/payments/statement');
    const statement = buildStatement([bulk()], { from: '2026-12-01', to: '2026-12-31' }, 'is', new Date());
    expect(statement.rows.map((row) => row.name)).toEqual(['Guðrún Helgadóttir', 'Þórður Ævarsson']);
    expect(statement.totals).toEqual([expect.stringMatching(/^Greitt samtals: 1\.500\skr\.$/)]);
  });

  it('on the statement, names each total by its currency where there are several, and says what a total in another currency is', async () => {
    const { buildStatement } = await import('@/lib/payments/statement');
    const krónur = payment({ transactionStatus: 'ACSC', amount: '12500', currency: 'ISK' });
    const euros = payment({ transactionStatus: 'ACSC', amount: '250.00', currency: 'EUR' });
    const period = { from: '2026-12-01', to: '2026-12-31' };
    const both = buildStatement([krónur, euros], period, 'en', new Date());
    expect(both.totals).toEqual([
      expect.stringMatching(/^Paid in total in EUR: EUR\s250\.00$/),
      expect.stringMatching(/^Paid in total in ISK: ISK\s12,500$/),
    ]);
    expect(both.totalsNote).toMatch(
      /^Amounts are added up in each payment’s own currency, not in your account’s\./,
    );
    const alone = buildStatement([krónur], period, 'en', new Date());
    expect(alone.totals).toEqual([expect.stringMatching(/^Paid in total: ISK\s12,500$/)]);
    expect(alone.totalsNote).toBeNull();
    expect(buildStatement([krónur, euros], period, 'is', new Date()).totals[1]).toMatch(
      /^Greitt samtals í ISK: 12\.500\skr\.$/,
    );
  });

  it('is one line as the history names it where the row does not hold its payments', () => {
    const listed = { ...bulk(), body: { paymentInformationId: 'b-1' } };
    expect(csv.paymentCsvLines(listed, 'en')).toHaveLength(1);
  });
});

describe('a standing order in the exports', () => {
  it('is "Active" while the bank runs it, and says from which day it pays, as its page does', async () => {
    const { paymentInWords } = await import('@/lib/payments/export-words');
    const order = payment({
      service: 'periodic-payments',
      transactionStatus: 'ACSP',
      body: { startDate: '2026-12-10T00:00:00Z', frequency: 'Monthly' },
    });
    expect(paymentInWords(order, 'is')).toMatchObject({
      status: 'Virk',
      payDay: 'Frá 10.12.2026',
      statusCode: 'ACSP',
    });
    expect(paymentInWords(order, 'en')).toMatchObject({ status: 'Active', payDay: 'From 10.12.2026' });
    expect(paymentCsvLine(order, 'en').split(',')[9]).toBe('Active');
    const { buildStatement } = await import('@/lib/payments/statement');
    const [row] = buildStatement([order], { from: '2026-12-01', to: '2026-12-31' }, 'en', new Date()).rows;
    expect(row?.payDay).toBe('From 10\u00a0Dec\u00a02026');
    // Stopped, it says so.
    expect(paymentInWords({ ...order, transactionStatus: 'CANC' }, 'en').status).not.toBe('Active');
  });
});

// messages/GLOSSARY.md, Numbers: a bulk of thousands names its payment's place in the file's way, not as ICU leaves it.
describe('a bulk payment line of an export', () => {
  it('writes its place and the bulk’s count as the language writes numbers', async () => {
    const { bulkLineWords, exportTranslator } = await import('@/lib/payments/export-words');
    const line = {
      position: 1234,
      account: null,
      name: null,
      amount: null,
      currency: null,
      message: null,
      status: null,
      errorCodes: [],
    };
    expect(bulkLineWords(exportTranslator('is'), line, 1500, 'ACSC', 'is').kind).toBe(
      'Fjöldagreiðsla (1.234 af 1.500)',
    );
    expect(bulkLineWords(exportTranslator('en'), line, 1500, 'ACSC', 'en').kind).toBe(
      'Bulk payment (1,234 of 1,500)',
    );
  });
});
