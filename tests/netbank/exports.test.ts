import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { payments } from '@/lib/db/schema';
import { excelCell, paymentsExcelCsv } from '@/lib/payments/export-excel-csv';
import { statementFor } from '@/lib/payments/statement';
import { statementPdf } from '@/lib/payments/statement-pdf';
import appEn from '@/messages/en.json';
import appIs from '@/messages/is.json';
import { freshAppDatabase } from '../support/app-database';
import { pdfText } from '../support/pdf-text';
import { newPsu } from '../support/psu';

// Exports a customer can open: the CSV for Icelandic Excel read back by a CSV parser, its times and
// amounts those of the payments; the PDF statement of a period read back as text by pdf.js.

// Statuses in the words of the message files, whatever they are worded as.
const words = (messages: typeof appIs, codes: readonly string[]) =>
  codes.map((code) => messages.status[code as keyof typeof messages.status].label);

let db: Db;
let me: string;

const made = [
  {
    at: '2026-11-03T09:05:00Z',
    amount: '185000',
    currency: 'ISK',
    status: 'ACSC',
    name: 'Þórður Ólafsson',
    ref: 'Leiga; nóvember',
  },
  {
    at: '2026-11-14T17:45:30Z',
    amount: '1234.5',
    currency: 'EUR',
    status: 'ACCC',
    name: 'Ægir "Sjór" ehf.',
    ref: '=SUM(A1)',
  },
  { at: '2026-11-20T23:59:00Z', amount: '2500', currency: 'ISK', status: 'RJCT', name: 'Örn', ref: 'Hafnað' },
  {
    at: '2026-10-31T12:00:00Z',
    amount: '999',
    currency: 'ISK',
    status: 'ACSC',
    name: 'Í október',
    ref: 'Utan tímabils',
  },
];

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'exports-test-secret-0123456789abcdefghij';
  process.env.SEED_DEMO_PSU = 'false';
  db = await getDb();
  me = await newPsu('me@exports.test');
  for (const row of made) {
    await db.insert(payments).values({
      psuId: me,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      service: 'payments',
      product: 'credit-transfers',
      body: {},
      scaLanguage: 'is',
      uiLocale: 'is',
      phase: 'initiated',
      transactionStatus: row.status,
      bankPaymentId: randomUUID(),
      amount: row.amount,
      currency: row.currency,
      creditorName: row.name,
      creditorAccount: 'IS870301260012345101696399',
      reference: row.ref,
      createdAt: new Date(row.at),
    });
  }
});

afterAll(() => closeDatabase());

describe('CSV for Icelandic Excel', () => {
  it('reads back with ; and a BOM: Icelandic times, amounts with a decimal comma, statuses in words', async () => {
    const csv = await paymentsExcelCsv(db, me, { from: '2026-11-01', to: '2026-11-30' }, 'is');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), {
      delimiter: ';',
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([
      'Stofnuð',
      'Greiðsludagur',
      'Tegund',
      'Viðtakandi',
      'Reikningur viðtakanda',
      'Skilaboð',
      'Upphæð',
      'Gjaldmiðill',
      'Staða',
      'Kóði stöðu',
      'Banki',
      'Auðkenni',
      // What more the bank holds of the payment (spec 2.6), as its receipt says it.
      'Fyrir hönd',
      'Endanlegur viðtakandi',
      'Heimilisfang viðtakanda',
      'Banki viðtakanda',
      'Textalykill',
      'Hver greiðir kostnaðinn',
      'Kostnaður tekinn af reikningi',
      'Gengissamningur',
    ]);
    const rows = parsed.data;
    expect(rows.map((row) => row.Viðtakandi)).toEqual(['Örn', 'Ægir "Sjór" ehf.', 'Þórður Ólafsson']);
    const expected = made.slice(0, 3).reverse();
    rows.forEach((row, index) => {
      const payment = expected[index];
      if (!payment) throw new Error('missing');
      // dd.mm.yyyy HH:MM in Iceland (UTC all year): the payment's own moment.
      const [, day, month, year, hour, minute] =
        /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/.exec(row.Stofnuð ?? '') ?? [];
      expect(`${year}-${month}-${day}T${hour}:${minute}`).toBe(payment.at.slice(0, 16));
      // A number as Icelandic Excel reads it: a decimal comma, no thousands mark.
      expect(row.Upphæð).toMatch(/^-?\d+(,\d+)?$/);
      expect(Number((row.Upphæð ?? '').replace(',', '.'))).toBe(Number(payment.amount));
      expect(row.Gjaldmiðill).toBe(payment.currency);
      expect(row['Kóði stöðu']).toBe(payment.status);
      // Sent without a date: paid as soon as possible, in words; the rejected one is paid on no day.
      expect(row.Greiðsludagur).toBe(payment.status === 'RJCT' ? '' : 'Sem fyrst');
    });
    expect(rows.map((row) => row.Staða)).toEqual(words(appIs, ['RJCT', 'ACCC', 'ACSC']));
    expect(rows[1]?.Upphæð).toBe('1234,50');
    expect(rows[2]?.Upphæð).toBe('185000');
    expect(rows[2]?.['Reikningur viðtakanda']).toBe('0301-26-001234');
    // A formula is never a formula, and a ; in a cell stays in its cell.
    expect(rows[1]?.Skilaboð).toBe("'=SUM(A1)");
    expect(rows[2]?.Skilaboð).toBe('Leiga; nóvember');
  });

  it('defuses text that starts like a negative number and goes on as a formula; a negative amount stays a number', () => {
    expect(excelCell('-1+HYPERLINK("https://example.com")')).toBe(
      '"\'-1+HYPERLINK(""https://example.com"")"',
    );
    expect(excelCell('-2-3')).toBe("'-2-3");
    expect(excelCell('-1234,50')).toBe('-1234,50');
    expect(excelCell('-185000')).toBe('-185000');
  });

  it('in English: the same cells, English words', async () => {
    const csv = await paymentsExcelCsv(db, me, { from: '2026-11-01', to: '2026-11-30' }, 'en');
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), {
      delimiter: ';',
      header: true,
      skipEmptyLines: true,
    });
    const [rejected, completed, paid] = words(appEn, ['RJCT', 'ACCC', 'ACSC']);
    expect(parsed.data.map((row) => [row.Created, row.Amount, row.Status])).toEqual([
      ['20.11.2026 23:59', '2500', rejected],
      ['14.11.2026 17:45', '1234,50', completed],
      ['03.11.2026 09:05', '185000', paid],
    ]);
  });
});

describe('the payments statement as PDF', () => {
  it('holds the period’s payments, oldest first, and what was paid, in Icelandic', async () => {
    const statement = await statementFor(
      db,
      me,
      { from: '2026-11-01', to: '2026-11-30' },
      'is',
      new Date('2026-12-01T10:00:00Z'),
    );
    const text = await pdfText(await statementPdf(statement));
    for (const line of [
      'Yfirlit greiðslna',
      'Tímabilið 01.11.2026 til 30.11.2026',
      'Útgefið 01.12.2026 10:00',
      'Þórður Ólafsson',
      'Ægir "Sjór" ehf.',
      '185.000 kr.',
      '1.234,50 €',
      ...words(appIs, ['RJCT', 'ACSC']),
      // Two currencies: each total names its own, and a total in euros is said to be in euros, not what left the
      // account.
      'Greitt samtals í ISK: 185.000 kr.',
      'Greitt samtals í EUR: 1.234,50 €',
      'Upphæðir eru lagðar saman í gjaldmiðli hverrar greiðslu, ekki reikningsins þíns.',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Utan tímabils');
    // Each payment's day of payment beside the day it was made: these were sent to be paid at once, save the
    // rejected one, which is paid on no day.
    expect(text).toContain('Greiðsludagur');
    expect(text.match(/Sem fyrst/g)).toHaveLength(2);
    expect(text.indexOf('03.11.2026')).toBeLessThan(text.indexOf('20.11.2026'));
  });

  it('names everyone a bulk paid, each on a line of its own', async () => {
    await db.insert(payments).values({
      psuId: me,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      service: 'bulk-payments',
      product: 'credit-transfers',
      body: {
        paymentInformationId: 'laun-sept',
        payments: ['Guðrún Helgadóttir', 'Þórður Ólafsson', 'Anna Jónsdóttir'].map((name) => ({
          creditorAccount: { iban: 'IS870301260012345101696399' },
          instructedAmount: { currency: 'ISK', amount: '1000' },
          ultimateCreditor: name,
        })),
      },
      scaLanguage: 'is',
      uiLocale: 'is',
      phase: 'initiated',
      transactionStatus: 'ACSC',
      bankPaymentId: randomUUID(),
      amount: '3000',
      currency: 'ISK',
      creditorAccount: '',
      elementCount: 3,
      reference: 'laun-sept',
      createdAt: new Date('2026-09-10T10:00:00Z'),
    });
    const text = await pdfText(
      await statementPdf(await statementFor(db, me, { from: '2026-09-01', to: '2026-09-30' }, 'is')),
    );
    // Each on a line of its own, with what it was paid.
    for (const name of ['Guðrún Helgadóttir', 'Þórður Ólafsson', 'Anna Jónsdóttir'])
      expect(text.replace(/\s+/g, ' ')).toMatch(new RegExp(`${name} laun-sept Greidd 1\\.000 kr\\.`));
    expect(text).not.toMatch(/til viðbótar/);
  });

  it('in English, and says so when the period has no payments', async () => {
    const english = await pdfText(
      await statementPdf(await statementFor(db, me, { from: '2026-11-01', to: '2026-11-30' }, 'en')),
    );
    expect(english).toContain('Payments statement');
    expect(english).toContain('ISK 185,000');
    expect(english).toContain('Paid in total in ISK: ISK 185,000');
    expect(english).toContain('Amounts are added up in each payment’s own currency, not in your account’s.');
    // Days as English readers write them, never "01.11.2026", which could read as 11 January.
    expect(english).toContain('1 Nov 2026 to 30 Nov 2026');
    expect(english).toContain('3 Nov 2026');
    expect(english).not.toMatch(/\d\d\.\d\d\.\d{4}/);
    const empty = await pdfText(
      await statementPdf(await statementFor(db, me, { from: '2025-01-01', to: '2025-01-31' }, 'en')),
    );
    expect(empty).toContain('No payments in the period.');
  });
});
