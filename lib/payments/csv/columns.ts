/**
 * Columns of a bulk payment CSV. One row is one bulk element (spec 2.3); parent-only fields
 * (`requestedExecutionDate`, and the bulk's `debtorAccount` and `chargesAccount`) are not columns:
 * they are set once on the bulk payment.
 *
 * `creditorAccount` takes an IBAN, a domestic account ("0133-26-012345", with the owner's kennitala
 * in `creditorKennitala`) or, for card deposits, a masked card number ("123456******1234").
 * `remittanceReference` becomes the single `remittanceInformationStructuredArray` entry.
 * The bulk element has no `creditorName`, so neither does the file.
 */
export const BULK_COLUMNS = [
  'creditorAccount',
  'creditorKennitala',
  'amount',
  'currency',
  'remittanceInformationUnstructured',
  'endToEndIdentification',
  'remittanceReference',
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
  'partialPayment',
] as const;

export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** The columns the table shows (who is paid, by name too); the others stay in the row and in the file. */
export const BULK_TABLE_COLUMNS = [
  'creditorAccount',
  'ultimateCreditor',
  'creditorKennitala',
  'amount',
  'currency',
  'remittanceInformationUnstructured',
  'endToEndIdentification',
] as const satisfies readonly BulkColumn[];

/**
 * Each column's header in an Icelandic file, as the Icelandic template heads it: the table's words for it
 * (messages/forms/is.json, forms.bulk.column), so a copy of the table reads back. A file may head its columns
 * so, or by the English keys above.
 */
export const ICELANDIC_HEADERS: Readonly<Record<BulkColumn, string>> = {
  creditorAccount: 'Á reikning',
  creditorKennitala: 'Kennitala',
  amount: 'Upphæð',
  currency: 'Gjaldmiðill',
  remittanceInformationUnstructured: 'Skilaboð',
  endToEndIdentification: 'Tilvísun þín',
  remittanceReference: 'Tilvísun (skipulögð)',
  icelandicPurposeCode: 'Textalykill',
  centralBankPurposeCode: 'Tilgangskóði Seðlabanka',
  creditorId: 'Kennitala viðtakanda',
  ultimateCreditor: 'Nafn viðtakanda',
  ultimateCreditorId: 'Kennitala endanlegs viðtakanda',
  instructionIdentification: 'Auðkenni fyrirmæla',
  debtorId: 'Kennitala greiðanda',
  ultimateDebtor: 'Fyrir hönd',
  ultimateDebtorId: 'Fyrir hönd (kennitala)',
  resourceId: 'Auðkenni færslu',
  partialPayment: 'Innborgun á kröfu',
};

/** Columns a file must have; the rest may be left out. */
export const REQUIRED_COLUMNS = ['creditorAccount', 'amount'] as const satisfies readonly BulkColumn[];

/**
 * Other header names people use for a column (compared case-insensitively, without spaces, `_` or `-`), beside
 * the column keys and the Icelandic headers.
 */
const ALIASES: Record<string, BulkColumn> = {
  creditoriban: 'creditorAccount',
  iban: 'creditorAccount',
  account: 'creditorAccount',
  reikningur: 'creditorAccount',
  kt: 'creditorKennitala',
  upphaed: 'amount',
  mynt: 'currency',
  remittance: 'remittanceInformationUnstructured',
  message: 'remittanceInformationUnstructured',
  skyring: 'remittanceInformationUnstructured',
  skýring: 'remittanceInformationUnstructured',
  // A reference, as the table heads it: the PSU's own for the payment (endToEndIdentification), not the
  // structured one, which its header names so.
  reference: 'endToEndIdentification',
  tilvisun: 'endToEndIdentification',
  // The template's header before it was headed as the table heads it ("Tilvísun þín"), and the English table's.
  tilvísun: 'endToEndIdentification',
  tilvisunthin: 'endToEndIdentification',
  yourreference: 'endToEndIdentification',
  structuredreference: 'remittanceReference',
  // The table's own column names (ICELANDIC_HEADERS) typed without Icelandic letters, and the English table's.
  areikning: 'creditorAccount',
  toaccount: 'creditorAccount',
  gjaldmidill: 'currency',
  skilabod: 'remittanceInformationUnstructured',
  // Who is paid, by name: the element has no creditorName (spec 2.3), its ultimateCreditor says it.
  nafn: 'ultimateCreditor',
  name: 'ultimateCreditor',
  viðtakandi: 'ultimateCreditor',
  vidtakandi: 'ultimateCreditor',
  recipient: 'ultimateCreditor',
  endanlegurviðtakandi: 'ultimateCreditor',
  endanlegurvidtakandi: 'ultimateCreditor',
  finalrecipient: 'ultimateCreditor',
  nafnvidtakanda: 'ultimateCreditor',
  "recipient'sname": 'ultimateCreditor',
  // The English table's heading as copied from it, with its typographic apostrophe.
  'recipient’sname': 'ultimateCreditor',
  recipientsname: 'ultimateCreditor',
};

const headerKey = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const BY_KEY = new Map<string, BulkColumn>([
  ...BULK_COLUMNS.map((column) => [column.toLowerCase(), column] as const),
  ...Object.entries(ALIASES),
  ...BULK_COLUMNS.map((column) => [headerKey(ICELANDIC_HEADERS[column]), column] as const),
]);

/** The column a header names, or undefined for a header we do not know. */
export function columnOfHeader(header: string): BulkColumn | undefined {
  return BY_KEY.get(headerKey(header));
}

export type BulkCells = Partial<Record<BulkColumn, string>>;
