import { alreadyPaidClaimPath } from '../claims/settlement.js';
import { describeAjvError, loadPisContract } from '../contract.js';
import type { Queryable } from '../db/db.js';
import { type AccountRow, findAccountByReference } from '../db/queries/accounts.js';
import type { PaymentService } from '../db/queries/payments.js';
import { fail } from '../errors.js';
import { isValidIbanChecksum } from '../shared/iban.js';
import {
  convertMinor,
  currencyExponent,
  fractionDigits,
  isKnownCurrency,
  toMinorUnits,
} from '../shared/money.js';
import { SANDBOX_BANK_CODES } from './bank-codes.js';

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
  debtor: AccountRow;
  /** Sum of the instructed amounts in the debtor account's currency (converted at the sandbox's fixed rates). */
  totalMinor: bigint;
  paymentInformationId: string | null;
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
 * A creditor account that names this bank (an Icelandic IBAN, or a 22-digit BBAN, with one of its bank codes)
 * must exist here: the bank knows its own accounts at initiation (400 CREDITOR_ACCOUNT_NOT_FOUND). Accounts at
 * other banks are not checked. Bulk elements are checked element by element at execution instead (PART).
 */
async function checkCreditorHere(db: Queryable, reference: AccountReference | undefined, path: string) {
  if (!reference) return;
  const bankCode = reference.iban
    ? reference.iban.startsWith('IS')
      ? reference.iban.slice(4, 8)
      : undefined
    : reference.bban && /^[0-9]{22}$/.test(reference.bban)
      ? reference.bban.slice(0, 4)
      : undefined;
  if (!bankCode || !SANDBOX_BANK_CODES.has(bankCode)) return;
  if (!(await findAccountByReference(db, reference)))
    fail(400, 'CREDITOR_ACCOUNT_NOT_FOUND', path, 'The creditor account does not exist at this bank.');
}

async function checkClaimNotPaid(db: Queryable, element: Body, prefix: string) {
  const path = await alreadyPaidClaimPath(db, element);
  if (path !== undefined)
    fail(400, 'CLAIM_ALREADY_PAID', `${prefix}${path}`, 'The claim this payment refers to is already paid.');
}

async function findDebtor(
  db: Queryable,
  reference: AccountReference | undefined,
  path: string,
): Promise<AccountRow> {
  const account = reference ? await findAccountByReference(db, reference) : undefined;
  if (!account)
    fail(400, 'DEBTOR_ACCOUNT_NOT_FOUND', path, 'The debtor account is not an account of this bank.');
  return account;
}

/**
 * The body against the contract, then the rules a schema cannot express. Errors name the field in the
 * same dotted form as schema errors: `instructedAmount.amount`, `payments[1].creditorAccount.iban`.
 */
export async function validateInitiationBody(
  db: Queryable,
  service: PaymentService,
  body: unknown,
  now: number,
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
    const parentDebtor = b.debtorAccount as AccountReference | undefined;
    const firstElementDebtor = payments[0]?.debtorAccount as AccountReference | undefined;
    if (!parentDebtor && !firstElementDebtor) {
      fail(400, 'FORMAT_ERROR', 'debtorAccount', 'A bulk payment needs a debtorAccount on the bulk body.');
    }
    const debtor = await findDebtor(
      db,
      parentDebtor ?? firstElementDebtor,
      parentDebtor ? 'debtorAccount' : 'payments[0].debtorAccount',
    );
    let totalMinor = 0n;
    for (const [index, element] of payments.entries()) {
      const own = element.debtorAccount as AccountReference | undefined;
      if (own) {
        const account = await findDebtor(db, own, `payments[${index}].debtorAccount`);
        if (account.iban !== debtor.iban) {
          fail(
            400,
            'PARAMETER_NOT_SUPPORTED',
            `payments[${index}].debtorAccount`,
            'All payments of a bulk must be made from the same debtor account.',
          );
        }
      }
      await checkClaimNotPaid(db, element, `payments[${index}].`);
      const amount = element.instructedAmount as Amount;
      totalMinor += convertMinor(
        toMinorUnits(amount.amount, amount.currency),
        amount.currency,
        debtor.currency,
      );
    }
    return { debtor, totalMinor, paymentInformationId: b.paymentInformationId as string };
  }

  const amount = b.instructedAmount as Amount | undefined;
  if (!amount) fail(400, 'FORMAT_ERROR', 'instructedAmount', 'instructedAmount is required by this bank.');
  checkAmount(amount, 'instructedAmount');
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
  const debtor = await findDebtor(db, b.debtorAccount as AccountReference, 'debtorAccount');
  await checkCreditorHere(db, b.creditorAccount as AccountReference | undefined, 'creditorAccount');
  if (service === 'payments') await checkClaimNotPaid(db, b, '');
  const totalMinor = convertMinor(
    toMinorUnits(amount.amount, amount.currency),
    amount.currency,
    debtor.currency,
  );
  return { debtor, totalMinor, paymentInformationId: null };
}
