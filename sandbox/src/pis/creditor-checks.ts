import { amountDue, claimTargetOf } from '../claims/settlement.js';
import type { Queryable } from '../db/db.js';
import { findAccountByReference, findAccountHolder, keepsBankCode } from '../db/queries/accounts.js';
import { findCard } from '../db/queries/cards.js';
import { fail } from '../errors.js';
import { icelandicIban } from '../shared/iban.js';
import { fromMinorUnits, toMinorUnits } from '../shared/money.js';

type AccountReference = { iban?: string | null; bban?: string | null; maskedPan?: string | null };
type Body = Record<string, unknown>;

/** The four-digit bank-and-branch code of an Icelandic account reference (an IS IBAN, or a 22-digit BBAN). */
function bankCodeOf(reference: AccountReference): string | undefined {
  if (reference.iban) return reference.iban.startsWith('IS') ? reference.iban.slice(4, 8) : undefined;
  return reference.bban && /^[0-9]{22}$/.test(reference.bban) ? reference.bban.slice(0, 4) : undefined;
}

/**
 * The databases of the other banks the process plays (server.ts), where a creditor account of theirs is looked
 * up: a credit transfer from one bank to another is ordinary in Iceland.
 */
export type OtherBanks = () => Promise<readonly Queryable[]>;

/**
 * A creditor account that names this bank (an Icelandic IBAN, or a 22-digit BBAN, with a bank-and-branch code of
 * accounts it keeps) must exist here, and one that names another bank the process plays must exist there: a bank
 * knows its own accounts at initiation, and the sandbox's banks know each other's (400
 * CREDITOR_ACCOUNT_NOT_FOUND). Accounts of banks the sandbox does not play are not checked. Bulk elements are
 * checked element by element at execution instead (PART).
 */
export async function checkCreditorHere(
  db: Queryable,
  reference: AccountReference | undefined,
  path: string,
  otherBanks?: OtherBanks,
) {
  if (!reference) return;
  const bankCode = bankCodeOf(reference);
  if (!bankCode) return;
  let keeper: Queryable | undefined;
  if (await keepsBankCode(db, bankCode)) keeper = db;
  else {
    for (const other of otherBanks ? await otherBanks() : []) {
      if (await keepsBankCode(other, bankCode)) {
        keeper = other;
        break;
      }
    }
  }
  if (keeper && !(await findAccountByReference(keeper, reference)))
    fail(400, 'CREDITOR_ACCOUNT_NOT_FOUND', path, 'The creditor account does not exist at its bank.');
}

const COLLECTION_AGENCY_STATES = new Set(['SecondaryCollection', 'LegalCollection']);

/**
 * A payment (or bulk element, `prefix` `payments[i].`) meant for a claim (claims/settlement.ts: by its claim key
 * as a BBAN, ÍST TS 310, or by reference and deposit account) must name one that can still be paid here:
 * - no claim with that key: 400 CLAIM_NOT_FOUND; a cancelled one likewise (it is no longer there to be paid);
 * - paid: 400 CLAIM_ALREADY_PAID;
 * - past its expiration date ("the claim cancellation date", IOBWS-Claims 3.1): 400 RESOURCE_EXPIRED, a payload
 *   reference to a resource that "has expired, not addressable anymore" (BG IG 14.11);
 * - with a collection agency (collectionState SecondaryCollection or LegalCollection): 400 RESOURCE_BLOCKED, "not
 *   addressable by this request, since it is blocked" (BG IG 14.11): it is paid to the agency.
 * A payment by claim key pays in the claim's currency (else 400 FORMAT_ERROR on its currency). A payment in the
 * claim's currency of more than is due on it: 400 FORMAT_ERROR at its amount, the code that carries a field's path
 * (a claim is not paid over what is due, docs/sandbox-extras.md). Returns what is still due: the amount of a payment
 * that gives none (spec 2.1: instructedAmount is optional).
 */
export async function checkClaimPayment(
  db: Queryable,
  element: Body,
  prefix: string,
  today: string,
): Promise<{ currency: string; amount: string } | undefined> {
  const target = await claimTargetOf(db, element);
  if (!target) return undefined;
  const path = `${prefix}${target.path}`;
  if (!target.found) fail(400, 'CLAIM_NOT_FOUND', path, 'No claim has this claim key.');
  const claim = target.claim;
  if (claim.status === 'Paid')
    fail(400, 'CLAIM_ALREADY_PAID', path, 'The claim this payment refers to is already paid.');
  if (claim.status === 'Cancelled')
    fail(400, 'CLAIM_NOT_FOUND', path, 'The claim this payment refers to was cancelled by its claimant.');
  if (claim.expiration_date < today)
    fail(400, 'RESOURCE_EXPIRED', path, `The claim expired on ${claim.expiration_date} and cannot be paid.`);
  if (COLLECTION_AGENCY_STATES.has(claim.collection_state))
    fail(400, 'RESOURCE_BLOCKED', path, 'The claim is with a collection agency: it is paid there.');
  const currency = (element.instructedAmount as { currency?: unknown } | undefined)?.currency;
  if (target.byKey && currency !== undefined && currency !== claim.currency) {
    fail(
      400,
      'FORMAT_ERROR',
      `${prefix}instructedAmount.currency`,
      `The claim is in ${claim.currency}: pay it in ${claim.currency}.`,
    );
  }
  const due = amountDue(claim);
  const dueAmount = fromMinorUnits(due.minor, due.currency);
  const given = element.instructedAmount as { currency?: unknown; amount?: unknown } | undefined;
  if (
    given?.currency === claim.currency &&
    typeof given.amount === 'string' &&
    toMinorUnits(given.amount, claim.currency) > due.minor
  ) {
    fail(
      400,
      'FORMAT_ERROR',
      `${prefix}instructedAmount.amount`,
      `More than is due on the claim: ${dueAmount} ${claim.currency} is due, and a claim is not paid over it.`,
    );
  }
  return { currency: due.currency, amount: dueAmount };
}

/**
 * A masked PAN as spec 2.4 has it: "first 6 and last 4 digits visible, middle masked with asterisks" (max 35);
 * a card number (PAN) has 12 to 19 digits (ISO/IEC 7812), so 2 to 9 asterisks.
 */
export const MASKED_PAN = /^[0-9]{6}\*{2,9}[0-9]{4}$/;

/**
 * `card-deposits` (a withdrawal "to pay onto the account behind a payment card", ÍST TS 310) names the card by
 * `maskedPan`: absent or malformed, 400 FORMAT_ERROR at its path; a card this bank does not know, 400 CARD_NOT_FOUND;
 * a blocked card, 400 RESOURCE_BLOCKED. Returns the card.
 */
export async function checkCardCreditor(
  db: Queryable,
  reference: { maskedPan?: string | null } | undefined,
  path: string,
) {
  const pan = reference?.maskedPan;
  if (!pan) fail(400, 'FORMAT_ERROR', `${path}.maskedPan`, 'A card deposit names the card by its maskedPan.');
  if (!MASKED_PAN.test(pan)) {
    fail(
      400,
      'FORMAT_ERROR',
      `${path}.maskedPan`,
      'maskedPan shows the first 6 and last 4 digits of the card number, the middle masked with asterisks.',
    );
  }
  const card = await findCard(db, pan);
  if (!card) fail(400, 'CARD_NOT_FOUND', `${path}.maskedPan`, 'This bank knows no card with this number.');
  if (card.blocked)
    fail(400, 'RESOURCE_BLOCKED', `${path}.maskedPan`, 'The card is blocked: nothing is paid onto it.');
  return card;
}

/** A company's kennitala begins with 4 to 7 (a person's with 0 to 3: the day of birth). */
const isCompany = (kennitala: string) => /^[4-7]/.test(kennitala);

/**
 * This bank offers card deposits to individuals: from a company's account the product is "not available for the
 * PSU", 403 PRODUCT_INVALID (BG IG 14.11.2).
 */
export async function checkProductFor(db: Queryable, product: string, debtorIban: string) {
  if (product !== 'card-deposits') return;
  const holder = await findAccountHolder(db, debtorIban);
  if (holder && isCompany(holder.kennitala)) {
    fail(
      403,
      'PRODUCT_INVALID',
      'payment-product',
      'Card deposits are offered to individuals, not companies.',
    );
  }
}

/** The EEA outside Iceland: an account there is named by its IBAN only. */
const IBAN_ONLY_COUNTRIES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE LI NO'.split(' '),
);

/** A creditor IBAN the bank's screening of recipients refuses (the sandbox's scenario for PAYMENT_FAILED). */
export const SCREENED_CREDITOR_IBAN = icelandicIban('0111', '26', '666666', '6608692349');

function hasKid(body: Body): boolean {
  const structured = body.remittanceInformationStructured;
  return (
    Array.isArray(structured) &&
    structured.some(
      (s) =>
        typeof (s as { referenceType?: unknown }).referenceType === 'string' &&
        (s as { referenceType: string }).referenceType.toUpperCase() === 'KID' &&
        /^[0-9]{2,25}$/.test(String((s as { reference?: unknown }).reference ?? '')),
    )
  );
}

/**
 * What the bank needs to know of the recipient of a single payment (the spec is silent on which condition yields
 * these codes; these are the sandbox's scenarios, README "Which condition yields which error"):
 * - abroad (a creditor IBAN outside Iceland): `creditorName` and `creditorAddress`, else 400
 *   RECIPIENT_INFO_INSUFFICIENT at the missing one;
 * - in Norway: a KID (`remittanceInformationStructured[]` with `referenceType` KID), else 401 REQUIRED_KID_MISSING
 *   ("ASPSP can require the payer to transmit the KID", BG IG 14.11.2);
 * - an account given by `bban` while `creditorAddress.country` is in the EEA outside Iceland: 400
 *   RECIPIENT_COUNTRY_IS_IBAN_ONLY at `creditorAccount`;
 * - the creditor IBAN the bank's screening refuses: 400 PAYMENT_FAILED ("failed during the initial process").
 */
export function checkRecipient(body: Body) {
  const creditor = (body.creditorAccount ?? {}) as AccountReference;
  const address = body.creditorAddress as { country?: unknown } | null | undefined;
  const iban = creditor.iban ?? '';
  if (iban !== '' && !iban.startsWith('IS')) {
    if (typeof body.creditorName !== 'string' || body.creditorName.trim() === '') {
      fail(
        400,
        'RECIPIENT_INFO_INSUFFICIENT',
        'creditorName',
        'A payment abroad needs the recipient’s name.',
      );
    }
    if (!address) {
      fail(
        400,
        'RECIPIENT_INFO_INSUFFICIENT',
        'creditorAddress',
        'A payment abroad needs the recipient’s address.',
      );
    }
    if (iban.startsWith('NO') && !hasKid(body)) {
      fail(
        401,
        'REQUIRED_KID_MISSING',
        'remittanceInformationStructured',
        'This Norwegian creditor requires its KID: a structured reference with referenceType KID.',
      );
    }
  }
  if (
    iban === '' &&
    creditor.bban &&
    typeof address?.country === 'string' &&
    IBAN_ONLY_COUNTRIES.has(address.country)
  ) {
    fail(
      400,
      'RECIPIENT_COUNTRY_IS_IBAN_ONLY',
      'creditorAccount',
      `An account in ${address.country} is named by its IBAN.`,
    );
  }
  if (iban === SCREENED_CREDITOR_IBAN) {
    fail(
      400,
      'PAYMENT_FAILED',
      'creditorAccount',
      'The payment failed the bank’s screening of its recipient.',
    );
  }
}
