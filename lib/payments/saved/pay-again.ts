import type { BulkResults } from '@/lib/bank/bulk-results';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import type { BulkCells } from '@/lib/payments/csv/columns';

/**
 * A past payment (or a bulk template) as the starting values of its form. What names one payment
 * and no other (its end-to-end and instruction ids, the bulk's payment information id) and the days
 * it was to be paid are left for the PSU to give anew; everything else is as the bank was sent it.
 */
export interface FormPrefill {
  product: PaymentProduct;
  /** The payment's fields, as the form's inputs hold them. */
  payment: Record<string, unknown>;
  /** A standing order's names, kept beside its body (the periodic form's `label` and `creditorName`). */
  names?: { label?: string; creditorName?: string };
}

export interface BulkPrefill extends FormPrefill {
  /** The bulk's payments as the table's cells. */
  rows: BulkCells[];
}

const renewed = [
  'endToEndIdentification',
  'instructionIdentification',
  'requestedExecutionDate',
  'requestedExecutionTime',
  'startDate',
  'endDate',
  'paymentInformationId',
  'payments',
];

function without(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => !keys.includes(key) && value != null),
  );
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** One bulk element as a row of the bulk table (lib/payments/csv/columns.ts). */
export function elementCells(element: Record<string, unknown>): BulkCells {
  const account = record(element.creditorAccount);
  const amount = record(element.instructedAmount);
  const [structured] = Array.isArray(element.remittanceInformationStructuredArray)
    ? element.remittanceInformationStructuredArray
    : [];
  const cells: BulkCells = {
    creditorAccount: textOf(account.iban) ?? textOf(account.maskedPan) ?? '',
    amount: textOf(amount.amount) ?? '',
    currency: textOf(amount.currency) ?? 'ISK',
    remittanceReference: textOf(record(structured).reference),
    partialPayment: typeof element.partialPayment === 'boolean' ? String(element.partialPayment) : undefined,
  };
  for (const column of [
    'remittanceInformationUnstructured',
    'icelandicPurposeCode',
    'centralBankPurposeCode',
    'creditorId',
    'ultimateCreditor',
    'ultimateCreditorId',
    'debtorId',
    'ultimateDebtor',
    'ultimateDebtorId',
  ] as const) {
    const value = textOf(element[column]);
    if (value) cells[column] = value;
  }
  return Object.fromEntries(Object.entries(cells).filter(([, value]) => value !== undefined)) as BulkCells;
}

export function bulkPrefill(product: PaymentProduct, body: Record<string, unknown>): BulkPrefill {
  const elements = Array.isArray(body.payments) ? body.payments : [];
  return {
    product,
    payment: without(body, renewed),
    rows: elements.map((element) => elementCells(record(element))),
  };
}

/**
 * The payments of a bulk the bank rejected in part (PART) that it rejected, by their place in the bulk; undefined
 * where that cannot be told (no result per payment, or a list that is not the bulk's).
 */
export function rejectedOfPart(
  body: Record<string, unknown>,
  results: BulkResults | null | undefined,
): unknown[] | undefined {
  const elements = Array.isArray(body.payments) ? body.payments : [];
  const lines = results?.bulkStatus === 'PART' ? results.payments : null;
  if (!lines || lines.length !== elements.length) return undefined;
  const rejected = elements.filter((_, index) => {
    const line = lines[index];
    return line?.transactionStatus === 'RJCT' || (line?.errorCodes?.length ?? 0) > 0;
  });
  return rejected.length > 0 && rejected.length < elements.length ? rejected : undefined;
}

/**
 * Whether this is a bulk the bank carried out in part (PART) without saying which of its payments it rejected, as
 * `rejectedOfPart` tells them: "Pay again" fills in none of its payments, any of which may be paid already.
 */
export function partNotTold(payment: {
  service: PaymentService;
  body: Record<string, unknown>;
  transactionStatus?: string | null;
  bulkResults?: BulkResults | null;
}): boolean {
  if (payment.service !== 'bulk-payments') return false;
  const inPart = payment.transactionStatus === 'PART' || payment.bulkResults?.bulkStatus === 'PART';
  return inPart && rejectedOfPart(payment.body, payment.bulkResults) === undefined;
}

/**
 * Whether "Pay again" of this payment fills in a new bulk with the payments the bank rejected and no others: those
 * of a bulk rejected in part that can be told by their place (`rejectedOfPart`), or all of a bulk rejected whole.
 */
export function paysAgainRejectedOnly(payment: {
  service: PaymentService;
  body: Record<string, unknown>;
  bulkResults?: BulkResults | null;
}): boolean {
  if (payment.service !== 'bulk-payments') return false;
  return (
    payment.bulkResults?.bulkStatus === 'RJCT' ||
    rejectedOfPart(payment.body, payment.bulkResults) !== undefined
  );
}

/**
 * The prefill of a past payment's form, by its service. A bulk the bank rejected in part is paid again with the
 * payments it rejected only (`rejected`, which a caller that also tells their count has read already): those it
 * carried out are paid, and sent again they would be paid twice.
 */
export function payAgainPrefill(
  payment: {
    service: PaymentService;
    product: PaymentProduct;
    body: Record<string, unknown>;
    label?: string | null;
    creditorName?: string | null;
    bulkResults?: BulkResults | null;
  },
  rejected = rejectedOfPart(payment.body, payment.bulkResults),
): FormPrefill | BulkPrefill {
  if (payment.service === 'bulk-payments') {
    return bulkPrefill(payment.product, rejected ? { ...payment.body, payments: rejected } : payment.body);
  }
  const prefill: FormPrefill = { product: payment.product, payment: without(payment.body, renewed) };
  if (payment.service === 'periodic-payments') prefill.names = namesOf(payment);
  return prefill;
}

/** A standing order's names as the periodic form holds them, the empty ones left out. */
export function namesOf(from: { label?: string | null; creditorName?: string | null }): FormPrefill['names'] {
  return {
    ...(from.label ? { label: from.label } : {}),
    ...(from.creditorName ? { creditorName: from.creditorName } : {}),
  };
}

/** Where each service's form is. */
export const formPathOf: Record<PaymentService, string> = {
  payments: '/payments/new/single',
  'periodic-payments': '/payments/new/periodic',
  'bulk-payments': '/payments/new/bulk',
};
