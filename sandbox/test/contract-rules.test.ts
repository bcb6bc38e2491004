/**
 * The rules of spec parts 2, 4, 5, 7 and 8 (`shared/spec/payment-initiation.md`), one row each, every row with
 * an accepted and a rejected request: the exact status, code and `path` of the rejection. Every answer goes
 * through `TestTpp.request`, which validates it against contract/pis.yaml (helpers.ts, checkContractResponse).
 * A side that cannot be exercised says why instead of holding a request.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPisContract } from '../src/contract.js';
import type { RunningSandbox } from '../src/server.js';
import {
  ANNA_MAIN,
  type ApiResponse,
  advanceClock,
  CREDITOR,
  expectError,
  JON_EUR,
  JON_MAIN,
  OTHER_CLIENT,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

type Service = 'payments' | 'periodic-payments' | 'bulk-payments';

interface Ctx {
  url: string;
  tpp: TestTpp;
  token: string;
}

interface Request {
  service?: Service;
  product?: string;
  /** Built afresh for every request (a bulk needs a new paymentInformationId each time). */
  body?: () => unknown;
  headers?: Record<string, string | undefined>;
  /** A request the table's shape does not fit; its answer is checked like any other. */
  run?: (ctx: Ctx) => Promise<ApiResponse>;
}
interface Accepted extends Request {
  status?: number;
}
interface Rejected extends Request {
  status: number;
  /** null: a status without a body (4.1: 406, 408, 415, 429, 500, 503). */
  code: string | null;
  path?: string | null;
}
interface Rule {
  part: string;
  rule: string;
  /** A string says why this side is not shown. */
  accepted: Accepted | Accepted[] | string;
  rejected: Rejected | Rejected[] | string;
}

// ------------------------------------------------------------------ bodies

const JON_BBAN = JON_MAIN.slice(4);
/** Valid checksum and a bank code of this sandbox bank (0159), but no such account here. */
const UNKNOWN_HERE = 'IS980159269999990101302989';
const SANDKASSI = 'IS780515260012345102993029';
const BOKHALD = 'IS950515260012346403164039';
const SIGRUN = 'IS250515260012340303904239';
const FUTURE = '2027-06-15T00:00:00Z';
const REMOVE = Symbol('remove');

/** A deep copy of `base` with `path` (dotted, `[i]` for items) set to `value`, or removed with REMOVE. */
function withField(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1] ?? '';
  if (value === REMOVE) delete target[last];
  else target[last] = value;
  return copy;
}

const single = (path?: string, value?: unknown) => () =>
  path === undefined ? singlePayment() : withField(singlePayment(), path, value);

const periodicBase = () => ({
  debtorAccount: { iban: JON_MAIN },
  creditorAccount: { iban: CREDITOR },
  instructedAmount: { currency: 'ISK', amount: '5000' },
  remittanceInformationUnstructured: 'Húsaleiga',
  startDate: FUTURE,
  frequency: 'Monthly',
  dayOfExecution: '15',
});
const periodic = (path?: string, value?: unknown) => () =>
  path === undefined ? periodicBase() : withField(periodicBase(), path, value);

const bulkBase = () => ({
  paymentInformationId: `pi-${randomUUID().slice(0, 30)}`,
  debtorAccount: { iban: JON_MAIN },
  payments: [
    { instructedAmount: { currency: 'ISK', amount: '1000' }, creditorAccount: { iban: CREDITOR } },
    { instructedAmount: { currency: 'ISK', amount: '2000' }, creditorAccount: { iban: CREDITOR } },
  ],
});
const bulk = (path?: string, value?: unknown) => () =>
  path === undefined ? bulkBase() : withField(bulkBase(), path, value);

const P = 'periodic-payments' as const;
const B = 'bulk-payments' as const;
const x = (n: number) => 'x'.repeat(n);

// ------------------------------------------------------------------ rule builders

/** `field` of `service` allows `max` characters: max accepted, max + 1 rejected at that path. */
function maxLength(part: string, service: Service, field: string, max: number): Rule {
  const build = service === 'payments' ? single : service === P ? periodic : bulk;
  return {
    part,
    rule: `${field}: max ${max}`,
    accepted: { service, body: build(field, x(max)) },
    rejected: { service, body: build(field, x(max + 1)), status: 400, code: 'FORMAT_ERROR', path: field },
  };
}

/** A nullable string field: null accepted, a value of another type rejected. */
function nullable(part: string, service: Service, field: string): Rule {
  const build = service === 'payments' ? single : service === P ? periodic : bulk;
  return {
    part,
    rule: `${field}: nullable string`,
    accepted: { service, body: build(field, null) },
    rejected: { service, body: build(field, 12), status: 400, code: 'FORMAT_ERROR', path: field },
  };
}

function required(part: string, service: Service, field: string, accepted: Accepted | string): Rule {
  const build = service === 'payments' ? single : service === P ? periodic : bulk;
  return {
    part,
    rule: `${field}: required`,
    accepted,
    rejected: { service, body: build(field, REMOVE), status: 400, code: 'FORMAT_ERROR', path: field },
  };
}

function unknownProperty(part: string, service: Service, at: string): Rule {
  const build = service === 'payments' ? single : service === P ? periodic : bulk;
  const path = at ? `${at}.surplus` : 'surplus';
  return {
    part,
    rule: `unknown properties not allowed${at ? ` in ${at}` : ''}`,
    accepted: { service, body: build() },
    rejected: { service, body: build(path, 'x'), status: 400, code: 'FORMAT_ERROR', path },
  };
}

function valueRule(
  part: string,
  rule: string,
  service: Service,
  field: string,
  good: unknown,
  bad: unknown,
  code = 'FORMAT_ERROR',
  path = field,
): Rule {
  const build = service === 'payments' ? single : service === P ? periodic : bulk;
  return {
    part,
    rule,
    accepted: { service, body: build(field, good) },
    rejected: { service, body: build(field, bad), status: 400, code, path },
  };
}

function headerRule(part: string, rule: string, name: string, good: string, bad: string[]): Rule {
  return {
    part,
    rule,
    accepted: { headers: { [name]: good } },
    rejected: bad.map((value) => ({
      headers: { [name]: value },
      status: 400,
      code: 'FORMAT_ERROR',
      path: name,
    })),
  };
}

/** An optional header whose value the bank may ignore: any value is accepted, nothing can be rejected. */
function freeHeader(name: string, value: string): Rule {
  return {
    part: '4.1',
    rule: `${name}: optional, free text`,
    accepted: { headers: { [name]: value } },
    rejected: 'not shown: any value is allowed and the bank may ignore it',
  };
}

/** Initiates a single payment with `overrides` and reads it back (spec 2.6): both answers. */
async function initiateAndRead(ctx: Ctx, overrides: Record<string, unknown>) {
  const created = await ctx.tpp.initiate(ctx.token, singlePayment(overrides));
  const read = await ctx.tpp.get(
    ctx.token,
    `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`,
  );
  return { created, read };
}

const withoutBody = (ctx: Ctx) => ctx.tpp.headers(ctx.token, { 'Content-Type': undefined });

/** A payment initiated and cancelled at once (DELETE before SCA): its path. */
async function cancelledPayment(ctx: Ctx): Promise<string> {
  const created = await ctx.tpp.initiate(ctx.token, singlePayment());
  const path = `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`;
  expect((await ctx.tpp.request('DELETE', path, withoutBody(ctx))).status).toBe(204);
  return path;
}

/** A payment of Sandkassi ehf. (multilevel SCA) and an authorisation started on it with `headers`. */
async function startMultilevelAuthorisation(ctx: Ctx, headers: Record<string, string> = {}) {
  const created = await ctx.tpp.initiate(ctx.token, singlePayment({ debtorAccount: { iban: SANDKASSI } }));
  return ctx.tpp.request(
    'POST',
    `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}/authorisations`,
    ctx.tpp.headers(ctx.token, headers),
  );
}

async function addFault(ctx: Ctx, status: number) {
  const response = await fetch(`${ctx.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ method: 'POST', path: '/psd2/api/v1/payments', status, count: 1 }),
  });
  expect(response.status).toBe(201);
}

// ------------------------------------------------------------------ the table

const SINGLE_BOUNDS: Array<[string, number]> = [
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

const PERIODIC_BOUNDS: Array<[string, number]> = [
  ['endToEndIdentification', 35],
  ['debtorId', 35],
  ['creditorId', 35],
  ['icelandicPurposeCode', 2],
  ['remittanceInformationUnstructured', 140],
  ['remittanceInformationStructured', 140],
];

const BULK_ELEMENT_STRINGS = [
  'endToEndIdentification',
  'instructionIdentification',
  'resourceId',
  'debtorId',
  'ultimateDebtor',
  'ultimateDebtorId',
  'creditorId',
  'ultimateCreditor',
  'ultimateCreditorId',
  'icelandicPurposeCode',
  'centralBankPurposeCode',
  'remittanceInformationUnstructured',
];

const address = {
  streetName: 'Laugavegur',
  buildingNumber: '1',
  townName: 'Reykjavík',
  postCode: '101',
  country: 'IS',
};
const remittance = { reference: 'RF18539007547034', referenceType: 'SCOR', referenceIssuer: 'ISO' };

const RULES: Rule[] = [
  // ---------------------------------------------------------------- 2.1 single payment
  ...SINGLE_BOUNDS.map(([field, max]) => maxLength('2.1', 'payments', field, max)),
  ...[
    ...SINGLE_BOUNDS.map(([field]) => field),
    'creditorAgent',
    'requestedExecutionDate',
    'serviceLevel',
    'chargeBearer',
  ].map((field) => nullable('2.1', 'payments', field)),
  required('2.1', 'payments', 'debtorAccount', { body: single() }),
  required('2.1', 'payments', 'creditorAccount', { body: single() }),
  {
    part: '2.1',
    // Without it the PSU states the amount on the bank's SCA page (sca-flow.test.ts), or a claim payment takes
    // the amount due (claims.test.ts); in either case the TPP's request is accepted.
    rule: 'instructedAmount: "no (not in the required list)": a single payment without one is accepted',
    accepted: [{ body: single() }, { body: single('instructedAmount', REMOVE) }],
    rejected: {
      body: single('instructedAmount', { currency: 'ISK' }),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'instructedAmount.amount',
    },
  },
  unknownProperty('2.1', 'payments', ''),
  {
    part: '2.1',
    rule: 'creditorAgent: BICFI or another identification (pattern with `(^.*$)`, one line)',
    accepted: [
      { body: single('creditorAgent', 'COBADEFFXXX') },
      { body: single('creditorAgent', 'Arion banki') },
    ],
    rejected: {
      body: single('creditorAgent', 'COBA\nDEFF'),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'creditorAgent',
    },
  },
  valueRule('2.1', 'creditorAddress: Address', 'payments', 'creditorAddress', address, 'Laugavegur 1'),
  valueRule('2.1', 'creditorAgentAddress: Address', 'payments', 'creditorAgentAddress', address, []),
  valueRule(
    '2.1',
    'remittanceInformationStructured: array of RemittanceInformationStructured',
    'payments',
    'remittanceInformationStructured',
    [remittance],
    'RF18539007547034',
  ),
  valueRule(
    '2.1',
    'requestedExecutionDate: date-time',
    'payments',
    'requestedExecutionDate',
    FUTURE,
    '15.06.2027',
  ),
  valueRule(
    '2.1',
    'requestedExecutionDate: not in the past (sandbox clock)',
    'payments',
    'requestedExecutionDate',
    FUTURE,
    '2020-01-02T00:00:00Z',
    'EXECUTION_DATE_INVALID',
  ),
  valueRule('2.1', 'partialPayment: boolean', 'payments', 'partialPayment', true, 'yes'),
  valueRule('2.1', 'chargeBearer: ChargeBearer', 'payments', 'chargeBearer', 'SLEV', 'OUR'),
  valueRule('2.1', 'serviceLevel: string', 'payments', 'serviceLevel', 'SEPA', 1),

  // ---------------------------------------------------------------- 2.2 periodic payment
  ...PERIODIC_BOUNDS.map(([field, max]) => maxLength('2.2', P, field, max)),
  valueRule(
    '2.2',
    'string fields: not declared nullable (the contract refuses null)',
    P,
    'endToEndIdentification',
    'E2E-1',
    null,
  ),
  required('2.2', P, 'debtorAccount', { service: P, body: periodic() }),
  required('2.2', P, 'instructedAmount', { service: P, body: periodic() }),
  {
    part: '2.2',
    rule: 'creditorAccount: optional',
    accepted: { service: P, body: periodic('creditorAccount', REMOVE) },
    rejected: {
      service: P,
      body: periodic('creditorAccount', 'IS030115260123450101302989'),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'creditorAccount',
    },
  },
  unknownProperty('2.2', P, ''),
  valueRule(
    '2.2',
    'remittanceInformationStructured: a single string, not an array',
    P,
    'remittanceInformationStructured',
    'RF18539007547034',
    [remittance],
  ),
  valueRule('2.2', 'startDate: date-time', P, 'startDate', FUTURE, '2027-06-15'),
  valueRule(
    '2.2',
    'startDate: not in the past',
    P,
    'startDate',
    FUTURE,
    '2020-01-02T00:00:00Z',
    'EXECUTION_DATE_INVALID',
  ),
  valueRule('2.2', 'endDate: date-time', P, 'endDate', '2028-06-15T00:00:00Z', 'soon'),
  valueRule(
    '2.2',
    'endDate: not before startDate',
    P,
    'endDate',
    '2027-06-15T00:00:00Z',
    '2027-06-14T00:00:00Z',
    'PERIOD_INVALID',
  ),
  {
    part: '2.2',
    rule: 'endDate without startDate: not before today (the order starts today)',
    accepted: { service: P, body: () => withField(periodicBase(), 'startDate', REMOVE) },
    rejected: {
      service: P,
      body: () =>
        withField(withField(periodicBase(), 'startDate', REMOVE), 'endDate', '2020-01-02T00:00:00Z'),
      status: 400,
      code: 'PERIOD_INVALID',
      path: 'endDate',
    },
  },
  {
    part: '2.4',
    rule: 'ExecutionRule: following, preceding',
    accepted: [
      { service: P, body: periodic('executionRule', 'following') },
      { service: P, body: periodic('executionRule', 'preceding') },
    ],
    rejected: {
      service: P,
      body: periodic('executionRule', 'nearest'),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'executionRule',
    },
  },
  {
    part: '2.4',
    rule: 'FrequencyCode: Daily … Annual',
    accepted: [
      'Daily',
      'Weekly',
      'EveryTwoWeeks',
      'Monthly',
      'EveryTwoMonths',
      'Quarterly',
      'SemiAnnual',
      'Annual',
    ].map((frequency) => ({ service: P, body: periodic('frequency', frequency) })),
    rejected: ['monthly', 'Fortnightly'].map((frequency) => ({
      service: P,
      body: periodic('frequency', frequency),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'frequency',
    })),
  },
  {
    part: '2.4',
    rule: 'DayOfExecution: "1" to "31" without leading zeroes (31 = last day: see periodic-execution.test.ts)',
    accepted: Array.from({ length: 31 }, (_, i) => ({
      service: P,
      body: periodic('dayOfExecution', String(i + 1)),
    })),
    rejected: ['01', '0', '32', 15].map((day) => ({
      service: P,
      body: periodic('dayOfExecution', day),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'dayOfExecution',
    })),
  },

  // ---------------------------------------------------------------- 2.3 bulk payment
  required('2.3', B, 'paymentInformationId', { service: B, body: bulk() }),
  required('2.3', B, 'payments', { service: B, body: bulk() }),
  {
    part: '2.3',
    rule: 'paymentInformationId: length 1 to 35',
    accepted: {
      service: B,
      body: () => withField(bulkBase(), 'paymentInformationId', randomUUID().slice(0, 35).padEnd(35, 'z')),
    },
    rejected: [
      {
        service: B,
        body: bulk('paymentInformationId', ''),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'paymentInformationId',
      },
      {
        service: B,
        body: bulk('paymentInformationId', x(36)),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'paymentInformationId',
      },
    ],
  },
  valueRule('2.3', 'batchBookingPreferred: boolean', B, 'batchBookingPreferred', false, 'no'),
  valueRule(
    '2.3',
    'requestedExecutionDate (bulk body): date-time',
    B,
    'requestedExecutionDate',
    FUTURE,
    'June',
  ),
  valueRule(
    '2.3',
    'chargesAccount (bulk body): AccountReference',
    B,
    'chargesAccount',
    { iban: JON_MAIN },
    JON_MAIN,
  ),
  {
    part: '2.3',
    // Optional on the body and on each element; without one on the body each element names its own (ÍST TS 310:
    // "separate debtor accounts on child payment elements when ... the debtorAccount is not included on the bulk
    // initiation top element"). No element's account stands in for another's.
    rule: 'debtorAccount (bulk body): optional, then each element names its own',
    accepted: {
      service: B,
      body: () =>
        withField(
          withField(withField(bulkBase(), 'debtorAccount', REMOVE), 'payments[0].debtorAccount', {
            iban: JON_MAIN,
          }),
          'payments[1].debtorAccount',
          { iban: JON_MAIN },
        ),
    },
    rejected: [
      {
        service: B,
        body: bulk('debtorAccount', REMOVE),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'debtorAccount',
      },
      {
        service: B,
        body: () =>
          withField(withField(bulkBase(), 'debtorAccount', REMOVE), 'payments[0].debtorAccount', {
            iban: JON_MAIN,
          }),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'payments[1].debtorAccount',
      },
    ],
  },
  unknownProperty('2.3', B, ''),
  unknownProperty('2.3', B, 'payments[0]'),
  required('2.3', B, 'payments[0].instructedAmount', { service: B, body: bulk() }),
  required('2.3', B, 'payments[0].creditorAccount', { service: B, body: bulk() }),
  {
    part: '2.3',
    rule: 'bulk element strings: nullable, no length bounds',
    accepted: BULK_ELEMENT_STRINGS.flatMap((field) => [
      { service: B, body: bulk(`payments[0].${field}`, null) },
      { service: B, body: bulk(`payments[0].${field}`, x(500)) },
    ]),
    rejected: BULK_ELEMENT_STRINGS.map((field) => ({
      service: B,
      body: bulk(`payments[0].${field}`, 7),
      status: 400,
      code: 'FORMAT_ERROR',
      path: `payments[0].${field}`,
    })),
  },
  valueRule(
    '2.3',
    'bulk element remittanceInformationStructuredArray: RemittanceInformationStructured items',
    B,
    'payments[0].remittanceInformationStructuredArray',
    [remittance],
    [{ reference: x(36) }],
    'FORMAT_ERROR',
    'payments[0].remittanceInformationStructuredArray[0].reference',
  ),
  valueRule('2.3', 'bulk element partialPayment: boolean', B, 'payments[0].partialPayment', true, 'true'),
  {
    part: '2.3',
    rule: 'a bulk element must not contain requestedExecutionDate (it belongs on the bulk body)',
    accepted: { service: B, body: bulk('requestedExecutionDate', FUTURE) },
    rejected: {
      service: B,
      body: bulk('payments[1].requestedExecutionDate', FUTURE),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'payments[1].requestedExecutionDate',
    },
  },
  {
    part: '2.3',
    rule: 'foreign payments: debtorAccount and chargesAccount only on the bulk body',
    accepted: [
      {
        service: B,
        body: bulk('payments[0].creditorAccount', { iban: 'DE89370400440532013000' }),
      },
      { service: B, body: bulk('payments[0].debtorAccount', { iban: JON_MAIN }) },
    ],
    rejected: [
      {
        service: B,
        body: () =>
          withField(
            withField(bulkBase(), 'payments[0].creditorAccount', { iban: 'DE89370400440532013000' }),
            'payments[0].debtorAccount',
            { iban: JON_MAIN },
          ),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'payments[0].debtorAccount',
      },
      {
        service: B,
        body: bulk('payments[0].chargesAccount', { iban: JON_MAIN }),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'payments[0].chargesAccount',
      },
    ],
  },
  {
    part: '2.3',
    rule: 'one debtor account per bulk',
    accepted: { service: B, body: bulk('payments[1].debtorAccount', { iban: JON_MAIN }) },
    rejected: {
      service: B,
      body: bulk('payments[1].debtorAccount', { iban: ANNA_MAIN }),
      status: 400,
      code: 'PARAMETER_NOT_SUPPORTED',
      path: 'payments[1].debtorAccount',
    },
  },
  valueRule(
    '2.3',
    'bulk element amount: fractions per currency',
    B,
    'payments[1].instructedAmount.amount',
    '2000',
    '2000.5',
    'FORMAT_ERROR',
    'payments[1].instructedAmount.amount',
  ),

  // ---------------------------------------------------------------- 2.4 shared types
  unknownProperty('2.4', 'payments', 'creditorAccount'),
  valueRule(
    '2.4',
    'AccountReference.iban: pattern',
    'payments',
    'creditorAccount.iban',
    CREDITOR,
    'is030115260123450101302989',
  ),
  valueRule(
    '2.4',
    'AccountReference.iban: check digits (Berlin Group: a malformed IBAN is a FORMAT_ERROR)',
    'payments',
    'creditorAccount.iban',
    CREDITOR,
    'IS040115260123450101302989',
  ),
  valueRule(
    '2.4',
    'AccountReference.bban: pattern',
    'payments',
    'debtorAccount',
    { bban: JON_BBAN },
    { bban: '0159-26-007654' },
    'FORMAT_ERROR',
    'debtorAccount.bban',
  ),
  valueRule(
    '2.4',
    'AccountReference.maskedPan: max 35',
    'payments',
    'creditorAccount',
    { maskedPan: '123456******1234' },
    { maskedPan: x(36) },
    'FORMAT_ERROR',
    'creditorAccount.maskedPan',
  ),
  valueRule(
    '2.4',
    'AccountReference.msisdn: max 35',
    'payments',
    'creditorAccount',
    { msisdn: '+3546901234' },
    { msisdn: x(36) },
    'FORMAT_ERROR',
    'creditorAccount.msisdn',
  ),
  valueRule(
    '2.4',
    'AccountReference.currency: pattern [A-Z]{3}',
    'payments',
    'debtorAccount.currency',
    'ISK',
    'kr',
  ),
  valueRule(
    '2.4',
    'AccountReference.cashAccountType: string',
    'payments',
    'debtorAccount.cashAccountType',
    'CACC',
    1,
  ),
  valueRule(
    '2.4',
    'AccountReference: fields nullable; one of iban, bban, maskedPan, msisdn',
    'payments',
    'debtorAccount',
    { iban: null, bban: JON_BBAN, currency: null },
    { iban: null, currency: 'ISK' },
  ),
  {
    part: '2.4',
    rule: 'debtorAccount: an account of this bank (which condition yields which code: README)',
    accepted: { body: single('debtorAccount', { iban: JON_MAIN }) },
    rejected: {
      body: single('debtorAccount', { iban: CREDITOR }),
      status: 400,
      code: 'DEBTOR_ACCOUNT_NOT_FOUND',
      path: 'debtorAccount',
    },
  },
  {
    part: '2.4',
    rule: 'creditorAccount: an account of this bank, when it names this bank (which condition yields which code: README)',
    accepted: [
      { body: single('creditorAccount', { iban: CREDITOR }) },
      { body: single('creditorAccount', { iban: ANNA_MAIN }) },
      { body: single('creditorAccount', { bban: ANNA_MAIN.slice(4) }) },
      { service: P, body: periodic('creditorAccount', { iban: ANNA_MAIN }) },
    ],
    rejected: [
      {
        body: single('creditorAccount', { iban: UNKNOWN_HERE }),
        status: 400,
        code: 'CREDITOR_ACCOUNT_NOT_FOUND',
        path: 'creditorAccount',
      },
      {
        body: single('creditorAccount', { bban: UNKNOWN_HERE.slice(4) }),
        status: 400,
        code: 'CREDITOR_ACCOUNT_NOT_FOUND',
        path: 'creditorAccount',
      },
      {
        service: P,
        body: periodic('creditorAccount', { iban: UNKNOWN_HERE }),
        status: 400,
        code: 'CREDITOR_ACCOUNT_NOT_FOUND',
        path: 'creditorAccount',
      },
    ],
  },
  unknownProperty('2.4', 'payments', 'instructedAmount'),
  required('2.4', 'payments', 'instructedAmount.currency', { body: single() }),
  required('2.4', 'payments', 'instructedAmount.amount', { body: single() }),
  valueRule(
    '2.4',
    'Amount.currency: pattern [A-Z]{3}',
    'payments',
    'instructedAmount.currency',
    'ISK',
    'Isk',
  ),
  valueRule('2.4', 'Amount.currency: ISO 4217', 'payments', 'instructedAmount.currency', 'ISK', 'XYZ'),
  {
    part: '2.4',
    rule: 'Amount.amount: pattern -?[0-9]{1,14}(\\.[0-9]{1,3})?, dot as separator',
    accepted: { body: single('instructedAmount.amount', '15000') },
    rejected: ['15.000,00', '1e5', '', ' 15000'].map((amount) => ({
      body: single('instructedAmount.amount', amount),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'instructedAmount.amount',
    })),
  },
  {
    part: '2.4',
    rule: 'Amount.amount: negative signed with minus (pattern) — the bank pays only amounts above zero',
    accepted:
      'not shown: a negative or zero amount cannot be paid; the pattern admits it, the bank refuses it',
    rejected: ['-100', '0'].map((amount) => ({
      body: single('instructedAmount.amount', amount),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'instructedAmount.amount',
    })),
  },
  {
    part: '2.4',
    rule: 'Amount.amount: fractions match the currency (ISK 0, EUR 2, KWD 3)',
    accepted: [
      { body: single('instructedAmount', { currency: 'ISK', amount: '100' }) },
      {
        body: () =>
          withField(singlePayment({ debtorAccount: { iban: JON_EUR } }), 'instructedAmount', {
            currency: 'EUR',
            amount: '1.23',
          }),
      },
      { body: single('instructedAmount', { currency: 'KWD', amount: '1.234' }) },
    ],
    rejected: [
      {
        body: single('instructedAmount', { currency: 'ISK', amount: '100.5' }),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'instructedAmount.amount',
      },
      {
        body: () =>
          withField(singlePayment({ debtorAccount: { iban: JON_EUR } }), 'instructedAmount', {
            currency: 'EUR',
            amount: '1.234',
          }),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'instructedAmount.amount',
      },
      {
        body: single('instructedAmount', { currency: 'KWD', amount: '1.2345' }),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'instructedAmount.amount',
      },
    ],
  },
  required('2.4', 'payments', 'creditorAddress.country', { body: single('creditorAddress', address) }),
  valueRule(
    '2.4',
    'Address.country: pattern [A-Z]{2}',
    'payments',
    'creditorAddress',
    address,
    { ...address, country: 'ISL' },
    'FORMAT_ERROR',
    'creditorAddress.country',
  ),
  valueRule(
    '2.4',
    'Address.streetName: max 70',
    'payments',
    'creditorAddress',
    { ...address, streetName: x(70) },
    { ...address, streetName: x(71) },
    'FORMAT_ERROR',
    'creditorAddress.streetName',
  ),
  valueRule(
    '2.4',
    'Address: buildingNumber, townName, postCode nullable strings; unknown properties not allowed',
    'payments',
    'creditorAddress',
    { country: 'IS', buildingNumber: null, townName: null, postCode: null, streetName: null },
    { country: 'IS', floor: '2' },
    'FORMAT_ERROR',
    'creditorAddress.floor',
  ),
  valueRule(
    '2.4',
    'RemittanceInformationStructured.reference: required',
    'payments',
    'remittanceInformationStructured',
    [remittance],
    [{ referenceType: 'SCOR' }],
    'FORMAT_ERROR',
    'remittanceInformationStructured[0].reference',
  ),
  {
    part: '2.4',
    rule: 'RemittanceInformationStructured.reference: length 1 to 35',
    accepted: { body: single('remittanceInformationStructured', [{ reference: x(35) }]) },
    rejected: ['', x(36)].map((reference) => ({
      body: single('remittanceInformationStructured', [{ reference }]),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'remittanceInformationStructured[0].reference',
    })),
  },
  ...(['referenceType', 'referenceIssuer'] as const).map((field) =>
    valueRule(
      '2.4',
      `RemittanceInformationStructured.${field}: max 35, nullable`,
      'payments',
      'remittanceInformationStructured',
      [
        { reference: 'R1', [field]: x(35) },
        { reference: 'R2', [field]: null },
      ],
      [{ reference: 'R1', [field]: x(36) }],
      'FORMAT_ERROR',
      `remittanceInformationStructured[0].${field}`,
    ),
  ),
  valueRule(
    '2.4',
    'unknown properties not allowed in RemittanceInformationStructured',
    'payments',
    'remittanceInformationStructured',
    [remittance],
    [{ ...remittance, surplus: 'x' }],
    'FORMAT_ERROR',
    'remittanceInformationStructured[0].surplus',
  ),
  {
    part: '2.4',
    rule: 'AuthenticationType, OtpFormatEnum, RateTypeEnum, TppMessageCategory, TransactionStatus (response enums)',
    accepted: 'shown by every answer: checkContractResponse validates each body, enums included',
    rejected: 'not shown: the bank produces these values, a TPP sends none of them',
  },
  {
    part: '2.5',
    rule: 'response of a successful initiation (201): PaymentInitiationResponse, links, fees',
    accepted: [
      { body: single() },
      { body: single('instructedAmount', { currency: 'EUR', amount: '10.00' }) },
    ],
    rejected: 'not shown: an answer is validated (checkContractResponse), not sent',
  },
  {
    part: '2.6',
    rule: 'payment information: creditorName 1 to 70 required, debtorName from the bank',
    accepted: {
      run: async (ctx) => (await initiateAndRead(ctx, { creditorName: null })).read,
      status: 200,
    },
    rejected: 'not shown: an answer is validated against PaymentInformation, not sent',
  },
  {
    part: '2.6',
    rule: 'payment information: a field sent as null reads back absent (2.6 does not make chargeBearer nullable)',
    accepted: {
      run: async (ctx) => {
        const { read } = await initiateAndRead(ctx, {
          chargeBearer: null,
          endToEndIdentification: null,
          creditorAgent: null,
        });
        expect(read.json).not.toHaveProperty('chargeBearer');
        expect(read.json).not.toHaveProperty('endToEndIdentification');
        return read;
      },
      status: 200,
    },
    rejected: 'not shown: an answer is validated against PaymentInformation, not sent',
  },
  {
    part: '2.6',
    rule: 'payment information: exchangeRateInformation and transactionFeesDetails of a foreign-currency payment',
    accepted: {
      run: async (ctx) => {
        const { created, read } = await initiateAndRead(ctx, {
          instructedAmount: { currency: 'EUR', amount: '10.00' },
        });
        expect(read.json.exchangeRateInformation).toEqual(created.json.exchangeRateInformation);
        expect(read.json.transactionFeesDetails).toEqual(created.json.transactionFeesDetails);
        return read;
      },
      status: 200,
    },
    rejected: 'not shown: an answer is validated against PaymentInformation, not sent',
  },

  // ---------------------------------------------------------------- 4.1 path, body, headers
  {
    part: '4.1',
    rule: 'payment-service: payments, bulk-payments, periodic-payments',
    accepted: [{ body: single() }, { service: P, body: periodic() }, { service: B, body: bulk() }],
    rejected: {
      service: 'standing-orders' as Service,
      body: single(),
      status: 400,
      code: 'SERVICE_INVALID',
      path: 'payment-service',
    },
  },
  {
    part: '4.1',
    rule: 'payment-product: credit-transfers, card-deposits',
    // A card deposit names the card by maskedPan (2.4): one of the sandbox's seeded cards (card-deposits.test.ts).
    accepted: [
      { body: single() },
      { product: 'card-deposits', body: single('creditorAccount', { maskedPan: '522011******4242' }) },
    ],
    rejected: {
      product: 'sepa-credit-transfers',
      body: single(),
      status: 404,
      code: 'PRODUCT_UNKNOWN',
      path: 'payment-product',
    },
  },
  {
    part: '4.1',
    rule: 'a method the initiation path does not offer',
    accepted: { body: single() },
    rejected: {
      run: (ctx) =>
        ctx.tpp.request(
          'PUT',
          '/psd2/api/v1/payments/credit-transfers',
          ctx.tpp.headers(ctx.token),
          singlePayment(),
        ),
      status: 405,
      code: 'SERVICE_INVALID',
      path: null,
    },
  },
  {
    part: '4.1',
    rule: 'request body: application/json, required, JSON',
    accepted: { body: single() },
    rejected: [
      { headers: { 'Content-Type': 'text/plain' }, body: single(), status: 415, code: null },
      { body: () => '{"debtorAccount":', status: 400, code: 'FORMAT_ERROR', path: null },
      { body: () => '', status: 400, code: 'FORMAT_ERROR', path: null },
    ],
  },
  {
    part: '4.1',
    rule: '201 as application/json or application/xml',
    accepted: [{ body: single() }, { headers: { Accept: 'application/xml' }, body: single() }],
    rejected: {
      run: async (ctx) => {
        const count = async () =>
          ((await (await fetch(`${ctx.url}/sandbox/payments`)).json()) as { payments: unknown[] }).payments
            .length;
        const before = await count();
        const response = await ctx.tpp.initiate(ctx.token, singlePayment(), {
          headers: { Accept: 'text/html' },
        });
        // Refused before anything is done: no payment was made that the TPP never heard of.
        expect(await count()).toBe(before);
        return response;
      },
      status: 406,
      code: null,
    },
  },
  {
    part: '4.1',
    rule: 'X-Request-ID: required, UUID',
    accepted: { headers: { 'X-Request-ID': randomUUID() } },
    rejected: [undefined, '12345', `${randomUUID()}x`].map((value) => ({
      headers: { 'X-Request-ID': value },
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'X-Request-ID',
    })),
  },
  {
    part: '4.1',
    rule: 'PSU-IP-Address: required, IPv4',
    accepted: { headers: { 'PSU-IP-Address': '10.0.0.1' } },
    rejected: [undefined, '2001:db8::1', '256.1.1.1'].map((value) => ({
      headers: { 'PSU-IP-Address': value },
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'PSU-IP-Address',
    })),
  },
  {
    part: '4.1',
    rule: 'Digest present if and only if Signature; TPP-Signature-Certificate with a signature',
    accepted: {
      run: (ctx) => {
        const body = singlePayment();
        const digest = `SHA-256=${createHash('sha256').update(JSON.stringify(body)).digest('base64')}`;
        return ctx.tpp.initiate(ctx.token, body, {
          headers: {
            Digest: digest,
            Signature: 'keyId="x",signature="y"',
            'TPP-Signature-Certificate': 'MIIB',
          },
        });
      },
    },
    rejected: [
      { headers: { Digest: 'SHA-256=AAAA' }, status: 400, code: 'FORMAT_ERROR', path: 'Signature' },
      {
        headers: { Signature: 'keyId="x",signature="y"' },
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'Digest',
      },
      {
        run: (ctx) => {
          const body = singlePayment();
          const digest = `SHA-256=${createHash('sha256').update(JSON.stringify(body)).digest('base64')}`;
          return ctx.tpp.initiate(ctx.token, body, {
            headers: { Digest: digest, Signature: 'keyId="x",signature="y"' },
          });
        },
        status: 401,
        code: 'CERTIFICATE_MISSING',
        path: 'TPP-Signature-Certificate',
      },
      {
        headers: {
          Digest: 'SHA-256=AAAA',
          Signature: 'keyId="x",signature="y"',
          'TPP-Signature-Certificate': 'MIIB',
        },
        status: 401,
        code: 'SIGNATURE_INVALID',
        path: 'Digest',
      },
    ],
  },
  {
    part: '4.1',
    rule: 'Signature: optional; verified when the bank mandates it',
    accepted: { body: single() },
    rejected:
      'shown in tests/going-live/mtls.test.ts: a client set to require signatures gets 401 SIGNATURE_MISSING / SIGNATURE_INVALID',
  },
  {
    part: '4.1',
    rule: 'PSU-ID: optional kennitala of a PSU who may use the debtor account',
    accepted: [
      { headers: { 'PSU-ID': '0101302989' } },
      { headers: { 'PSU-ID': '010130-2989' } },
      { headers: { 'PSU-ID': undefined } },
      {
        // The same kennitala, written with its hyphen, names the same signer on an authorisation start.
        run: (ctx) => startMultilevelAuthorisation(ctx, { 'PSU-ID': '111171-2549' }),
      },
    ],
    rejected: [
      { headers: { 'PSU-ID': '0000000000' }, status: 401, code: 'PSU_CREDENTIALS_INVALID', path: 'PSU-ID' },
      {
        headers: { 'PSU-ID': '1203892039' },
        status: 400,
        code: 'DEBTOR_ACCOUNT_NOT_FOUND',
        path: 'debtorAccount',
      },
    ],
  },
  freeHeader('PSU-ID-Type', 'kennitala'),
  {
    part: '4.1',
    rule: 'PSU-Corporate-ID: optional kennitala of the company that owns the debtor account',
    accepted: [
      { headers: { 'PSU-Corporate-ID': undefined } },
      { headers: { 'PSU-Corporate-ID': '5102993029' }, body: single('debtorAccount', { iban: SANDKASSI }) },
      { headers: { 'PSU-Corporate-ID': '510299-3029' }, body: single('debtorAccount', { iban: SANDKASSI }) },
    ],
    rejected: [
      {
        headers: { 'PSU-Corporate-ID': '0000000000' },
        body: single('debtorAccount', { iban: SANDKASSI }),
        status: 401,
        code: 'CORPORATE_ID_INVALID',
        path: 'PSU-Corporate-ID',
      },
      {
        headers: { 'PSU-Corporate-ID': '5102993029' },
        status: 400,
        code: 'DEBTOR_ACCOUNT_NOT_FOUND',
        path: 'debtorAccount',
      },
    ],
  },
  freeHeader('PSU-Corporate-Id-Type', 'kennitala'),
  {
    part: '4.1',
    rule: 'Consent-ID: optional; this bank holds no account-information consents, so none can be matched',
    accepted: { headers: { 'Consent-ID': undefined } },
    rejected: {
      headers: { 'Consent-ID': 'consent-1' },
      status: 400,
      code: 'CONSENT_UNKNOWN',
      path: 'Consent-ID',
    },
  },
  freeHeader('TPP-Brand-Logging-Information', 'Greiðsla'),
  freeHeader('PSU-IP-Port', '443'),
  freeHeader('PSU-Accept', 'text/html'),
  freeHeader('PSU-Accept-Charset', 'utf-8'),
  freeHeader('PSU-Accept-Encoding', 'gzip'),
  freeHeader('PSU-User-Agent', 'Mozilla/5.0'),
  headerRule('4.1', 'TPP-Redirect-Preferred: true or false', 'TPP-Redirect-Preferred', 'true', [
    'yes',
    'TRUE ',
  ]),
  headerRule(
    '4.1',
    'TPP-Explicit-Authorisation-Preferred: true or false',
    'TPP-Explicit-Authorisation-Preferred',
    'true',
    ['1'],
  ),
  headerRule(
    '4.1',
    'TPP-Rejection-No-Funds-Preferred: true or false',
    'TPP-Rejection-No-Funds-Preferred',
    'false',
    ['no'],
  ),
  {
    part: '4.1',
    rule: 'TPP-Redirect-URI: mandated for the redirect approach (also OAuth and multilevel); an absolute URL',
    accepted: [
      { headers: { 'TPP-Redirect-URI': 'https://tpp.example/return' } },
      {
        headers: { 'TPP-Redirect-URI': undefined, 'TPP-Nok-Redirect-URI': undefined },
        body: single('debtorAccount', { iban: BOKHALD }),
      },
    ],
    rejected: [
      ...[undefined, 'not a url', '/relative'].map((value) => ({
        headers: { 'TPP-Redirect-URI': value },
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'TPP-Redirect-URI',
      })),
      // Spec part 4: "mandated for the redirect approach". OAuth and multilevel answers carry ASPSP-SCA-Approach
      // REDIRECT too (IOBWS 3.2: OAuth is subsumed by REDIRECT), so they need it as much as the plain redirect.
      // FORMAT_ERROR with the header as path: BG IG 14.11, "format of certain request fields are not matching the
      // XS2A requirements ... This applies to headers and body entries".
      ...[SIGRUN, SANDKASSI].map((iban) => ({
        headers: { 'TPP-Redirect-URI': undefined, 'TPP-Nok-Redirect-URI': undefined },
        body: single('debtorAccount', { iban }),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'TPP-Redirect-URI',
      })),
      {
        // "Mandated ..., specifically when TPP-Redirect-Preferred equals true" (BG IG 5.3), whatever the approach.
        headers: { 'TPP-Redirect-URI': undefined, 'TPP-Redirect-Preferred': 'true' },
        body: single('debtorAccount', { iban: BOKHALD }),
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'TPP-Redirect-URI',
      },
    ],
  },
  headerRule(
    '4.1',
    'TPP-Nok-Redirect-URI: an absolute URL',
    'TPP-Nok-Redirect-URI',
    'https://tpp.example/nok',
    ['nok'],
  ),
  headerRule(
    '4.1',
    'TPP-Notification-URI (part 6): a URL',
    'TPP-Notification-URI',
    'https://tpp.example/notify',
    ['ftp://tpp.example/x', 'notify'],
  ),
  headerRule(
    '4.1',
    'TPP-Notification-Content-Preferred (part 6): status=X1,…,Xn, no repeats',
    'TPP-Notification-Content-Preferred',
    'status=SCA, PROCESS,LAST',
    ['status=SCA,SCA', 'SCA', 'status=ALL'],
  ),
  {
    part: '4.1',
    // "language of the SCA page: is or en; default en when empty": the header forwards the PSU's HTTP
    // Accept-Language, so it is read as one (any case, a region, weights); nothing is refused for it.
    rule: 'PSU-Accept-Language: is or en, read as an HTTP language header; default en when empty',
    accepted: ['is', 'IS', 'is-IS', 'is;q=0.9, en;q=0.8', '', 'en', 'de', 'english', '*'].map((value) => ({
      headers: { 'PSU-Accept-Language': value },
    })),
    rejected: 'not shown: an unknown language falls back to en (default when empty), it is never refused',
  },
  headerRule('4.1', 'PSU-Http-Method: GET, POST, PUT, PATCH or DELETE', 'PSU-Http-Method', 'PATCH', [
    'HEAD',
    'post',
  ]),
  headerRule('4.1', 'PSU-Device-ID: UUID', 'PSU-Device-ID', randomUUID(), ['device-1']),
  headerRule(
    '4.1',
    'PSU-Geo-Location: GEO:-?[0-9]{1,2}.[0-9]{6};-?[0-9]{1,3}.[0-9]{6}',
    'PSU-Geo-Location',
    'GEO:-64.146582;-121.942635',
    ['GEO:64.1;-21.9', '64.146582;-21.942635'],
  ),
  {
    part: '4.1',
    // ÍST TS 316 ("Idempotency"): the uniqueness of the message is based on the key only, the payload is ignored;
    // a key whose operation succeeded gives that result again, one whose operation failed gives that error again.
    rule: 'Idempotency-Key: a repeated key gives the first answer, whatever the body (ÍST TS 316)',
    accepted: [
      {
        run: async (ctx) => {
          const key = randomUUID();
          const first = await ctx.tpp.initiate(ctx.token, singlePayment(), {
            headers: { 'Idempotency-Key': key },
          });
          const again = await ctx.tpp.initiate(ctx.token, singlePayment(), {
            headers: { 'Idempotency-Key': key },
          });
          expect(again.json.paymentId).toBe(first.json.paymentId);
          return again;
        },
      },
      {
        run: async (ctx) => {
          const key = randomUUID();
          const first = await ctx.tpp.initiate(ctx.token, singlePayment(), {
            headers: { 'Idempotency-Key': key },
          });
          const other = await ctx.tpp.initiate(ctx.token, singlePayment({ creditorName: 'Annar' }), {
            headers: { 'Idempotency-Key': key },
          });
          expect(other.json).toEqual(first.json);
          expect(other.headers.get('Location')).toBe(first.headers.get('Location'));
          return other;
        },
      },
    ],
    rejected: [
      {
        run: async (ctx) => {
          const key = randomUUID();
          const failed = await ctx.tpp.initiate(ctx.token, singlePayment({ creditorName: x(71) }), {
            headers: { 'Idempotency-Key': key },
          });
          expectError(failed, 400, 'FORMAT_ERROR', 'creditorName');
          // The corrected body under the same key: the first outcome again, and no payment made.
          const again = await ctx.tpp.initiate(ctx.token, singlePayment(), {
            headers: { 'Idempotency-Key': key },
          });
          const listed = (await (await fetch(`${ctx.url}/sandbox/payments`)).json()) as {
            payments: Array<{ idempotencyKey: string | null }>;
          };
          expect(listed.payments.filter((p) => p.idempotencyKey === key)).toEqual([]);
          return again;
        },
        status: 400,
        code: 'FORMAT_ERROR',
        path: 'creditorName',
      },
      { headers: { 'Idempotency-Key': x(256) }, status: 400, code: 'FORMAT_ERROR', path: 'Idempotency-Key' },
    ],
  },
  {
    part: '4.1',
    rule: 'Multilevel SCA: no scaRedirect, no method selection; startAuthorisation first',
    accepted: {
      run: async (ctx) => {
        const response = await ctx.tpp.initiate(
          ctx.token,
          singlePayment({ debtorAccount: { iban: 'IS780515260012345102993029' } }),
        );
        const links = response.json._links as Record<string, unknown>;
        expect(Object.keys(links)).toContain('startAuthorisation');
        expect(links.scaRedirect).toBeUndefined();
        expect(response.json.scaMethods).toBeUndefined();
        return response;
      },
    },
    rejected: 'not shown: a rule on the answer, not on the request',
  },

  // ---------------------------------------------------------------- 5 authentication
  {
    part: '5',
    rule: 'Authorization: Bearer <ACCESS_TOKEN> required, the scheme in any case (RFC 9110 11.1)',
    accepted: [
      { body: single() },
      ...['bearer', 'BEARER'].map((scheme) => ({
        run: (c: Ctx) =>
          c.tpp.initiate(c.token, singlePayment(), { headers: { Authorization: `${scheme} ${c.token}` } }),
      })),
    ],
    rejected: [
      { headers: { Authorization: undefined }, status: 401, code: 'TOKEN_UNKNOWN', path: 'Authorization' },
      {
        headers: { Authorization: 'Basic ZGVtbzpzZWNyZXQ=' },
        status: 401,
        code: 'TOKEN_INVALID',
        path: 'Authorization',
      },
      {
        headers: { Authorization: 'Bearer never-issued' },
        status: 401,
        code: 'TOKEN_UNKNOWN',
        path: 'Authorization',
      },
    ],
  },
  {
    part: '5',
    rule: 'token from the client credentials grant; scope pis: required (ais: exists for account information)',
    accepted: [
      { run: async (ctx) => ctx.tpp.initiate(await ctx.tpp.token('pis:'), singlePayment()) },
      { run: async (ctx) => ctx.tpp.initiate(await ctx.tpp.token('pis: ais:'), singlePayment()) },
    ],
    rejected: [
      ...['', 'payments:', 'pis: nonsense'].map((scope) => ({
        run: async (ctx: Ctx) => {
          const response = await fetch(`${ctx.url}/oauth/v2/oauth-token`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: 'demo-tpp',
              client_secret: 'demo-tpp-secret',
              scope,
            }),
          });
          const json = await response.json();
          expect(json).toMatchObject({ error: 'invalid_scope' });
          return {
            status: response.status,
            headers: response.headers,
            json: { tppMessages: [{ category: 'ERROR', code: 'invalid_scope', path: 'scope', text: null }] },
          };
        },
        status: 400,
        code: 'invalid_scope',
        path: 'scope',
      })),
    ],
  },
  {
    part: '5',
    rule: 'a token without scope pis: (an ais: token) on /psd2: 401 TOKEN_INVALID',
    accepted: { body: single() },
    rejected: {
      run: async (ctx) => ctx.tpp.initiate(await ctx.tpp.token('ais:'), singlePayment()),
      status: 401,
      code: 'TOKEN_INVALID',
      path: 'Authorization',
    },
  },
  {
    part: '5',
    rule: 'subscription key (sent as Ocp-Apim-Subscription-Key; header name "not shown" in the spec)',
    accepted: { headers: { 'Ocp-Apim-Subscription-Key': 'demo-subscription-key' } },
    rejected: [undefined, 'wrong-key'].map((value) => ({
      headers: { 'Ocp-Apim-Subscription-Key': value },
      status: 401,
      code: 'ROLE_INVALID',
      path: 'Ocp-Apim-Subscription-Key',
    })),
  },

  // ---------------------------------------------------------------- 7 errors
  {
    part: '7',
    rule: '400 with an allowed code (FORMAT_ERROR, PERIOD_INVALID, EXECUTION_DATE_INVALID, … in the rows above)',
    accepted: { body: single() },
    rejected: {
      body: single('creditorAccount', REMOVE),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'creditorAccount',
    },
  },
  {
    part: '7',
    rule: '400 INSUFFICIENT_FUNDS when the TPP prefers rejection on no funds',
    accepted: { headers: { 'TPP-Rejection-No-Funds-Preferred': 'true' } },
    rejected: {
      headers: { 'TPP-Rejection-No-Funds-Preferred': 'true' },
      body: single('instructedAmount', { currency: 'ISK', amount: '999999999' }),
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
      path: 'debtorAccount',
    },
  },
  {
    part: '7',
    rule: '401 TOKEN_EXPIRED (sandbox clock)',
    accepted: { body: single() },
    rejected: {
      run: async (ctx) => {
        const old = await ctx.tpp.token();
        await advanceClock(ctx.url, 3601);
        ctx.token = await ctx.tpp.token();
        return ctx.tpp.initiate(old, singlePayment());
      },
      status: 401,
      code: 'TOKEN_EXPIRED',
      path: 'Authorization',
    },
  },
  {
    part: '7',
    rule: '403 (CONSENT_UNKNOWN, SERVICE_BLOCKED, …)',
    accepted: { body: single() },
    rejected:
      "not shown: no condition of payment initiation yields 403 here; another TPP's payment is 404 RESOURCE_UNKNOWN so ids cannot be probed (README)",
  },
  {
    part: '7',
    rule: "404 RESOURCE_UNKNOWN: unknown paymentId, another TPP's payment",
    accepted: {
      run: async (ctx) => {
        const created = await ctx.tpp.initiate(ctx.token, singlePayment());
        return ctx.tpp.get(
          ctx.token,
          `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}/status`,
        );
      },
      status: 200,
    },
    rejected: [
      {
        run: (ctx) => ctx.tpp.get(ctx.token, `/psd2/api/v1/payments/credit-transfers/${randomUUID()}/status`),
        status: 404,
        code: 'RESOURCE_UNKNOWN',
        path: 'paymentId',
      },
      {
        run: async (ctx) => {
          const created = await ctx.tpp.initiate(ctx.token, singlePayment());
          const other = new TestTpp(ctx.url, OTHER_CLIENT);
          return other.get(
            await other.token(),
            `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`,
          );
        },
        status: 404,
        code: 'RESOURCE_UNKNOWN',
        path: 'paymentId',
      },
    ],
  },
  {
    part: '7',
    // BG IG 4.12: 405 is "the DELETE response code in case of cancellation of a payment initiation, where the
    // payment initiation cannot be cancelled"; of the codes the reference gives it (CANCELLATION_INVALID,
    // SERVICE_INVALID) part 7 allows SERVICE_INVALID.
    rule: '405 SERVICE_INVALID: DELETE on a payment that can no longer be cancelled',
    accepted: {
      run: async (ctx) => {
        const created = await ctx.tpp.initiate(ctx.token, singlePayment());
        return ctx.tpp.request(
          'DELETE',
          `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`,
          ctx.tpp.headers(ctx.token, { 'Content-Type': undefined }),
        );
      },
      status: 204,
    },
    rejected: {
      run: async (ctx) => {
        const path = await cancelledPayment(ctx);
        const again = await ctx.tpp.request('DELETE', path, withoutBody(ctx));
        expect(again.headers.get('Allow')).toBe('GET');
        return again;
      },
      status: 405,
      code: 'SERVICE_INVALID',
      path: null,
    },
  },
  {
    part: '7',
    rule: '409 STATUS_INVALID: an authorisation started on a payment that needs none',
    accepted: {
      run: (ctx) => startMultilevelAuthorisation(ctx),
    },
    rejected: {
      run: async (ctx) =>
        ctx.tpp.request('POST', `${await cancelledPayment(ctx)}/authorisations`, ctx.tpp.headers(ctx.token)),
      status: 409,
      code: 'STATUS_INVALID',
      path: null,
    },
  },
  {
    part: '7',
    rule: 'error bodies JSON or XML (4.1)',
    accepted: { headers: { Accept: 'application/json' }, body: single('creditorName', x(71)), status: 400 },
    rejected: {
      headers: { Accept: 'application/xml' },
      body: single('creditorName', x(71)),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'creditorName',
    },
  },
  {
    part: '7',
    rule: '408, 429, 500, 503: no body (provoked by fault rules)',
    accepted: { body: single() },
    rejected: [408, 429, 500, 503].map((status) => ({
      run: async (ctx: Ctx) => {
        await addFault(ctx, status);
        return ctx.tpp.initiate(ctx.token, singlePayment());
      },
      status,
      code: null,
    })),
  },
  {
    part: '7',
    rule: 'messages in 2xx answers: category ERROR or WARNING, code WARNING',
    accepted:
      'shown by every 2xx answer (TppMessage2xx in the contract); the sandbox sends no messages in 2xx answers',
    rejected: 'not shown: a rule on the answer',
  },

  // ---------------------------------------------------------------- 8 limits
  {
    part: '8',
    rule: 'tppMessage text: max 500 characters, also for an overlong offending value',
    accepted: { body: single('creditorName', x(70)) },
    rejected: {
      run: async (ctx) => {
        const response = await ctx.tpp.initiate(ctx.token, singlePayment({ [x(700)]: 'x' }));
        expect(response.json.tppMessages?.[0]?.text?.length).toBeLessThanOrEqual(500);
        return response;
      },
      status: 400,
      code: 'FORMAT_ERROR',
      path: x(700),
    },
  },
  {
    part: '8',
    rule: 'psuMessage: max 500 characters (decoupled approach)',
    accepted: {
      run: async (ctx) => {
        const response = await ctx.tpp.initiate(
          ctx.token,
          singlePayment({ debtorAccount: { iban: 'IS950515260012341505852289' } }),
        );
        expect(String(response.json.psuMessage).length).toBeGreaterThan(0);
        expect(String(response.json.psuMessage).length).toBeLessThanOrEqual(500);
        return response;
      },
    },
    rejected:
      'not shown: the bank writes psuMessage; the contract (maxLength 500) refuses a longer one in every answer checked',
  },
  {
    part: '8',
    rule: 'challenge image: PNG, max 512 kilobyte (PHOTO_OTP)',
    accepted: {
      run: async (ctx) => {
        const created = await ctx.tpp.initiate(
          ctx.token,
          singlePayment({ debtorAccount: { iban: 'IS830515260012342207793199' } }),
        );
        const links = created.json._links as Record<string, { href: string }>;
        const start = links.startAuthorisationWithAuthenticationMethodSelection?.href ?? '';
        const started = await ctx.tpp.request('POST', new URL(start).pathname, ctx.tpp.headers(ctx.token), {
          authenticationMethodId: 'photo',
        });
        const image = Buffer.from(String((started.json.challengeData as { image: string }).image), 'base64');
        expect(image.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
        expect(image.length).toBeLessThanOrEqual(512 * 1024);
        return started;
      },
    },
    rejected:
      'not shown: the bank makes the image; the contract refuses a larger one (ChallengeData.image maxLength, checked below)',
  },
  {
    part: '8',
    rule: 'paymentInformationId: unique per bulk payment (a reused one is a duplicate)',
    accepted: { service: B, body: bulk() },
    rejected: {
      run: async (ctx) => {
        const body = bulkBase();
        const first = await ctx.tpp.initiate(ctx.token, body, { service: B });
        expect(first.status).toBe(201);
        return ctx.tpp.initiate(ctx.token, { ...body, payments: body.payments.slice(0, 1) }, { service: B });
      },
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'paymentInformationId',
    },
  },
  {
    part: '8',
    rule: 'amount: up to 14 integer digits, up to 3 fraction digits',
    accepted: [
      {
        body: single('instructedAmount.amount', '99999999999999'),
        headers: { 'TPP-Rejection-No-Funds-Preferred': undefined },
      },
      { body: single('instructedAmount', { currency: 'KWD', amount: '1.999' }) },
    ],
    rejected: ['100000000000000', '1.0000'].map((amount) => ({
      body: single('instructedAmount', { currency: 'KWD', amount }),
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'instructedAmount.amount',
    })),
  },
  {
    part: '8',
    rule: 'string field lengths as in part 2',
    accepted: 'shown by the max-length rows of parts 2.1 to 2.4 above',
    rejected: 'shown by the max-length rows of parts 2.1 to 2.4 above',
  },
  {
    part: '8',
    rule: 'rate limit thresholds',
    accepted: { body: single() },
    rejected: 'not shown in the spec (thresholds); 429 without a body is shown in part 7 above',
  },
];

// ------------------------------------------------------------------ running the table

let sandbox: RunningSandbox;
const ctx = {} as Ctx;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  ctx.url = sandbox.url;
  ctx.tpp = new TestTpp(sandbox.url);
  ctx.token = await ctx.tpp.token();
});
afterAll(() => sandbox.close());

function send(request: Request): Promise<ApiResponse> {
  if (request.run) return request.run(ctx);
  return ctx.tpp.initiate(ctx.token, (request.body ?? single())(), {
    service: request.service,
    product: request.product,
    headers: request.headers,
  });
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe('contract rules of spec parts 2, 4, 5, 7 and 8', () => {
  for (const rule of RULES) {
    it(`${rule.part} ${rule.rule}`, async () => {
      if (typeof rule.accepted === 'string') expect(rule.accepted).toMatch(/^(not shown|shown)/);
      else {
        for (const accepted of list(rule.accepted)) {
          const response = await send(accepted);
          expect(response.status, JSON.stringify(response.json)).toBe(accepted.status ?? 201);
        }
      }
      if (typeof rule.rejected === 'string') expect(rule.rejected).toMatch(/^(not shown|shown)/);
      else {
        for (const rejected of list(rule.rejected)) {
          const response = await send(rejected);
          if (rejected.code === null) {
            expect(response.status).toBe(rejected.status);
            expect(response.json).toEqual({});
          } else if (rejected.headers?.Accept === 'application/xml') {
            expect(response.status).toBe(rejected.status);
            expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
            expect(response.text).toContain(`<code>${rejected.code}</code><path>${rejected.path}</path>`);
          } else {
            expectError(response, rejected.status, rejected.code, rejected.path);
          }
        }
      }
    });
  }

  it('every part is covered and every row has both sides', () => {
    const parts = new Set(RULES.map((r) => r.part.split('.')[0]));
    expect([...parts].sort()).toEqual(['2', '4', '5', '7', '8']);
    for (const sub of ['2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '4.1']) {
      expect(RULES.some((r) => r.part === sub)).toBe(true);
    }
    const shownBoth = RULES.filter((r) => typeof r.accepted !== 'string' && typeof r.rejected !== 'string');
    expect(shownBoth.length).toBeGreaterThan(RULES.length * 0.75);
  });

  // Spec 4.1: "Success: 201 with the body of 2.5, as application/json or application/xml"; "400, 401, 403, 404,
  // 405, 409 (each with an error body as in part 7, JSON or XML)".
  it('4.1 the contract lists application/xml beside JSON for the 201 and for every error body', () => {
    const document = loadPisContract().document as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { $ref?: string; content?: object }> }>
      >;
      components: { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    };
    const initiation = document.paths['/api/v1/{payment-service}/{payment-product}']?.post?.responses ?? {};
    expect(Object.keys(initiation['201']?.content ?? {}).sort()).toEqual([
      'application/json',
      'application/xml',
    ]);
    for (const status of ['400', '401', '403', '404', '405', '409']) {
      const name = initiation[status]?.$ref?.split('/').pop() ?? '';
      const content = document.components.responses[name]?.content ?? {};
      expect(Object.keys(content).sort(), status).toEqual(['application/json', 'application/xml']);
      expect(content['application/xml']?.schema).toEqual(content['application/json']?.schema);
    }
  });

  it('the contract refuses what part 8 forbids in answers: 501-character texts, a challenge image over 512 KB', () => {
    const contract = loadPisContract();
    const error = (text: string) => ({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: null, text }],
    });
    expect(contract.validator('ErrorBody')(error(x(500)))).toBe(true);
    expect(contract.validator('ErrorBody')(error(x(501)))).toBe(false);
    const initiation = (psuMessage: string) => ({
      transactionStatus: 'RCVD',
      paymentId: 'p',
      _links: {},
      psuMessage,
    });
    expect(contract.validator('PaymentInitiationResponse')(initiation(x(500)))).toBe(true);
    expect(contract.validator('PaymentInitiationResponse')(initiation(x(501)))).toBe(false);
    const image = (bytes: number) => ({ image: Buffer.alloc(bytes).toString('base64') });
    expect(contract.validator('ChallengeData')(image(512 * 1024))).toBe(true);
    expect(contract.validator('ChallengeData')(image(512 * 1024 + 3))).toBe(false);
  });
});
