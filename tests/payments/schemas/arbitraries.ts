// fast-check arbitraries of request bodies that the form schemas must accept (spec part 2 plus the
// form's own rules). Used by the property tests and, without fast-check, by the benchmark.
import fc from 'fast-check';
import { ibanCheckDigits } from '@/lib/payments/accounts/iban';
import { minorUnits } from '@/lib/payments/money/minor-units';
import {
  CHARGE_BEARERS,
  DAYS_OF_EXECUTION,
  EXECUTION_RULES,
  FREQUENCY_CODES,
} from '@/lib/payments/schemas/enums';

/**
 * Each string arbitrary below made once and shared: fast-check's `string` and `stringMatching` cost about a
 * millisecond to build, far more than a value does. Built anew for every amount and text field, they took
 * most of the time of the schema property tests.
 */
const made = new Map<string, fc.Arbitrary<string>>();
function once(key: string, build: () => fc.Arbitrary<string>): fc.Arbitrary<string> {
  let arbitrary = made.get(key);
  if (!arbitrary) {
    arbitrary = build();
    made.set(key, arbitrary);
  }
  return arbitrary;
}

/** Any text of at most `max` characters (code points), astral ones included. */
export const textUpTo = (max: number, min = 0) =>
  once(`text ${min}..${max}`, () => fc.string({ unit: 'binary', minLength: min, maxLength: max }));
const nullableText = (max?: number) =>
  fc.option(max === undefined ? fc.string({ unit: 'binary' }) : textUpTo(max));

const upper = (n: number) => once(`upper ${n}`, () => fc.stringMatching(new RegExp(`^[A-Z]{${n}}$`)));

export const icelandicIban = fc
  .stringMatching(/^\d{22}$/)
  .map((bban) => `IS${ibanCheckDigits('IS', bban)}${bban}`);

/** Real-format IBANs of other countries, with their check digits computed. */
const foreignIban = fc.oneof(
  fc
    .tuple(upper(4), fc.stringMatching(/^\d{14}$/))
    .map(([bank, rest]) => `GB${ibanCheckDigits('GB', bank + rest)}${bank}${rest}`),
  fc.stringMatching(/^\d{18}$/).map((bban) => `DE${ibanCheckDigits('DE', bban)}${bban}`),
  fc.stringMatching(/^\d{14}$/).map((bban) => `DK${ibanCheckDigits('DK', bban)}${bban}`),
);

export const maskedPan = fc
  .tuple(fc.stringMatching(/^\d{6}$/), fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{4}$/))
  .map(([first, stars, last]) => `${first}${'*'.repeat(stars)}${last}`);

const identifier = fc.oneof(
  fc.record({ iban: fc.oneof(icelandicIban, foreignIban) }),
  fc.record({ bban: fc.stringMatching(/^[a-zA-Z0-9]{1,30}$/) }),
  fc.record({ maskedPan }),
  fc.record({ msisdn: textUpTo(35, 1) }),
);

export const accountReference = fc
  .tuple(
    identifier,
    fc.record(
      {
        currency: fc.option(upper(3)),
        cashAccountType: fc.option(fc.constantFrom('CACC', 'SVGS', 'TRAN')),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([id, rest]) => ({ ...rest, ...id }));

const CURRENCIES = ['ISK', 'EUR', 'USD', 'GBP', 'KWD', 'JPY'];

/** A fraction of 1 to `digits` decimals. */
const fractionOf = (digits: number) =>
  once(`fraction ${digits}`, () => fc.stringMatching(new RegExp(`^\\.[0-9]{1,${digits}}$`)));

export const amount = fc
  .tuple(
    fc.oneof(fc.constantFrom(...CURRENCIES), upper(3)),
    fc.stringMatching(/^[1-9][0-9]{0,13}$/),
    fc.nat(),
  )
  .chain(([currency, whole, seed]) => {
    const digits = minorUnits(currency) ?? 3;
    const fraction = digits === 0 ? fc.constant('') : fractionOf(digits).map((f) => (seed % 2 ? f : ''));
    return fraction.map((f) => ({ currency, amount: `${whole}${f}` }));
  });

export const address = fc.record(
  {
    country: upper(2),
    streetName: nullableText(70),
    buildingNumber: nullableText(),
    townName: nullableText(),
    postCode: nullableText(),
  },
  { requiredKeys: ['country'] },
);

export const remittanceStructured = fc.record(
  {
    reference: textUpTo(35, 1),
    referenceType: fc.option(textUpTo(35)),
    referenceIssuer: fc.option(textUpTo(35)),
  },
  { requiredKeys: ['reference'] },
);

const DAY = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An RFC 3339 date-time whose day in Iceland is `date` (UTC), written with a random offset and fraction. */
function dateTimeOn(day: Date): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: 0, max: DAY - 1 }), fc.constantFrom(0, 60, -60, 330, -600), fc.boolean())
    .map(([ms, offset, fraction]) => {
      const utc = new Date(day.getTime() + ms);
      const local = new Date(utc.getTime() + offset * 60_000);
      const stamp = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction ? `.${pad(local.getUTCMilliseconds(), 3)}` : ''}`;
      const zone =
        offset === 0
          ? 'Z'
          : `${offset > 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
      return stamp + zone;
    });
}

const todayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

/** A day from today (in Iceland) up to the year 2099, as UTC midnight. */
const futureDay = fc.integer({ min: 0, max: 365 * 70 }).map((days) => new Date(todayUtc() + days * DAY));

export const futureDateTime = futureDay.chain(dateTimeOn);
/** Any date-time, past ones included (for fields with no date rule). */
export const anyDateTime = fc
  .integer({ min: -365 * 30, max: 365 * 70 })
  .chain((days) => dateTimeOn(new Date(todayUtc() + days * DAY)));

export const singlePayment = fc.record(
  {
    endToEndIdentification: nullableText(35),
    instructionIdentification: nullableText(35),
    debtorId: nullableText(35),
    debtorAccount: accountReference,
    chargesAccount: accountReference,
    ultimateDebtor: nullableText(70),
    ultimateDebtorId: nullableText(35),
    instructedAmount: amount,
    creditorAccount: accountReference,
    creditorId: nullableText(35),
    creditorName: nullableText(70),
    creditorAddress: address,
    creditorAgent: fc.option(fc.oneof(fc.constantFrom('NBIIISRE', 'ESJAISRE', 'DEUTDEFF500'), fc.string())),
    creditorAgentName: nullableText(70),
    creditorAgentAddress: address,
    ultimateCreditor: nullableText(70),
    ultimateCreditorId: nullableText(35),
    centralBankPurposeCode: nullableText(3),
    icelandicPurposeCode: nullableText(2),
    remittanceInformationUnstructured: nullableText(140),
    remittanceInformationStructured: fc.array(remittanceStructured, { maxLength: 3 }),
    requestedExecutionDate: fc.option(futureDateTime),
    partialPayment: fc.boolean(),
    chargeBearer: fc.constantFrom(...CHARGE_BEARERS),
    serviceLevel: fc.option(fc.string()),
  },
  { requiredKeys: ['debtorAccount', 'creditorAccount', 'instructedAmount'] },
);

export const periodicPayment = fc
  .tuple(
    fc.record(
      {
        endToEndIdentification: textUpTo(35),
        debtorId: textUpTo(35),
        debtorAccount: accountReference,
        creditorAccount: accountReference,
        creditorId: textUpTo(35),
        instructedAmount: amount,
        icelandicPurposeCode: textUpTo(2),
        remittanceInformationUnstructured: textUpTo(140),
        remittanceInformationStructured: textUpTo(140),
        executionRule: fc.constantFrom(...EXECUTION_RULES),
        frequency: fc.constantFrom(...FREQUENCY_CODES),
        dayOfExecution: fc.constantFrom(...DAYS_OF_EXECUTION),
      },
      { requiredKeys: ['debtorAccount', 'instructedAmount'] },
    ),
    // A standing order's form takes a first day of today or later (the bank refuses one in the past).
    fc.option(futureDateTime, { nil: undefined }),
    fc.option(fc.integer({ min: 1, max: 3650 }), { nil: undefined }),
  )
  .chain(([body, start, daysAfter]) => {
    if (start === undefined) {
      return fc
        .option(anyDateTime, { nil: undefined })
        .map((end) => (end ? { ...body, endDate: end } : body));
    }
    if (daysAfter === undefined) return fc.constant({ ...body, startDate: start });
    const startDay = Date.parse(`${start.slice(0, 10)}T00:00:00Z`);
    // The end lies at least one whole day after the start's day in Iceland, whatever the offsets.
    return dateTimeOn(new Date(startDay + (daysAfter + 1) * DAY)).map((end) => ({
      ...body,
      startDate: start,
      endDate: end,
    }));
  });

export const bulkElement = fc.record(
  {
    endToEndIdentification: fc.option(fc.string({ unit: 'binary', maxLength: 80 })),
    instructionIdentification: fc.option(fc.string()),
    resourceId: fc.option(fc.string()),
    debtorId: fc.option(fc.string()),
    debtorAccount: accountReference,
    ultimateDebtor: fc.option(fc.string()),
    ultimateDebtorId: fc.option(fc.string()),
    instructedAmount: amount,
    creditorAccount: accountReference,
    creditorId: fc.option(fc.string()),
    ultimateCreditor: fc.option(fc.string()),
    ultimateCreditorId: fc.option(fc.string()),
    icelandicPurposeCode: fc.option(fc.string()),
    centralBankPurposeCode: fc.option(fc.string()),
    remittanceInformationUnstructured: fc.option(fc.string({ maxLength: 200 })),
    remittanceInformationStructuredArray: fc.array(remittanceStructured, { maxLength: 2 }),
    partialPayment: fc.boolean(),
  },
  { requiredKeys: ['instructedAmount', 'creditorAccount'] },
);

export const bulkPayment = fc.record(
  {
    batchBookingPreferred: fc.boolean(),
    debtorAccount: accountReference,
    paymentInformationId: textUpTo(35, 1),
    requestedExecutionDate: futureDateTime,
    payments: fc.array(bulkElement, { minLength: 1, maxLength: 4 }),
    chargesAccount: accountReference,
  },
  { requiredKeys: ['paymentInformationId', 'payments'] },
);

/** A date-time whose day in Iceland is before today. */
export const pastDateTime = fc
  .integer({ min: 1, max: 365 * 30 })
  .chain((days) => dateTimeOn(new Date(todayUtc() - days * DAY)));
