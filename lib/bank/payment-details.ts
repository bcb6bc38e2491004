import { z } from 'zod';
import { reykjavikDateOf } from '@/lib/payments/calendar/date-time';
import { type Fee, readFeeList } from './costs';

/**
 * What the bank says of a payment when it is read back (payment spec 2.6): the names it holds for the
 * two sides, the date it will pay or paid on, the message it carries, and the fees and rate it
 * applies. Every member is read on its own and only where the bank gave it in a shape we can show; an
 * unreadable member is left out, never shown as something else. `status` is the transaction status the
 * payment had when it was read, so that the details are read again once it changes.
 */
export interface BankPaymentDetails {
  status: string;
  debtorName?: string;
  creditorName?: string;
  /** Spec 2.6 `requestedExecutionDate`: the day (in Iceland) the bank will pay or paid, as it holds it now. */
  requestedExecutionDate?: string;
  remittanceInformationUnstructured?: string;
  remittanceInformationStructured?: string;
  endToEndIdentification?: string;
  /** On whose behalf the payment is made, and its final recipient, as the bank holds them. */
  ultimateDebtor?: string;
  ultimateCreditor?: string;
  /** The recipient's bank: its BICFI, or another identification where none applies (spec 2.1). */
  creditorAgent?: string;
  creditorAddress?: {
    country: string;
    streetName?: string;
    buildingNumber?: string;
    townName?: string;
    postCode?: string;
  };
  /** Who bears the charges (spec 2.4 ChargeBearer). */
  chargeBearer?: 'DEBT' | 'CRED' | 'SHAR' | 'SLEV';
  icelandicPurposeCode?: string;
  /** The account the charges are taken from, as its identifier (iban, bban, maskedPan or msisdn). */
  chargesAccount?: string;
  transactionFeesDetails?: Fee[];
  /** How many entries of the bank's list of fees could not be read (lib/bank/costs.ts `readFeeList`). */
  unreadableFees?: number;
  exchangeRateInformation?: {
    unitCurrency?: string;
    exchangeRate?: string;
    contractIdentification?: string;
    rateType?: string;
  };
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .nullish()
    .catch(undefined)
    .transform((value) => value ?? undefined);

// A date-time in local time, without a zone (ISO 20022 ISODateTime allows one): in Iceland, UTC all year.
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/**
 * The calendar day in Iceland of a calendar day or a date-time (spec 2.6 says date-time, with `Z` or an offset;
 * IOBWS 3.2 writes a date; ISO 20022 may leave the zone out), kept as the day; one that reads as no day is left
 * out, so that every reader of it (the payment's page, the payments waiting) falls back to the day asked for alike.
 */
const day = z
  .string()
  .nullish()
  .catch(undefined)
  .transform((value) => {
    if (!value) return undefined;
    const local = LOCAL_DATE_TIME.exec(value)?.[1];
    return reykjavikDateOf(local ?? value);
  });

/** Spec 2.4 Address: a country, and what else of it the bank gives. */
const address = z
  .object({
    country: z.string().regex(/^[A-Z]{2}$/),
    streetName: text(70),
    buildingNumber: text(70),
    townName: text(70),
    postCode: text(70),
  })
  .nullish()
  .catch(undefined)
  .transform((value) =>
    value ? Object.fromEntries(Object.entries(value).filter(([, part]) => part !== undefined)) : undefined,
  );

/** Spec 2.4 AccountReference, as the account it names: the first of iban, bban, maskedPan, msisdn given. */
const account = z
  .object({ iban: text(34), bban: text(30), maskedPan: text(35), msisdn: text(35) })
  .nullish()
  .catch(undefined)
  .transform((value) => value?.iban ?? value?.bban ?? value?.maskedPan ?? value?.msisdn);

const detailsSchema = z.object({
  debtorName: text(70),
  creditorName: text(70),
  ultimateDebtor: text(70),
  ultimateCreditor: text(70),
  // No bound in spec 2.1 beyond "any single line" where no BICFI applies; one a line can hold.
  creditorAgent: text(140),
  creditorAddress: address,
  chargeBearer: z
    .enum(['DEBT', 'CRED', 'SHAR', 'SLEV'])
    .nullish()
    .catch(undefined)
    .transform((value) => value ?? undefined),
  icelandicPurposeCode: text(2),
  chargesAccount: account,
  requestedExecutionDate: day,
  remittanceInformationUnstructured: text(140),
  remittanceInformationStructured: text(140),
  endToEndIdentification: text(35),
  exchangeRateInformation: z
    .object({
      unitCurrency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .nullish()
        .catch(undefined),
      exchangeRate: z
        .string()
        .regex(/^[0-9]{1,14}(\.[0-9]{1,12})?$/)
        .nullish()
        .catch(undefined),
      contractIdentification: text(140),
      rateType: z.enum(['SPOT', 'SALE', 'AGRD']).nullish().catch(undefined),
    })
    .nullish()
    .catch(undefined),
});

/** The details of a payment information answer; only what the bank gave and we can read. */
export function toPaymentDetails(body: unknown, status: string): BankPaymentDetails {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const parsed = detailsSchema.safeParse(source);
  const details: BankPaymentDetails = { status };
  if (!parsed.success) return details;
  const { exchangeRateInformation: rate, ...rest } = parsed.data;
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined) (details as unknown as Record<string, unknown>)[name] = value;
  }
  // Entry by entry: one malformed fee loses only itself.
  Object.assign(details, readFeeList(source.transactionFeesDetails).members);
  // Each member the bank gave is kept, the figure or not: an agreed rate under a contract is told as such.
  const members = Object.entries(rate ?? {}).filter(([, value]) => value !== undefined && value !== null);
  if (members.length > 0)
    details.exchangeRateInformation = Object.fromEntries(
      members,
    ) as BankPaymentDetails['exchangeRateInformation'];
  return details;
}
