import { describeAjvError, loadPisContract } from '../contract.js';
import type { Queryable } from '../db/db.js';
import {
  type AccountRow,
  type DebtorAccount,
  findAccountByReference,
  findDebtorAccount,
} from '../db/queries/accounts.js';
import type { PaymentProduct, PaymentService } from '../db/queries/payments.js';
import { fail } from '../errors.js';
import { isValidIbanChecksum } from '../shared/iban.js';
import {
  convertMinor,
  currencyExponent,
  fractionDigits,
  isKnownCurrency,
  toMinorUnits,
} from '../shared/money.js';
import {
  checkCardCreditor,
  checkClaimPayment,
  checkCreditorHere,
  checkRecipient,
  type OtherBanks,
} from './creditor-checks.js';

type AccountReference = {
  iban?: string | null;
  bban?: string | null;
  maskedPan?: string | null;
  msisdn?: string | null;
  currency?: string | null;
};
type Amount = { currency: string; amount: string };
type Body = Record<string, unknown>;

const SCHEMA_FOR: Record<PaymentService, string> = {
  payments: 'SinglePaymentInitiation',
  'periodic-payments': 'PeriodicPaymentInitiation',
  'bulk-payments': 'BulkPaymentInitiation',
};

export interface ValidatedInitiation {
  /** With its owner as the SCA approach is decided from (sca/approach.ts). */
  debtor: DebtorAccount;
  /** Sum of the instructed amounts in the debtor account's currency (converted at the sandbox's fixed rates). */
  totalMinor: bigint;
  paymentInformationId: string | null;
  /**
   * A single payment sent without instructedAmount (spec 2.1: "no (not in the required list)") that pays no claim:
   * the PSU states the amount on the bank's SCA page (sca/bank-pages.ts); `totalMinor` is 0 until then.
   */
  amountStatedByPsu: boolean;
}

function checkSchema(service: PaymentService, body: unknown) {
  if (
    service === 'bulk-payments' &&
    body &&
    typeof body === 'object' &&
    Array.isArray((body as Body).payments)
  ) {
    // A clearer message than "unknown property" for the one field a bulk element must not carry.
    for (const [index, element] of ((body as Body).payments as unknown[]).entries()) {
      if (element && typeof element === 'object' && 'requestedExecutionDate' in element) {
        fail(
          400,
          'FORMAT_ERROR',
          `payments[${index}].requestedExecutionDate`,
          'requestedExecutionDate belongs on the bulk body, not on a bulk element.',
        );
      }
    }
  }
  const validate = loadPisContract().validator(SCHEMA_FOR[service]);
  if (!validate(body)) {
    const first = validate.errors?.[0];
    const { path, text } = first ? describeAjvError(first) : { path: '', text: 'The body is not valid.' };
    fail(400, 'FORMAT_ERROR', path || null, text);
  }
}

function checkAmount(amount: Amount, path: string) {
  if (!isKnownCurrency(amount.currency)) {
    fail(400, 'FORMAT_ERROR', `${path}.currency`, `${amount.currency} is not an ISO 4217 currency code.`);
  }
  const exponent = currencyExponent(amount.currency);
  if (fractionDigits(amount.amount) > exponent) {
    fail(
      400,
      'FORMAT_ERROR',
      `${path}.amount`,
      exponent === 0
        ? `${amount.currency} amounts have no fraction digits.`
        : `${amount.currency} amounts have at most ${exponent} fraction digits.`,
    );
  }
  if (toMinorUnits(amount.amount, amount.currency) <= 0n) {
    fail(400, 'FORMAT_ERROR', `${path}.amount`, 'The amount must be greater than zero.');
  }
}

function checkAccountReference(reference: AccountReference | undefined, path: string) {
  if (!reference) return;
  if (!reference.iban && !reference.bban && !reference.maskedPan && !reference.msisdn) {
    fail(400, 'FORMAT_ERROR', path, `${path} must identify an account by iban, bban, maskedPan or msisdn.`);
  }
  if (reference.iban && !isValidIbanChecksum(reference.iban)) {
    fail(400, 'FORMAT_ERROR', `${path}.iban`, `${path}.iban has an invalid check digit.`);
  }
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function checkExecutionDate(value: unknown, path: string, now: number) {
  if (typeof value !== 'string') return;
  if (utcDay(Date.parse(value)) < utcDay(now)) {
    fail(400, 'EXECUTION_DATE_INVALID', path, 'The requested execution date is in the past.');
  }
}

/**
 * The debtor account found: one of this bank's (400 DEBTOR_ACCOUNT_NOT_FOUND) and not frozen (400
 * RESOURCE_BLOCKED).
 */
function checkedDebtor<T extends AccountRow>(account: T | undefined, path: string): T {
  if (!account)
    fail(400, 'DEBTOR_ACCOUNT_NOT_FOUND', path, 'The debtor account is not an account of this bank.');
  if (account.blocked)
    fail(400, 'RESOURCE_BLOCKED', path, 'The debtor account is frozen by the bank: nothing is paid from it.');
  return account;
}

/** The account a payment is paid from, checked, with its owner, who may own `creditorIban` too. */
async function findDebtor(
  db: Queryable,
  reference: AccountReference | undefined,
  path: string,
  creditorIban: string | null = null,
): Promise<DebtorAccount> {
  return checkedDebtor(reference && (await findDebtorAccount(db, reference, creditorIban)), path);
}

/**
 * The account a bulk is paid from. Spec 2.3 makes `debtorAccount` optional on the bulk body and on each element;
 * ÍST TS 310 lets the elements name their own when the body names none. So: the body's account, which an element
 * may repeat; without one, each element names the account it is paid from (400 FORMAT_ERROR at an element that does
 * not: no element's account stands in for another's). This bank books a bulk from one account, so elements naming
 * different accounts are 400 PARAMETER_NOT_SUPPORTED, a parameter "not supported by the API provider" (BG IG
 * 14.11); a bank that books each element from its own account (TS 310, batchBookingPreferred false) is allowed
 * too (docs/sandbox-extras.md).
 */
async function bulkDebtor(
  db: Queryable,
  parent: AccountReference | undefined,
  payments: Body[],
): Promise<DebtorAccount> {
  if (!parent) {
    for (const [index, element] of payments.entries()) {
      if (!element.debtorAccount) {
        fail(
          400,
          'FORMAT_ERROR',
          index === 0 ? 'debtorAccount' : `payments[${index}].debtorAccount`,
          'Name the account to pay from on the bulk body, or on every payment of the bulk.',
        );
      }
    }
  }
  const first = payments[0]?.debtorAccount as AccountReference | undefined;
  const debtor = await findDebtor(
    db,
    parent ?? first,
    parent ? 'debtorAccount' : 'payments[0].debtorAccount',
  );
  for (const [index, element] of payments.entries()) {
    const own = element.debtorAccount as AccountReference | undefined;
    if (!own) continue;
    // Only compared with the bulk's account: its owner is not read again.
    const account = checkedDebtor(await findAccountByReference(db, own), `payments[${index}].debtorAccount`);
    if (account.iban !== debtor.iban) {
      fail(
        400,
        'PARAMETER_NOT_SUPPORTED',
        `payments[${index}].debtorAccount`,
        'This bank books a bulk payment from one account: every payment of it must name the same debtorAccount.',
      );
    }
  }
  return debtor;
}

/**
 * The body against the contract, then the rules a schema cannot express. Errors name the field in the
 * same dotted form as schema errors: `instructedAmount.amount`, `payments[1].creditorAccount.iban`.
 */
export async function validateInitiationBody(
  db: Queryable,
  service: PaymentService,
  product: PaymentProduct,
  body: unknown,
  now: number,
  otherBanks?: OtherBanks,
): Promise<ValidatedInitiation> {
  checkSchema(service, body);
  const b = body as Body;
  if (service === 'bulk-payments') {
    const payments = b.payments as Body[];
    checkAccountReference(b.debtorAccount as AccountReference | undefined, 'debtorAccount');
    checkAccountReference(b.chargesAccount as AccountReference | undefined, 'chargesAccount');
    checkExecutionDate(b.requestedExecutionDate, 'requestedExecutionDate', now);
    for (const [index, element] of payments.entries()) {
      checkAmount(element.instructedAmount as Amount, `payments[${index}].instructedAmount`);
      checkAccountReference(
        element.creditorAccount as AccountReference,
        `payments[${index}].creditorAccount`,
      );
      checkAccountReference(
        element.debtorAccount as AccountReference | undefined,
        `payments[${index}].debtorAccount`,
      );
    }
    for (const [index, element] of payments.entries()) {
      // Spec 2.3: for foreign payments debtorAccount (and chargesAccount) belong on the bulk body only.
      const creditorIban = (element.creditorAccount as AccountReference | undefined)?.iban ?? '';
      const foreign =
        (element.instructedAmount as Amount).currency !== 'ISK' ||
        (creditorIban !== '' && !creditorIban.startsWith('IS'));
      if (foreign && element.debtorAccount) {
        fail(
          400,
          'FORMAT_ERROR',
          `payments[${index}].debtorAccount`,
          'A foreign payment in a bulk takes its debtorAccount from the bulk body, not from the element.',
        );
      }
    }
    const debtor = await bulkDebtor(db, b.debtorAccount as AccountReference | undefined, payments);
    let totalMinor = 0n;
    for (const [index, element] of payments.entries()) {
      if (product === 'card-deposits') {
        await checkCardCreditor(
          db,
          element.creditorAccount as AccountReference,
          `payments[${index}].creditorAccount`,
        );
      }
      await checkClaimPayment(db, element, `payments[${index}].`, utcDay(now));
      const amount = element.instructedAmount as Amount;
      totalMinor += convertMinor(
        toMinorUnits(amount.amount, amount.currency),
        amount.currency,
        debtor.currency,
      );
    }
    return {
      debtor,
      totalMinor,
      paymentInformationId: b.paymentInformationId as string,
      amountStatedByPsu: false,
    };
  }

  const given = b.instructedAmount as Amount | undefined;
  if (given) checkAmount(given, 'instructedAmount');
  checkAccountReference(b.debtorAccount as AccountReference, 'debtorAccount');
  checkAccountReference(b.creditorAccount as AccountReference | undefined, 'creditorAccount');
  checkAccountReference(b.chargesAccount as AccountReference | undefined, 'chargesAccount');
  if (service === 'payments') checkExecutionDate(b.requestedExecutionDate, 'requestedExecutionDate', now);
  if (service === 'periodic-payments') {
    checkExecutionDate(b.startDate, 'startDate', now);
    if (
      typeof b.startDate === 'string' &&
      typeof b.endDate === 'string' &&
      Date.parse(b.endDate) < Date.parse(b.startDate)
    ) {
      fail(400, 'PERIOD_INVALID', 'endDate', 'endDate is before startDate.');
    }
    // Without a startDate the standing order starts today: an endDate before today ends it before it starts.
    if (
      b.startDate === undefined &&
      typeof b.endDate === 'string' &&
      utcDay(Date.parse(b.endDate)) < utcDay(now)
    ) {
      fail(400, 'PERIOD_INVALID', 'endDate', 'endDate is before the start of the standing order (today).');
    }
  }
  const creditorIban =
    service === 'payments' ? ((b.creditorAccount as AccountReference | undefined)?.iban ?? null) : null;
  const debtor = await findDebtor(db, b.debtorAccount as AccountReference, 'debtorAccount', creditorIban);
  if (product === 'card-deposits') {
    await checkCardCreditor(db, b.creditorAccount as AccountReference | undefined, 'creditorAccount');
  } else {
    await checkCreditorHere(
      db,
      b.creditorAccount as AccountReference | undefined,
      'creditorAccount',
      otherBanks,
    );
    if (service === 'payments') checkRecipient(b);
  }
  const due = service === 'payments' ? await checkClaimPayment(db, b, '', utcDay(now)) : undefined;
  // Spec 2.1: instructedAmount is "no (not in the required list)". A claim payment without one pays what is due
  // (the bank fills it in); any other payment gets its amount from the PSU on the bank's SCA page.
  if (!given && due) b.instructedAmount = due;
  const amount = b.instructedAmount as Amount | undefined;
  if (!amount) return { debtor, totalMinor: 0n, paymentInformationId: null, amountStatedByPsu: true };
  const totalMinor = convertMinor(
    toMinorUnits(amount.amount, amount.currency),
    amount.currency,
    debtor.currency,
  );
  return { debtor, totalMinor, paymentInformationId: null, amountStatedByPsu: false };
}
