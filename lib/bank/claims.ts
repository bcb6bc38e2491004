import { z } from 'zod';
import { formatKennitala } from '@/lib/format';
import { ibanCheckDigits } from '@/lib/payments/accounts/check-digits';
import { isIsoDate, isRfc3339DateTime } from '@/lib/payments/calendar/date-time';
import { fractionFits } from '@/lib/payments/money';
import { callBank } from './client';
import { BankError, BankProtocolError } from './errors';
import { linkUnder } from './links';
import { currentBank, currentDialect } from './scope';

/**
 * The claims business interface (kröfur, IOBWS-Claims 3.1 / ÍST TS 315), read with the business token of
 * the claimant, Greiðsla ehf., which issues bills to its users. A claim arrives as the reference's
 * `claimDetails`: its key (claimant, account, due date), status (Unpaid, Paid, Cancelled), amounts as
 * JSON numbers in any ISO 4217 currency, kept as decimal strings from here on, never as floats.
 *
 * What the reference does not carry is read when the bank sends it, never required: the composite
 * `claimId` is built from the key when absent, the claimant's name falls back to its kennitala, and
 * the deposit account (the reference's `{id, ownerId}`) may be missing, in which case the bill cannot
 * be paid here (`depositAccount.iban` is empty).
 */
const decimalNumber = z
  .number()
  .refine((value) => Number.isFinite(value) && value >= 0 && !/e/i.test(String(value)), 'not an amount')
  .transform((value) => String(value));

/**
 * A day the reference types `format: date`, as the bank wrote it: a bank that sends a date-time there
 * ("2027-01-25T00:00:00+02:00", midnight where it stands) means the day written, which Iceland's clock would put a
 * day early or late. Anything that is not a date is no day (null).
 */
const calendarDay = z
  .string()
  .nullish()
  .transform((value) => {
    if (!value) return null;
    const day = value.slice(0, 10);
    return isIsoDate(value) || (isRfc3339DateTime(value) && isIsoDate(day)) ? day : null;
  });

const claimKeySchema = z.object({
  claimantId: z.string().regex(/^[0-9]{10}$/),
  account: z.string().regex(/^[0-9]{4}66[0-9]{6}$/),
  dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const CLAIM_STATUSES = ['Unpaid', 'Paid', 'Cancelled'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

const claimDetailsSchema = z.object({
  claimKey: claimKeySchema,
  payorId: z.string().regex(/^[0-9]{10}$/),
  claimStatus: z.enum(CLAIM_STATUSES).default('Unpaid'),
  amount: decimalNumber,
  totalAmountDue: decimalNumber.optional(),
  defaultChargeAmountDue: decimalNumber.optional(),
  defaultInterestAmountDue: decimalNumber.optional(),
  noticeChargeAmountDue: decimalNumber.optional(),
  otherCostsAmountDue: decimalNumber.optional(),
  otherDefaultCostsAmountDue: decimalNumber.optional(),
  discountAmountOffered: decimalNumber.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('ISK'),
  finalDueDate: calendarDay,
  reference: z.string().nullish(),
  isPartialPaymentAllowed: z.boolean().default(false),
  isPartiallyPaid: z.boolean().default(false),
  closingDate: z.string().nullish(),
  lastChangeDate: z.string().nullish(),
  claimId: z.string().min(1).max(64).optional(),
  claimantName: z.string().min(1).optional(),
  depositAccount: z
    .object({ id: z.string().regex(/^[0-9]{12}$/), ownerId: z.string().regex(/^[0-9]{10}$/) })
    .optional(),
});

/** The sum of amounts as decimal strings, exactly (each a JSON number's digits, never a float's sum). */
function sumOf(amounts: readonly string[]): string {
  const scale = Math.max(0, ...amounts.map((amount) => amount.split('.')[1]?.length ?? 0));
  const total = amounts.reduce((sum, amount) => {
    const [whole = '0', fraction = ''] = amount.split('.');
    return sum + BigInt(whole + fraction.padEnd(scale, '0'));
  }, 0n);
  const digits = total.toString().padStart(scale + 1, '0');
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const whole = digits.slice(0, digits.length - scale);
  return fraction ? `${whole}.${fraction}` : whole;
}

const COSTS_DUE = [
  'defaultChargeAmountDue',
  'defaultInterestAmountDue',
  'noticeChargeAmountDue',
  'otherCostsAmountDue',
  'otherDefaultCostsAmountDue',
] as const;

/**
 * What an open claim owes where the bank gave no `totalAmountDue`: its amount and what the reference names as to be
 * paid besides (default charge, penalty interest, notice charge, other costs): its amount alone left a claim with
 * costs added shown, and paid, for less than is due.
 */
function amountDueOf(claim: z.infer<typeof claimDetailsSchema>): string {
  return sumOf([claim.amount, ...COSTS_DUE.flatMap((member) => claim[member] ?? [])]);
}

/** The reference's composite id: claimant, account, `+`, due date as YYYYMMDD. */
export function claimIdOf(key: z.infer<typeof claimKeySchema>): string {
  return `${key.claimantId}${key.account}+${key.dueDate.replaceAll('-', '')}`;
}

/** What `claimIdOf` makes: kennitala (10), bank and branch (4), ledger 66, claim number (6), `+`, due date (8). */
const CLAIM_ID = /^([0-9]{10})([0-9]{4}66[0-9]{6})\+([0-9]{4})([0-9]{2})([0-9]{2})$/;

/** Whether text from outside (an address, a form) has the form of a claim id, and so may be asked of a bank. */
export function isClaimId(value: string): boolean {
  return CLAIM_ID.test(value);
}

/** The claim key a composite claim id is made of (`claimIdOf` read back); undefined for any other text. */
export function claimKeyOfId(claimId: string): z.infer<typeof claimKeySchema> | undefined {
  const key = CLAIM_ID.exec(claimId);
  if (!key) return undefined;
  const [, claimantId = '', account = '', year, month, day] = key;
  return { claimantId, account, dueDate: `${year}-${month}-${day}` };
}

/** The reference's `depositAccount` (bank, ledger and number; owner's kennitala) as an Icelandic IBAN. */
function depositIban(account: { id: string; ownerId: string } | undefined): string {
  if (!account) return '';
  const bban = `${account.id}${account.ownerId}`;
  return `IS${ibanCheckDigits('IS', bban)}${bban}`;
}

export const claimSchema = claimDetailsSchema.transform((claim) => ({
  claimId: claim.claimId ?? claimIdOf(claim.claimKey),
  claimantName: claim.claimantName ?? formatKennitala(claim.claimKey.claimantId),
  payorId: claim.payorId,
  claimStatus: claim.claimStatus,
  isPartiallyPaid: claim.isPartiallyPaid,
  isPartialPaymentAllowed: claim.isPartialPaymentAllowed,
  currency: claim.currency,
  amount: claim.amount,
  // The reference makes it optional: an open claim without it owes its amount and costs, a closed one nothing; one
  // part of which was paid owes what the bank did not say (null), never its whole amount again.
  totalAmountDue:
    claim.totalAmountDue ??
    (claim.claimStatus !== 'Unpaid' ? '0' : claim.isPartiallyPaid ? null : amountDueOf(claim)),
  // Shown to the PSU, never taken off what is due: the reference says neither by when it holds nor whether
  // totalAmountDue already takes it off (components/bills/discount-note.tsx).
  discountOffered:
    claim.claimStatus === 'Unpaid' && /[1-9]/.test(claim.discountAmountOffered ?? '')
      ? (claim.discountAmountOffered ?? null)
      : null,
  dueDate: claim.claimKey.dueDate,
  finalDueDate: claim.finalDueDate,
  reference: claim.reference ?? null,
  depositAccount: { iban: depositIban(claim.depositAccount) },
  closingDate: claim.closingDate ?? null,
  lastChangeDate: claim.lastChangeDate ?? null,
}));

export type Claim = z.infer<typeof claimSchema>;

export type NotPayableWhy = 'noDepositAccount' | 'notWholeUnits';

type PayableFacts = Pick<Claim, 'claimStatus' | 'depositAccount' | 'amount' | 'totalAmountDue' | 'currency'>;

/**
 * Why an open bill cannot be paid here, or undefined where it can: where the money goes is not known (`claimAtBank`),
 * or an amount of it has more decimals than its currency has (ISO 4217: an ISK bill of 1500.5), which no payment form
 * can send and so could never pay it to the króna.
 */
export function notPayableWhy(claim: PayableFacts): NotPayableWhy | undefined {
  if (claim.depositAccount.iban === '') return 'noDepositAccount';
  const amounts = [claim.amount, claim.totalAmountDue ?? claim.amount];
  if (!amounts.every((amount) => fractionFits(amount, claim.currency))) return 'notWholeUnits';
  return undefined;
}

/** Whether the PSU can pay the bill here: open, and nothing in `notPayableWhy` stands in the way. */
export function payable(claim: PayableFacts): boolean {
  return claim.claimStatus === 'Unpaid' && notPayableWhy(claim) === undefined;
}

/** The claims list: `{business}/claims` (claims spec) or `{claims server}/v1/claims` (IOBWS-Claims 3.1). */
function claimsUrl(): string {
  return `${currentBank('business').urls.business}${currentDialect('business').claimsPath}`;
}

/**
 * Where a link leads at the current bank, resolved as a read of it resolves it (dot segments and all): into its
 * claims interface (`{business}{claimsPath}/…`), into another of its business interfaces (cards, documents), or
 * out of them.
 */
export function claimLinkPlace(href: string): 'claims' | 'business' | 'outside' {
  const business = currentBank('business').urls.business;
  const url = linkUnder(href, business);
  if (!url) return 'outside';
  return linkUnder(url.href, `${business}${currentDialect('business').claimsPath}`) ? 'claims' : 'business';
}

/** A claimId carries a `+` (`5501692829015966000001+20260415`); as a path segment it is sent as %2B. */
export function claimPath(claimId: string): string {
  return `${claimsUrl()}/${encodeURIComponent(claimId)}`;
}

export function parseClaim(body: unknown): Claim | undefined {
  const parsed = claimSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The id of a claim the app cannot read, where what the bank sent still names one: its claimId, or its key (a due date
 * given with a time read as the day written); undefined where it names none.
 */
function idOfUnreadable(body: unknown): string | undefined {
  const { claimId, claimKey } = (body ?? {}) as { claimId?: unknown; claimKey?: Record<string, unknown> };
  if (typeof claimId === 'string' && isClaimId(claimId)) return claimId;
  const key = claimKeySchema.safeParse({
    ...claimKey,
    dueDate: typeof claimKey?.dueDate === 'string' ? calendarDay.parse(claimKey.dueDate) : undefined,
  });
  return key.success ? claimIdOf(key.data) : undefined;
}

/**
 * A claim as the bank whose claims interface answered it has it (read in that bank's scope). IOBWS-Claims 3.1's
 * claimDetails names no deposit account: at a bank that takes claim payments, a bill is paid by its claim key
 * (ÍST TS 310), so one without a deposit account is paid there all the same, to the claim's own account (its
 * key's bank, 66 and number, in the claimant's kennitala), which is what the PSU and the bill's payment are
 * shown. Elsewhere, a claim whose deposit account the bank did not name is not paid here.
 */
export function claimAtBank(claim: Claim): Claim {
  const key = claimKeyOfId(claim.claimId);
  if (claim.depositAccount.iban !== '' || !key || !currentBank('business').claimPayments) return claim;
  return { ...claim, depositAccount: { iban: depositIban({ id: key.account, ownerId: key.claimantId }) } };
}

/** The reference's default page size; the bank names its own in `X-Paging-PerPage`. */
const ITEMS_PER_PAGE = 100;
/** A bank that keeps answering full pages is not read past this many (10 000 bills at 100 a page). */
const MAX_PAGES = 100;
/**
 * The reference makes `dateFrom` and `dateTo` required: bills due from five years back to five years
 * ahead, by due date, which holds every bill a PSU may still owe or have recently paid.
 */
const DATE_WINDOW_YEARS = 5;

function shiftYears(date: Date, years: number): string {
  const shifted = new Date(date);
  shifted.setUTCFullYear(shifted.getUTCFullYear() + years);
  return shifted.toISOString().slice(0, 10);
}

/**
 * One page of the claims list, or `none` where the bank answers 404 RESOURCE_UNKNOWN, which IOBWS-Claims 3.1 lets it
 * answer a query that finds nothing: no claims of the payor there (the first page), or none past the last (a bank
 * that sends no `X-Paging-TotalPages`). Any other refusal is the bank's list not read.
 */
async function listPage(query: URLSearchParams) {
  try {
    return await callBank('business', { method: 'GET', url: `${claimsUrl()}?${query}` });
  } catch (error) {
    if (error instanceof BankError && error.status === 404 && error.codes.includes('RESOURCE_UNKNOWN'))
      return 'none';
    throw error;
  }
}

/**
 * A payor's claims as the bank listed them: `complete` is false where a claim of the list could not be read (a status
 * outside the reference's enum, a member out of type), which is left out, or where the bank had more pages than
 * `MAX_PAGES`: the PSU is then told that not every bill of the bank is shown.
 */
export interface ClaimsList {
  claims: Claim[];
  complete: boolean;
  /** The ids of the claims left out as unreadable, where what the bank sent names one (`idOfUnreadable`). */
  unreadableIds: string[];
}

/**
 * Every claim on a payor (by kennitala), of every status, by due date: each page of the paged list
 * (`page`, `itemsPerPage`; `X-Paging-TotalPages` says how many), until the last. Each claim is read on its own:
 * one the app cannot read is left out, never the bank's whole list.
 */
export async function listClaims(payorId: string, now = new Date()): Promise<ClaimsList> {
  const claims: Claim[] = [];
  const unreadableIds: string[] = [];
  let complete = true;
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      payorId,
      dateFrom: shiftYears(now, -DATE_WINDOW_YEARS),
      dateTo: shiftYears(now, DATE_WINDOW_YEARS),
      dateType: 'DueDate',
      page: String(page),
      itemsPerPage: String(ITEMS_PER_PAGE),
    });
    const response = await listPage(query);
    if (response === 'none') break;
    if (!Array.isArray(response.body))
      throw new BankProtocolError('The claims interface answered a list in a shape we do not know');
    const read = response.body.map(parseClaim);
    const readable = read.filter((claim): claim is Claim => claim !== undefined);
    if (readable.length < read.length) complete = false;
    unreadableIds.push(
      ...response.body.flatMap((body, at) => (read[at] ? [] : (idOfUnreadable(body) ?? []))),
    );
    claims.push(...readable.map(claimAtBank));
    const totalPages = Number(response.headers.get('X-Paging-TotalPages'));
    const last = Number.isInteger(totalPages) && totalPages > 0 ? page >= totalPages : read.length === 0;
    if (last || read.length === 0) break;
    if (page === MAX_PAGES) return { claims, complete: false, unreadableIds };
  }
  return { claims, complete, unreadableIds };
}

/**
 * The claim with this id; `unreadable` where the bank answered it in a shape the app cannot read (a status outside
 * the reference's enum, a member out of type); undefined where there is none at the bank, or for an id of no claim's
 * form (never sent).
 */
export async function getClaim(claimId: string): Promise<Claim | 'unreadable' | undefined> {
  if (!isClaimId(claimId)) return undefined;
  try {
    const response = await callBank('business', { method: 'GET', url: claimPath(claimId) });
    const claim = parseClaim(response.body);
    return claim ? claimAtBank(claim) : 'unreadable';
  } catch (error) {
    if (error instanceof BankError && error.status === 404) return undefined;
    throw error;
  }
}
