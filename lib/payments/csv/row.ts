import type { PaymentProduct } from '@/lib/bank/payments';
import type { Locale } from '@/lib/i18n/routing';
import {
  domesticAccountToIban,
  formatKennitala,
  isMaskedPan,
  normalizeKennitala,
  parseDomesticAccount,
} from '@/lib/payments/accounts';
import { type BulkPaymentElement, BulkPaymentElementSchema, issueMessage } from '@/lib/payments/schemas';
import { unreadableTexts } from '@/lib/payments/schemas/readable-text';
import { type AmountSource, readBulkAmount } from './amount';
import { BULK_COLUMNS, type BulkCells, type BulkColumn } from './columns';

export type { AmountSource } from './amount';

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
  /** The amount cell is as a file wrote it, not typed in since: it is read as a file's (`readBulkAmount`). */
  fileAmount?: true;
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

/** A row's currency: an empty cell means ISK. */
function cellCurrency(cells: BulkCells): string {
  return (cells.currency ?? '').trim().toUpperCase() || 'ISK';
}

/**
 * Turns the cells of one row into a bulk element and checks it with the form layer's element
 * schema (`BulkPaymentElementSchema`), so a row passes here exactly when the form would send it.
 * Conveniences: an empty currency means ISK; amounts are read as `locale` writes them ("1.234,50" in
 * Icelandic, "1,234.50" in English) or in the bank's form ("1234.50"), as a file's or as typed (`source`,
 * `readBulkAmount`), never at a thousand times more or less than meant; a domestic account plus kennitala becomes
 * the IBAN.
 */
export function validateBulkRow(
  cells: BulkCells,
  row: number,
  product: PaymentProduct,
  locale: Locale = 'is',
  source: AmountSource = 'typed',
): BulkRow {
  const errors: CellIssue[] = [];
  const warnings: CellIssue[] = [];
  const issue = (column: BulkColumn | null, message: CellMessage) => errors.push({ row, column, message });

  const currency = cellCurrency(cells);
  const amountText = (cells.amount ?? '').trim();
  let amount = amountText;
  if (amountText !== '') {
    const read = readBulkAmount(amountText, currency, locale, source);
    if (read.ok) amount = read.amount;
    else issue('amount', read.message);
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
    ...(source === 'file' ? { fileAmount: true as const } : {}),
  };
}
