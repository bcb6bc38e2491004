import type { PaymentProduct } from '@/lib/bank/payments';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import {
  domesticAccountToIban,
  formatKennitala,
  isMaskedPan,
  normalizeKennitala,
  parseDomesticAccount,
} from '@/lib/payments/accounts';
import { minorUnits, parseAmountInput } from '@/lib/payments/money';
import { type BulkPaymentElement, BulkPaymentElementSchema, issueMessage } from '@/lib/payments/schemas';
import { unreadableTexts } from '@/lib/payments/schemas/readable-text';
import { BULK_COLUMNS, type BulkCells, type BulkColumn } from './columns';

/**
 * A message about a cell: either a validation key of the payment schemas (`validation.…`) or one of
 * the bulk form's own (`forms.bulk.csv.…`), with ICU parameters after a `|` as `issueMessage` does.
 */
export type CellMessage = string;

export interface CellIssue {
  /** 1-based number of the payment (data row; the header is not counted). */
  row: number;
  /** The column the issue belongs to; null for a problem of the whole row. */
  column: BulkColumn | null;
  message: CellMessage;
}

export interface BulkRow {
  cells: BulkCells;
  /** The bulk element the cells make, when they make a valid one. */
  element?: BulkPaymentElement;
  errors: CellIssue[];
  /** Worth a look but not blocking, e.g. a kennitala whose check digit does not match. */
  warnings: CellIssue[];
}

export function csvMessage(key: string, params?: Record<string, string | number>): CellMessage {
  const full = `forms.bulk.csv.${key}`;
  return params && Object.keys(params).length > 0 ? `${full}|${JSON.stringify(params)}` : full;
}

const TRUE = new Set(['true', 'yes', '1', 'já', 'ja', 'j', 'y']);
const FALSE = new Set(['false', 'no', '0', 'nei', 'n']);

const STRING_COLUMNS = [
  'remittanceInformationUnstructured',
  'endToEndIdentification',
  'icelandicPurposeCode',
  'centralBankPurposeCode',
  'creditorId',
  'ultimateCreditor',
  'ultimateCreditorId',
  'instructionIdentification',
  'debtorId',
  'ultimateDebtor',
  'ultimateDebtorId',
  'resourceId',
] as const satisfies readonly (BulkColumn & keyof BulkPaymentElement)[];

const columnOrder = (column: BulkColumn | null) =>
  column === null ? BULK_COLUMNS.length : BULK_COLUMNS.indexOf(column);

/** The schema path of an issue, read as the column the user typed it in. */
function columnOfPath(path: ReadonlyArray<PropertyKey>): BulkColumn | null {
  const [first, second] = path;
  switch (first) {
    case 'creditorAccount':
      return 'creditorAccount';
    case 'instructedAmount':
      return second === 'currency' ? 'currency' : 'amount';
    case 'remittanceInformationStructuredArray':
      return 'remittanceReference';
    case 'partialPayment':
      return 'partialPayment';
    default:
      return (STRING_COLUMNS as readonly PropertyKey[]).includes(first ?? '') ? (first as BulkColumn) : null;
  }
}

/** An amount with commas between groups of three digits: thousands as English writes them. */
const ENGLISH_THOUSANDS = /^\d{1,3}(,\d{3})+$/;

/** A row's currency: an empty cell means ISK. */
function cellCurrency(cells: BulkCells): string {
  return (cells.currency ?? '').trim().toUpperCase() || 'ISK';
}

/**
 * Turns the cells of one row into a bulk element and checks it with the form layer's element
 * schema (`BulkPaymentElementSchema`), so a row passes here exactly when the form would send it.
 * Conveniences: an empty currency means ISK; amounts are read as `locale` writes them ("1.234,50" in
 * Icelandic, "1,234.50" in English; `parseAmountInput`); a domestic account plus kennitala becomes the IBAN.
 */
export function validateBulkRow(
  cells: BulkCells,
  row: number,
  product: PaymentProduct,
  locale: Locale = 'is',
): BulkRow {
  const errors: CellIssue[] = [];
  const warnings: CellIssue[] = [];
  const issue = (column: BulkColumn | null, message: CellMessage) => errors.push({ row, column, message });

  const currency = cellCurrency(cells);
  const amountText = (cells.amount ?? '').trim();
  let amount = amountText;
  if (amountText !== '') {
    const parsed = parseAmountInput(amountText, currency, locale);
    const decimals = parsed.ok ? (parsed.amount.split('.')[1]?.length ?? 0) : Number.POSITIVE_INFINITY;
    if (locale === 'is' && ENGLISH_THOUSANDS.test(amountText) && decimals > (minorUnits(currency) ?? 2))
      // "1,500" with English marks: never "remove the extra decimals", which would pay a thousandth of it.
      issue(
        'amount',
        issueMessage('validation.amount.icelandicMarks', {
          typed: amountText,
          whole: amountText.replaceAll(',', '.'),
        }),
      );
    else if (parsed.ok) amount = parsed.amount;
    else issue('amount', issueMessage(parsed.error));
  }

  const accountText = (cells.creditorAccount ?? '').trim();
  const kennitala = (cells.creditorKennitala ?? '').trim();
  let creditorAccount: BulkPaymentElement['creditorAccount'] = {};
  if (accountText === '') {
    // The schema reports the missing account.
  } else if (isMaskedPan(accountText.replace(/\s/g, ''))) {
    if (product === 'card-deposits') creditorAccount = { maskedPan: accountText.replace(/\s/g, '') };
    else issue('creditorAccount', csvMessage('cardInTransfer'));
  } else if (product === 'card-deposits') {
    issue('creditorAccount', issueMessage('validation.maskedPan.format'));
  } else if (parseDomesticAccount(accountText)) {
    if (kennitala === '') issue('creditorKennitala', csvMessage('kennitalaForDomestic'));
    else {
      const result = domesticAccountToIban(accountText, kennitala);
      if (!result.ok) {
        issue(
          result.error === 'validation.kennitala.malformed' ? 'creditorKennitala' : 'creditorAccount',
          issueMessage(result.error),
        );
      } else {
        creditorAccount = { iban: result.iban };
        if (result.kennitala === 'invalid-checksum')
          warnings.push({
            row,
            column: 'creditorKennitala',
            message: issueMessage('validation.kennitala.checksum'),
          });
      }
    }
  } else {
    const iban = accountText.replace(/\s+/g, '').toUpperCase();
    creditorAccount = { iban };
    // An Icelandic IBAN carries its owner's kennitala (its last ten digits): one typed beside it that is another's
    // says the PSU may be paying someone else than they mean.
    const typed = normalizeKennitala(kennitala);
    const owner = /^IS\d{24}$/.test(iban) ? iban.slice(-10) : undefined;
    if (kennitala !== '' && owner && typed !== owner)
      issue('creditorKennitala', csvMessage('kennitalaNotOfAccount', { kennitala: formatKennitala(owner) }));
  }

  const element: Record<string, unknown> = {
    creditorAccount,
    instructedAmount: { currency, amount },
  };
  for (const column of STRING_COLUMNS) {
    const value = cells[column]?.trim();
    if (value) element[column] = value;
  }
  const reference = cells.remittanceReference?.trim();
  if (reference) element.remittanceInformationStructuredArray = [{ reference }];
  const partial = cells.partialPayment?.trim().toLowerCase();
  if (partial) {
    if (TRUE.has(partial)) element.partialPayment = true;
    else if (FALSE.has(partial)) element.partialPayment = false;
    else issue('partialPayment', csvMessage('yesNo'));
  }

  const parsed = BulkPaymentElementSchema.safeParse(element);
  // A text the bank may not get as it is (a hidden mark, a line break), refused in its cell as the form's sending
  // would refuse it.
  const unreadable = unreadableTexts(element);
  if (!parsed.success || unreadable.length > 0) {
    for (const zodIssue of [...(parsed.success ? [] : parsed.error.issues), ...unreadable]) {
      const column = columnOfPath(zodIssue.path);
      // A cell already reported by the conversion above keeps that, more specific, message.
      // A missing kennitala also leaves the account unset: one message is enough.
      if (
        errors.some(
          (e) => e.column === column || (column === 'creditorAccount' && e.column === 'creditorKennitala'),
        )
      )
        continue;
      issue(column, zodIssue.message);
    }
  }
  errors.sort((a, b) => columnOrder(a.column) - columnOrder(b.column));
  return {
    cells,
    element: parsed.success && errors.length === 0 ? parsed.data : undefined,
    errors,
    warnings,
  };
}

/**
 * A row of a CSV file, read with Icelandic marks as the template writes them, for the table of a page in
 * `locale`, which reads typed cells that page's way: its amount cell is written in the page's marks, so
 * that it reads as the same amount when the row is checked again ("1.234,50" EUR → "1,234.50" in English).
 * An amount the file's marks cannot read is left as it was, and stays an error until corrected.
 */
export function fileRowForPage(row: BulkRow, locale: Locale): BulkRow {
  const text = row.cells.amount;
  if (locale === 'is' || !text) return row;
  // Thousands written the English way: left as written, which this page reads as meant, for the PSU to check.
  const thousands = (issue: CellIssue) =>
    issue.column === 'amount' && issue.message.startsWith('validation.amount.icelandicMarks');
  if (row.errors.some(thousands)) {
    const check = issueMessage('validation.amount.fileThousands', { typed: text });
    return {
      ...row,
      errors: row.errors.map((issue) => (thousands(issue) ? { ...issue, message: check } : issue)),
    };
  }
  const parsed = parseAmountInput(text, cellCurrency(row.cells));
  return parsed.ok ? { ...row, cells: { ...row.cells, amount: formatNumber(parsed.amount, locale) } } : row;
}
