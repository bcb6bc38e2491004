/**
 * A bank's dialect: which published interface it speaks (its directory entry's `dialect`, lib/bank/directory.ts).
 * Our bank speaks its own specification (`spec`, ../../../contract/pis.yaml); every other Icelandic bank publishes
 * IOBWS 3.2 (`iobws-3.2`, contract/published/IOBWS3.2.yaml). The app's payments are kept in our bank's shape (the
 * spec's); a dialect is the small pair of functions that turns one into its bank's body and its bank's answer back
 * into ours, with what else differs: paths, date formats, the straight-through confirmation, fee codes, claims and
 * the products it can express. Only lib/bank reads it: above it, a payment is a payment.
 */
export const DIALECT_IDS = ['spec', 'iobws-3.2'] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

export type WireService = 'payments' | 'bulk-payments' | 'periodic-payments';
/** Every product a dialect can express; `claim-payments` (IOBWS 3.2, ÍST TS 310) pays a claim as a claim. */
export type WireProduct = 'credit-transfers' | 'card-deposits' | 'claim-payments';

/** How a date member travels: a calendar day ("2026-03-15") or an RFC 3339 date-time ("2026-03-15T00:00:00Z"). */
export type DateFormat = 'date' | 'date-time';

export interface DateFields {
  requestedExecutionDate: DateFormat;
  startDate: DateFormat;
  endDate: DateFormat;
}

/** A bill paid as a claim: the claim's key (ÍST TS 310 "Unique Claim Identifier") and whether it is paid in part. */
export interface ClaimToPay {
  claimantId: string;
  /** The claim's account: bank, branch, ledger 66 and number (12 digits). */
  account: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  partial: boolean;
}

export interface Dialect {
  id: DialectId;
  /** Where its payment paths begin, under the bank's payments URL: `{prefix}/{payment-service}/{payment-product}`. */
  paymentsPrefix: string;
  /** Its claims list, under the bank's business URL (`{business}{claimsPath}/{claimId}` for one). */
  claimsPath: string;
  /** The format each date member of a payment body travels in. */
  dates: DateFields;
  /** The products it can express; a directory entry offers some of them. */
  products: readonly WireProduct[];
  /**
   * The most characters its bank takes in a standing order's structured reference (our body's one
   * `remittanceInformationStructured`): a bound of its interface that ours is wider than.
   */
  standingOrderReferenceMax: number;
  /**
   * The most characters its bank takes in each string member of a bulk element, where its interface bounds one
   * that ours does not (payment spec 2.3 bounds none).
   */
  bulkElementMax: Readonly<Record<string, number>>;
  /** The fee codes its `transactionFeesDetails[].feeType` may carry; undefined: any text. Passed on as given. */
  feeTypes?: readonly string[];
  /** Our payment body (the spec's shape, as saved) → its body. */
  toBankBody(service: WireService, body: Record<string, unknown>): Record<string, unknown>;
  /** Our payment to a claim's deposit account → its claim payment body (for a dialect with `claim-payments`). */
  toClaimPaymentBody?(body: Record<string, unknown>, claim: ClaimToPay): Record<string, unknown>;
  /**
   * A refusal's `path` (spec part 7), which names a member of the body it was sent (`toBankBody`) → the member of
   * ours it came from; undefined: its names are ours.
   */
  fromBankPath?(service: WireService, path: string): string;
  /** Its payment information (payment spec 2.6 / IOBWS `…WithStatusResponse`) → ours. */
  fromBankPaymentInformation(service: WireService, body: unknown): unknown;
  /** The body of the straight-through confirmation (`confirmIobwsStraightThroughProcessingAuthorisation`). */
  straightThroughConfirmation(reference: string): Record<string, string>;
}

/** A body's date member in `format`; a value that is neither shape is passed on for the bank to refuse. */
export function dateIn(value: unknown, format: DateFormat): unknown {
  if (typeof value !== 'string') return value;
  const day = /^(\d{4}-\d{2}-\d{2})$/.exec(value)?.[1];
  if (format === 'date-time') return day ? `${day}T00:00:00Z` : value;
  if (day) return day;
  // Iceland keeps UTC all year: the calendar day of a date-time in Iceland is its UTC day.
  const at = Date.parse(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && Number.isFinite(at)
    ? new Date(at).toISOString().slice(0, 10)
    : value;
}

/** `body` with each date member named in `formats` in its format; other members as they are. */
export function withDates(body: Record<string, unknown>, formats: DateFields): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const name of Object.keys(formats) as (keyof DateFields)[])
    if (out[name] !== undefined && out[name] !== null) out[name] = dateIn(out[name], formats[name]);
  return out;
}
