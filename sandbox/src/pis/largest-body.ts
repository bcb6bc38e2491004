import type { PaymentService } from '../db/queries/payments.js';
import { MAX_BULK_PAYMENTS, MAX_STRUCTURED_REFERENCES } from './limits.js';

/**
 * The size in bytes of the largest initiation body this bank accepts, per payment service: every field present
 * at its longest, every free-text character one that takes four bytes in UTF-8, the lists as long as this bank
 * allows (limits.ts), written with two-space indentation as a TPP printing its JSON would. A body above it cannot
 * be a payment the bank would take, so the HTTP layer refuses it before reading it (README "Limits of one
 * request").
 *
 * Lengths are the spec's (parts 2.1 to 2.4) where it gives one. Where it gives none they are those of the
 * ISO 20022 element the field carries: bulk elements take the bounds of the same fields of a single payment;
 * `cashAccountType`, `serviceLevel` 4 (code sets); `buildingNumber`, `postCode` 16, `townName` 35,
 * `creditorAgent` 35 (a BICFI or a clearing member id), `resourceId` 35; a date-time at most 35 characters.
 */

/** `n` characters of four UTF-8 bytes each (U+1D11E). */
const text = (n: number) => '\u{1D11E}'.repeat(n);
const DATE_TIME = '2026-12-31T23:59:59.999999999+00:00';
const AMOUNT = { currency: 'ISK', amount: `-${'9'.repeat(14)}.999` };

const ACCOUNT = {
  iban: `IS00${'0'.repeat(30)}`,
  bban: '0'.repeat(30),
  maskedPan: text(35),
  msisdn: text(35),
  currency: 'ISK',
  cashAccountType: text(4),
};

const ADDRESS = {
  country: 'IS',
  streetName: text(70),
  buildingNumber: text(16),
  townName: text(35),
  postCode: text(16),
};

const STRUCTURED_REFERENCES = Array.from({ length: MAX_STRUCTURED_REFERENCES }, () => ({
  reference: text(35),
  referenceType: text(35),
  referenceIssuer: text(35),
}));

/** The fields a single payment (2.1) and a bulk element (2.3) share. */
const SHARED = {
  endToEndIdentification: text(35),
  instructionIdentification: text(35),
  debtorId: text(35),
  debtorAccount: ACCOUNT,
  ultimateDebtor: text(70),
  ultimateDebtorId: text(35),
  instructedAmount: AMOUNT,
  creditorAccount: ACCOUNT,
  creditorId: text(35),
  ultimateCreditor: text(70),
  ultimateCreditorId: text(35),
  centralBankPurposeCode: text(3),
  icelandicPurposeCode: text(2),
  remittanceInformationUnstructured: text(140),
  partialPayment: false,
};

const SINGLE = {
  ...SHARED,
  chargesAccount: ACCOUNT,
  creditorName: text(70),
  creditorAddress: ADDRESS,
  creditorAgent: text(35),
  creditorAgentName: text(70),
  creditorAgentAddress: ADDRESS,
  remittanceInformationStructured: STRUCTURED_REFERENCES,
  requestedExecutionDate: DATE_TIME,
  chargeBearer: 'SHAR',
  serviceLevel: text(4),
};

const PERIODIC = {
  endToEndIdentification: text(35),
  debtorId: text(35),
  debtorAccount: ACCOUNT,
  creditorAccount: ACCOUNT,
  creditorId: text(35),
  instructedAmount: AMOUNT,
  icelandicPurposeCode: text(2),
  remittanceInformationUnstructured: text(140),
  remittanceInformationStructured: text(140),
  startDate: DATE_TIME,
  executionRule: 'following',
  endDate: DATE_TIME,
  frequency: 'EveryTwoMonths',
  dayOfExecution: '31',
};

const BULK_ELEMENT = {
  ...SHARED,
  resourceId: text(35),
  remittanceInformationStructuredArray: STRUCTURED_REFERENCES,
};

function bytes(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(body, null, 2), 'utf8');
}

function bulkBytes(): number {
  const envelope = {
    batchBookingPreferred: false,
    debtorAccount: ACCOUNT,
    paymentInformationId: text(35),
    requestedExecutionDate: DATE_TIME,
    chargesAccount: ACCOUNT,
    payments: [BULK_ELEMENT],
  };
  // Each further element adds itself, its indentation inside the list and a separating comma.
  const oneMore = bytes({ ...envelope, payments: [BULK_ELEMENT, BULK_ELEMENT] }) - bytes(envelope);
  return bytes(envelope) + (MAX_BULK_PAYMENTS - 1) * oneMore;
}

/** Rounded up to whole KiB, so the documented figure is the one applied. */
const kib = (n: number) => Math.ceil(n / 1024) * 1024;

export const LARGEST_INITIATION_BODY: Readonly<Record<PaymentService, number>> = {
  payments: kib(bytes(SINGLE)),
  'periodic-payments': kib(bytes(PERIODIC)),
  'bulk-payments': kib(bulkBytes()),
};
