import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import { BulkPaymentSchema, BulkPaymentWireSchema } from '@/lib/payments/schemas/bulk-payment';
import {
  CHARGE_BEARERS,
  DAYS_OF_EXECUTION,
  EXECUTION_RULES,
  FREQUENCY_CODES,
} from '@/lib/payments/schemas/enums';
import { parseIssueMessage, type ValidationKey } from '@/lib/payments/schemas/issue-message';
import { PeriodicPaymentSchema, PeriodicPaymentWireSchema } from '@/lib/payments/schemas/periodic-payment';
import {
  AMOUNT_PATTERN,
  BBAN_PATTERN,
  COUNTRY_PATTERN,
  CREDITOR_AGENT_FORM_PATTERN,
  CREDITOR_AGENT_PATTERN,
  CURRENCY_PATTERN,
  IBAN_PATTERN,
} from '@/lib/payments/schemas/shared';
import { SinglePaymentSchema, SinglePaymentWireSchema } from '@/lib/payments/schemas/single-payment';
import { hasValidationMessage, translateIssue } from '@/lib/payments/schemas/translate';
import {
  bulkPayment,
  icelandicIban,
  pastDateTime,
  periodicPayment,
  singlePayment,
  textUpTo,
} from './arbitraries';
import { type ContractSchemaName, contractAvailable, contractValidator } from './contract';

type Kind = 'single' | 'periodic' | 'bulk';
type Path = (string | number)[];

const SCHEMAS: Record<
  Kind,
  { form: ZodMiniType; wire: ZodMiniType; base: fc.Arbitrary<unknown>; contract: ContractSchemaName }
> = {
  single: {
    form: SinglePaymentSchema,
    wire: SinglePaymentWireSchema,
    base: singlePayment,
    contract: 'SinglePaymentInitiation',
  },
  periodic: {
    form: PeriodicPaymentSchema,
    wire: PeriodicPaymentWireSchema,
    base: periodicPayment,
    contract: 'PeriodicPaymentInitiation',
  },
  bulk: {
    form: BulkPaymentSchema,
    wire: BulkPaymentWireSchema,
    base: bulkPayment,
    contract: 'BulkPaymentInitiation',
  },
};

const DELETE = Symbol('delete');
const UNKNOWN_KEY = 'unexpectedField';

interface BoundCase {
  name: string;
  kind: Kind;
  /** Where the violating value goes (DELETE removes the key). */
  path: Path;
  value: fc.Arbitrary<unknown>;
  key: ValidationKey;
  /** Where the issue must be; defaults to `path`. */
  issuePath?: Path;
  /** `wire`: a bound of spec part 2, refused by both layers and by the contract. `form`: a form rule only. */
  layer: 'wire' | 'form';
}

/** Strings of more than `max` characters (code points, astral ones included). */
const tooLong = (max: number) => fc.string({ unit: 'binary', minLength: max + 1, maxLength: max + 40 });
const notMatching = (re: RegExp, examples: string[]) =>
  fc.oneof(
    fc.constantFrom(...examples),
    fc.string({ unit: 'binary' }).filter((s) => !re.test(s)),
  );
const notOneOf = (values: readonly string[]) =>
  fc
    .oneof(
      fc.constantFrom('', ' ', 'x', ...values.flatMap((v) => [v.toLowerCase(), v.toUpperCase(), ` ${v}`])),
      fc.string(),
    )
    .filter((s) => !values.includes(s));
const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.constant([]));
const notDateTime = fc.oneof(
  fc.constantFrom(
    '2099-01-01',
    '2099-13-01T00:00:00Z',
    '2099-02-30T00:00:00Z',
    '2099-01-01T00:00Z',
    '2099-01-01 00:00',
    'tomorrow',
  ),
  fc.string().filter((s) => !/^\d{4}-/.test(s)),
);

const cases: BoundCase[] = [];
const add = (c: BoundCase) => cases.push(c);

// ---- 2.1 single payment
const SINGLE_MAX: [string, number][] = [
  ['endToEndIdentification', 35],
  ['instructionIdentification', 35],
  ['debtorId', 35],
  ['ultimateDebtor', 70],
  ['ultimateDebtorId', 35],
  ['creditorId', 35],
  ['creditorName', 70],
  ['creditorAgentName', 70],
  ['ultimateCreditor', 70],
  ['ultimateCreditorId', 35],
  ['centralBankPurposeCode', 3],
  ['icelandicPurposeCode', 2],
  ['remittanceInformationUnstructured', 140],
];
for (const [field, max] of SINGLE_MAX) {
  add({
    name: `${field} max ${max}`,
    kind: 'single',
    path: [field],
    value: tooLong(max),
    key: 'validation.maxLength',
    layer: 'wire',
  });
  add({
    name: `${field} is a string`,
    kind: 'single',
    path: [field],
    value: notString,
    key: 'validation.expectedString',
    layer: 'wire',
  });
}
for (const field of ['debtorAccount', 'creditorAccount']) {
  add({
    name: `${field} required`,
    kind: 'single',
    path: [field],
    value: fc.constant(DELETE),
    key: 'validation.required',
    layer: 'wire',
  });
}
add({
  name: 'instructedAmount required by the form',
  kind: 'single',
  path: ['instructedAmount'],
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'form',
});
add({
  name: 'unknown property',
  kind: 'single',
  path: [UNKNOWN_KEY],
  issuePath: [],
  value: fc.anything(),
  key: 'validation.unknownProperty',
  layer: 'wire',
});
add({
  name: 'creditorAgent pattern',
  kind: 'single',
  path: ['creditorAgent'],
  value: fc
    .tuple(fc.string(), fc.string())
    .map(([a, b]) => `${a.toLowerCase()}\n${b.toLowerCase()}`)
    .filter((s) => !CREDITOR_AGENT_PATTERN.test(s) && !CREDITOR_AGENT_FORM_PATTERN.test(s)),
  key: 'validation.creditorAgent.pattern',
  layer: 'wire',
});
add({
  name: 'creditorAgent on a single line (form)',
  kind: 'single',
  path: ['creditorAgent'],
  value: fc.string().map((s) => `NBIIISRE\n${s}`),
  key: 'validation.creditorAgent.pattern',
  layer: 'form',
});
add({
  name: 'requestedExecutionDate date-time',
  kind: 'single',
  path: ['requestedExecutionDate'],
  value: notDateTime,
  key: 'validation.dateTime.format',
  layer: 'wire',
});
add({
  name: 'requestedExecutionDate not past',
  kind: 'single',
  path: ['requestedExecutionDate'],
  value: pastDateTime,
  key: 'validation.executionDate.past',
  layer: 'form',
});
add({
  name: 'chargeBearer enum',
  kind: 'single',
  path: ['chargeBearer'],
  value: notOneOf(CHARGE_BEARERS),
  key: 'validation.chargeBearer.enum',
  layer: 'wire',
});
add({
  name: 'partialPayment boolean',
  kind: 'single',
  path: ['partialPayment'],
  value: fc.oneof(fc.constant(null), fc.string(), fc.integer()),
  key: 'validation.expectedBoolean',
  layer: 'wire',
});
add({
  name: 'remittanceInformationStructured array',
  kind: 'single',
  path: ['remittanceInformationStructured'],
  value: fc.oneof(fc.constant(null), fc.string(), fc.constant({ reference: 'r' })),
  key: 'validation.expectedArray',
  layer: 'wire',
});

// ---- 2.4 shared types, inside a single payment
const account = (field: string) => ['creditorAccount', field];
add({
  name: 'iban pattern',
  kind: 'single',
  path: account('iban'),
  value: notMatching(IBAN_PATTERN, [
    'is140159260076545510730339',
    'IS14 0159 2600',
    'IS1',
    `IS14${'1'.repeat(31)}`,
    'IS14-0159',
  ]),
  key: 'validation.iban.pattern',
  layer: 'wire',
});
add({
  name: 'iban check digits (form)',
  kind: 'single',
  path: account('iban'),
  value: fc.tuple(icelandicIban, fc.integer({ min: 1, max: 96 })).map(([iban, delta]) => {
    const wrong = String(((Number(iban.slice(2, 4)) - 2 + delta) % 97) + 2).padStart(2, '0');
    return `IS${wrong}${iban.slice(4)}`;
  }),
  key: 'validation.iban.invalid',
  layer: 'form',
});
add({
  name: 'bban pattern',
  kind: 'single',
  path: account('bban'),
  value: notMatching(BBAN_PATTERN, ['0133-26-012345', '', 'x'.repeat(31), 'ÁÐ']),
  key: 'validation.bban.pattern',
  layer: 'wire',
});
add({
  name: 'maskedPan max 35',
  kind: 'single',
  path: account('maskedPan'),
  value: tooLong(35),
  key: 'validation.maxLength',
  layer: 'wire',
});
add({
  name: 'maskedPan format (form)',
  kind: 'single',
  path: account('maskedPan'),
  value: fc.constantFrom(
    '1234561234567890',
    '123456XXXXXX1234',
    '12345******1234',
    '123456******123',
    '******',
  ),
  key: 'validation.maskedPan.format',
  layer: 'form',
});
add({
  name: 'msisdn max 35',
  kind: 'single',
  path: account('msisdn'),
  value: tooLong(35),
  key: 'validation.maxLength',
  layer: 'wire',
});
add({
  name: 'account currency pattern',
  kind: 'single',
  path: account('currency'),
  value: notMatching(CURRENCY_PATTERN, ['isk', 'EURO', 'EU', '']),
  key: 'validation.currency.pattern',
  layer: 'wire',
});
add({
  name: 'account unknown property',
  kind: 'single',
  path: account(UNKNOWN_KEY),
  issuePath: ['creditorAccount'],
  value: fc.anything(),
  key: 'validation.unknownProperty',
  layer: 'wire',
});
add({
  name: 'account without identifier (form)',
  kind: 'single',
  path: ['creditorAccount'],
  value: fc.constantFrom({}, { currency: 'ISK' }, { iban: null, msisdn: '' }),
  key: 'validation.account.identifierMissing',
  layer: 'form',
});
const amountAt = (field: string) => ['instructedAmount', field];
add({
  name: 'amount required',
  kind: 'single',
  path: amountAt('amount'),
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'amount pattern',
  kind: 'single',
  path: amountAt('amount'),
  value: notMatching(AMOUNT_PATTERN, [
    '',
    '1,5',
    '1.2345',
    '123456789012345',
    '+1',
    '.5',
    '1.',
    '1 000',
    '1e3',
  ]),
  key: 'validation.amount.pattern',
  layer: 'wire',
});
add({
  name: 'currency required',
  kind: 'single',
  path: amountAt('currency'),
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'currency pattern',
  kind: 'single',
  path: amountAt('currency'),
  value: notMatching(CURRENCY_PATTERN, ['isk', 'EURO', 'E1R']),
  key: 'validation.currency.pattern',
  layer: 'wire',
});
add({
  name: 'ISK has no decimals (form)',
  kind: 'single',
  path: ['instructedAmount'],
  issuePath: amountAt('amount'),
  value: fc
    .tuple(fc.stringMatching(/^[1-9]\d{0,12}$/), fc.stringMatching(/^\.\d{1,3}$/))
    .map(([w, f]) => ({ currency: 'ISK', amount: w + f })),
  key: 'validation.amount.fraction',
  layer: 'form',
});
add({
  name: 'EUR has two decimals (form)',
  kind: 'single',
  path: ['instructedAmount'],
  issuePath: amountAt('amount'),
  value: fc.stringMatching(/^[1-9]\d{0,12}\.\d{3}$/).map((amount) => ({ currency: 'EUR', amount })),
  key: 'validation.amount.fraction',
  layer: 'form',
});
add({
  name: 'amount above zero (form)',
  kind: 'single',
  path: amountAt('amount'),
  value: fc.oneof(fc.constantFrom('0', '0.00', '-0'), fc.stringMatching(/^-[1-9]\d{0,13}$/)),
  key: 'validation.amount.positive',
  layer: 'form',
});
add({
  name: 'address country required',
  kind: 'single',
  path: ['creditorAddress', 'country'],
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'address country pattern',
  kind: 'single',
  path: ['creditorAddress', 'country'],
  value: notMatching(COUNTRY_PATTERN, ['is', 'ISL', 'I']),
  key: 'validation.country.pattern',
  layer: 'wire',
});
add({
  name: 'address streetName max 70',
  kind: 'single',
  path: ['creditorAgentAddress', 'streetName'],
  value: tooLong(70),
  key: 'validation.maxLength',
  layer: 'wire',
});
const remittance = (field: string) => ['remittanceInformationStructured', 0, field];
add({
  name: 'remittance reference required',
  kind: 'single',
  path: remittance('reference'),
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'remittance reference 1..35',
  kind: 'single',
  path: remittance('reference'),
  value: fc.oneof(fc.constant(''), tooLong(35)),
  key: 'validation.lengthRange',
  layer: 'wire',
});
add({
  name: 'remittance referenceType max 35',
  kind: 'single',
  path: remittance('referenceType'),
  value: tooLong(35),
  key: 'validation.maxLength',
  layer: 'wire',
});
add({
  name: 'remittance referenceIssuer max 35',
  kind: 'single',
  path: remittance('referenceIssuer'),
  value: tooLong(35),
  key: 'validation.maxLength',
  layer: 'wire',
});

// ---- 2.2 periodic payment
const PERIODIC_MAX: [string, number][] = [
  ['endToEndIdentification', 35],
  ['debtorId', 35],
  ['creditorId', 35],
  ['icelandicPurposeCode', 2],
  ['remittanceInformationUnstructured', 140],
  ['remittanceInformationStructured', 140],
];
for (const [field, max] of PERIODIC_MAX) {
  add({
    name: `${field} max ${max}`,
    kind: 'periodic',
    path: [field],
    value: tooLong(max),
    key: 'validation.maxLength',
    layer: 'wire',
  });
  add({
    name: `${field} not null`,
    kind: 'periodic',
    path: [field],
    value: fc.constant(null),
    key: 'validation.expectedString',
    layer: 'wire',
  });
}
for (const field of ['debtorAccount', 'instructedAmount']) {
  add({
    name: `${field} required`,
    kind: 'periodic',
    path: [field],
    value: fc.constant(DELETE),
    key: 'validation.required',
    layer: 'wire',
  });
}
add({
  name: 'executionRule enum',
  kind: 'periodic',
  path: ['executionRule'],
  value: notOneOf(EXECUTION_RULES),
  key: 'validation.executionRule.enum',
  layer: 'wire',
});
add({
  name: 'frequency enum',
  kind: 'periodic',
  path: ['frequency'],
  value: notOneOf(FREQUENCY_CODES),
  key: 'validation.frequency.enum',
  layer: 'wire',
});
add({
  name: 'dayOfExecution 1..31 without leading zero',
  kind: 'periodic',
  path: ['dayOfExecution'],
  value: fc.oneof(
    fc.integer({ min: 1, max: 9 }).map((d) => `0${d}`),
    fc.constantFrom('0', '32', '99', ' 1', '1 ', '-1'),
    fc.integer({ min: 1, max: 31 }),
  ),
  key: 'validation.dayOfExecution.enum',
  layer: 'wire',
});
add({
  name: 'startDate date-time',
  kind: 'periodic',
  path: ['startDate'],
  value: notDateTime,
  key: 'validation.dateTime.format',
  layer: 'wire',
});
add({
  name: 'endDate date-time',
  kind: 'periodic',
  path: ['endDate'],
  value: notDateTime,
  key: 'validation.dateTime.format',
  layer: 'wire',
});
add({
  name: 'endDate on or after startDate (form)',
  kind: 'periodic',
  path: ['endDate'],
  value: fc
    .integer({ min: 1, max: 400 })
    .map((d) => new Date(Date.UTC(2030, 0, 1) - d * 86_400_000).toISOString()),
  key: 'validation.endDate.beforeStart',
  layer: 'form',
});
add({
  name: 'periodic unknown property (form)',
  kind: 'periodic',
  path: [UNKNOWN_KEY],
  issuePath: [],
  value: fc.anything(),
  key: 'validation.unknownProperty',
  layer: 'form',
});

// ---- 2.3 bulk payment and its element
add({
  name: 'paymentInformationId required',
  kind: 'bulk',
  path: ['paymentInformationId'],
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'paymentInformationId 1..35',
  kind: 'bulk',
  path: ['paymentInformationId'],
  value: fc.oneof(fc.constant(''), tooLong(35)),
  key: 'validation.lengthRange',
  layer: 'wire',
});
add({
  name: 'payments required',
  kind: 'bulk',
  path: ['payments'],
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'payments is an array',
  kind: 'bulk',
  path: ['payments'],
  value: fc.oneof(fc.constant(null), fc.constant({})),
  key: 'validation.expectedArray',
  layer: 'wire',
});
add({
  name: 'at least one payment (form)',
  kind: 'bulk',
  path: ['payments'],
  value: fc.constant([]),
  key: 'validation.bulk.empty',
  layer: 'form',
});
add({
  name: 'batchBookingPreferred boolean',
  kind: 'bulk',
  path: ['batchBookingPreferred'],
  value: fc.oneof(fc.constant('true'), fc.constant(1), fc.constant(null)),
  key: 'validation.expectedBoolean',
  layer: 'wire',
});
add({
  name: 'bulk requestedExecutionDate date-time',
  kind: 'bulk',
  path: ['requestedExecutionDate'],
  value: notDateTime,
  key: 'validation.dateTime.format',
  layer: 'wire',
});
add({
  name: 'bulk requestedExecutionDate not past (form)',
  kind: 'bulk',
  path: ['requestedExecutionDate'],
  value: pastDateTime,
  key: 'validation.executionDate.past',
  layer: 'form',
});
add({
  name: 'bulk unknown property (form)',
  kind: 'bulk',
  path: [UNKNOWN_KEY],
  issuePath: [],
  value: fc.anything(),
  key: 'validation.unknownProperty',
  layer: 'form',
});
add({
  name: 'element without requestedExecutionDate',
  kind: 'bulk',
  path: ['payments', 0, 'requestedExecutionDate'],
  value: fc.oneof(fc.constant(null), fc.constant('2099-01-01T00:00:00Z'), fc.string(), fc.integer()),
  key: 'validation.bulkElement.requestedExecutionDate',
  layer: 'wire',
});
add({
  name: 'element instructedAmount required',
  kind: 'bulk',
  path: ['payments', 0, 'instructedAmount'],
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'element creditorAccount required',
  kind: 'bulk',
  path: ['payments', 0, 'creditorAccount'],
  value: fc.constant(DELETE),
  key: 'validation.required',
  layer: 'wire',
});
add({
  name: 'element amount pattern',
  kind: 'bulk',
  path: ['payments', 0, 'instructedAmount', 'amount'],
  value: notMatching(AMOUNT_PATTERN, ['1,5', '1.2345']),
  key: 'validation.amount.pattern',
  layer: 'wire',
});
add({
  name: 'element iban pattern',
  kind: 'bulk',
  path: ['payments', 0, 'creditorAccount', 'iban'],
  value: notMatching(IBAN_PATTERN, ['IS14 0159']),
  key: 'validation.iban.pattern',
  layer: 'wire',
});
add({
  name: 'element string is a string',
  kind: 'bulk',
  path: ['payments', 0, 'remittanceInformationUnstructured'],
  value: notString,
  key: 'validation.expectedString',
  layer: 'wire',
});
add({
  name: 'element remittance reference 1..35',
  kind: 'bulk',
  path: ['payments', 0, 'remittanceInformationStructuredArray', 0, 'reference'],
  value: tooLong(35),
  key: 'validation.lengthRange',
  layer: 'wire',
});
add({
  name: 'element unknown property (form)',
  kind: 'bulk',
  path: ['payments', 0, UNKNOWN_KEY],
  issuePath: ['payments', 0],
  value: fc.anything(),
  key: 'validation.unknownProperty',
  layer: 'form',
});

type Json = Record<string | number, unknown>;

/** A valid parent for a path segment that the base body may lack. */
function parentFor(key: string | number, next: string | number): unknown {
  if (typeof next === 'number') return [{ reference: 'r' }];
  if (String(key).endsWith('Address')) return { country: 'IS' };
  if (String(key).endsWith('Account')) return { bban: '1' };
  if (key === 'instructedAmount') return { currency: 'ISK', amount: '1' };
  return {};
}

function withValue(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Json;
  let node = copy;
  path.slice(0, -1).forEach((key, i) => {
    if (node[key] === undefined || node[key] === null)
      node[key] = parentFor(key, path[i + 1] as string | number);
    node = node[key] as Json;
  });
  const last = path[path.length - 1] as string | number;
  if (value === DELETE) delete node[last];
  else node[last] = value;
  // The end-date case needs a start date to compare with.
  if (path[0] === 'endDate' && typeof value === 'string' && value.startsWith('20'))
    copy.startDate = '2030-01-01T00:00:00Z';
  return copy;
}

const samePath = (a: readonly PropertyKey[], b: Path) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

describe('every bound of spec part 2 is enforced, with a message in is and en', () => {
  it('covers every bound listed', () => {
    expect(cases.length).toBeGreaterThan(70);
  });

  for (const c of cases) {
    it(`${c.kind}: ${c.name} (${c.layer})`, () => {
      const { form, wire, base, contract } = SCHEMAS[c.kind];
      const validate = c.layer === 'wire' && contractAvailable() ? contractValidator(contract) : undefined;
      fc.assert(
        fc.property(base, c.value, (valid, bad) => {
          const body = withValue(valid, c.path, bad);
          const result = form.safeParse(body);
          expect(result.success, JSON.stringify(body)).toBe(false);
          const issuePath = c.issuePath ?? c.path;
          const issue = result.error?.issues.find(
            (i) => samePath(i.path, issuePath) && parseIssueMessage(i.message)?.key === c.key,
          );
          expect(issue, JSON.stringify(result.error?.issues)).toBeDefined();
          if (!issue) return;
          for (const locale of ['en', 'is'] as const) {
            expect(hasValidationMessage(c.key, locale)).toBe(true);
            const text = translateIssue(issue, locale);
            expect(text.length).toBeGreaterThan(10);
            expect(text).not.toContain(c.key);
            expect(text).not.toMatch(/[{}]/);
          }
          expect(translateIssue(issue, 'is')).not.toBe(translateIssue(issue, 'en'));
          // A bound of the bank: the wire schema and the contract refuse it too. A form rule alone
          // leaves the body acceptable to the wire schema.
          expect(wire.safeParse(body).success).toBe(c.layer === 'form');
          if (validate) expect(validate(body)).toBe(false);
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe('no bound is stricter than the spec', () => {
  const atMax = (max: number) => textUpTo(max, max);
  it('accepts strings of exactly the maximum length, in code points', () => {
    fc.assert(
      fc.property(singlePayment, atMax(35), atMax(70), atMax(140), (body, s35, s70, s140) => {
        const edge = {
          ...(body as Json),
          debtorId: s35,
          creditorName: s70,
          remittanceInformationUnstructured: s140,
        };
        expect(SinglePaymentSchema.safeParse(edge).error?.issues ?? []).toEqual([]);
        expect(SinglePaymentWireSchema.safeParse(edge).success).toBe(true);
      }),
    );
  });

  it('accepts a standing order whose last day is its first ("the last applicable day of execution")', () => {
    const body = {
      debtorAccount: { iban: 'IS140159260076545510730339' },
      creditorAccount: { iban: 'IS870301260012345101696399' },
      instructedAmount: { currency: 'ISK', amount: '1000' },
      startDate: '2030-01-15T00:00:00Z',
      endDate: '2030-01-15T00:00:00Z',
      frequency: 'Monthly',
    };
    expect(PeriodicPaymentSchema.safeParse(body).success).toBe(true);
  });

  it('accepts every day of execution "1".."31" and every enum value', () => {
    for (const day of DAYS_OF_EXECUTION) {
      expect(PeriodicPaymentWireSchema.shape.dayOfExecution.safeParse(day).success).toBe(true);
    }
    expect(DAYS_OF_EXECUTION).toHaveLength(31);
    for (const rule of EXECUTION_RULES)
      expect(PeriodicPaymentWireSchema.shape.executionRule.safeParse(rule).success).toBe(true);
    for (const f of FREQUENCY_CODES)
      expect(PeriodicPaymentWireSchema.shape.frequency.safeParse(f).success).toBe(true);
    for (const b of CHARGE_BEARERS)
      expect(SinglePaymentWireSchema.shape.chargeBearer.safeParse(b).success).toBe(true);
  });

  it('lets the wire schema accept a single payment without an amount, and long bulk element strings', () => {
    expect(
      SinglePaymentWireSchema.safeParse({ debtorAccount: { bban: '1' }, creditorAccount: { bban: '2' } })
        .success,
    ).toBe(true);
    const element = {
      instructedAmount: { currency: 'ISK', amount: '1' },
      creditorAccount: { bban: '2' },
      debtorId: 'x'.repeat(500),
    };
    expect(BulkPaymentSchema.safeParse({ paymentInformationId: 'p', payments: [element] }).success).toBe(
      true,
    );
  });
});
