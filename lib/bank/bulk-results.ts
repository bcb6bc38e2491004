import { z } from 'zod';

/**
 * What the bank says of each payment of a bulk, from the payment information read (payment spec 2.6;
 * its bulk shape as IOBWS 3.2 `bulkPaymentInitiationDomesticWithStatusResponse` shows it). Banks say
 * it either way, and some not at all: an element's own `transactionStatus` (Berlin Group's bulk with
 * status), or IOBWS's `errors.tppMessages` on an element the bank did not carry out; or nothing per
 * element, and then only the bulk's own status is known.
 */
export interface BulkPaymentResult {
  /** Where it stands in the bank's list, from 1. */
  position: number;
  /** The creditor account as the bank gave it: its IBAN, BBAN, masked card number or phone alias. */
  creditorAccount?: string;
  amount?: string;
  currency?: string;
  /** The element's endToEndIdentification or unstructured remittance, for the PSU to recognise it. */
  reference?: string;
  /** The element's own transaction status, where the bank gives one. */
  transactionStatus?: string;
  /** Spec part 7 codes of the errors the bank gave for the element (IOBWS), if any. */
  errorCodes?: string[];
}

export interface BulkResults {
  /** The bulk's status when it was read. */
  bulkStatus: string;
  /** Each payment's result; null when the bank gave no result per payment. */
  payments: BulkPaymentResult[] | null;
  /** The debtor account holder's name, where the bank gave it (`debtorName`, as in a single payment's, spec 2.6). */
  debtorName?: string;
}

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .catch(undefined)
    .transform((value) => value ?? undefined);

const elementSchema = z.object({
  creditorAccount: z
    .object({ iban: text(34), bban: text(30), maskedPan: text(35), msisdn: text(35) })
    .nullish()
    .catch(undefined),
  instructedAmount: z
    .object({
      currency: z.string().regex(/^[A-Z]{3}$/),
      amount: z.string().regex(/^-?\d{1,14}(\.\d{1,3})?$/),
    })
    .nullish()
    .catch(undefined),
  endToEndIdentification: text(35),
  remittanceInformationUnstructured: text(140),
  transactionStatus: z
    .string()
    .regex(/^[A-Z]{4}$/)
    .nullish()
    .catch(undefined),
  errors: z
    .object({ tppMessages: z.array(z.object({ code: z.string().regex(/^[A-Z0-9_]{1,60}$/) }).loose()) })
    .nullish()
    .catch(undefined),
});

const bulkSchema = z.object({ payments: z.array(z.unknown()).max(100_000), debtorName: text(70) });

/** The results of a bulk read, or undefined when the answer is not a bulk payment's information at all. */
export function toBulkResults(body: unknown, bulkStatus: string): BulkResults | undefined {
  const bulk = bulkSchema.safeParse(body);
  if (!bulk.success) return undefined;
  const payments = bulk.data.payments.map((entry, index): BulkPaymentResult => {
    const element = elementSchema.safeParse(entry ?? {});
    const e = element.success ? element.data : undefined;
    const account = e?.creditorAccount;
    const errorCodes = e?.errors?.tppMessages.map((message) => message.code);
    return {
      position: index + 1,
      creditorAccount: account?.iban ?? account?.bban ?? account?.maskedPan ?? account?.msisdn,
      amount: e?.instructedAmount?.amount,
      currency: e?.instructedAmount?.currency,
      reference: e?.endToEndIdentification ?? e?.remittanceInformationUnstructured,
      transactionStatus: e?.transactionStatus ?? undefined,
      ...(errorCodes?.length ? { errorCodes } : {}),
    };
  });
  const anyResult = payments.some((payment) => payment.transactionStatus || payment.errorCodes);
  const debtorName = bulk.data.debtorName;
  return { bulkStatus, payments: anyResult ? payments : null, ...(debtorName ? { debtorName } : {}) };
}
