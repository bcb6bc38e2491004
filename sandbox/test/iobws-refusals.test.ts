import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import type { RunningSandbox } from '../src/server.js';
import { CREDITOR, expectError, startTestSandbox, TestTpp } from './helpers.js';

// Suðurbankinn speaks IOBWS 3.2 as published (contract/published/IOBWS3.2.yaml): it refuses what the file refuses,
// and its refusals name what its client sent, by IOBWS's names, where our bank's spec names a member or header
// otherwise.

const SUDUR = OTHER_BANKS.find((bank) => bank.id === 'sudur');
if (!SUDUR) throw new Error('no sandbox bank sudur');
const JON_AT_SUDUR = SUDUR.psus[0]?.accounts[0]?.iban ?? '';
const BOKHALD_AT_SUDUR = SUDUR.psus.find((psu) => psu.username === 'bokhald')?.accounts[0]?.iban ?? '';

let sandbox: RunningSandbox;
let sudur: TestTpp;
let token: string;

beforeAll(async () => {
  // These requests break the published file on purpose; the sandbox's check of its traffic against the file counts
  // such a request as a violation (tests/bank/iobws-bank.test.ts runs it over the app's own requests).
  sandbox = await startTestSandbox({ otherBanks: [SUDUR], contractCheck: false });
  sudur = new TestTpp(`${sandbox.url}/banks/sudur`, SUDUR.client);
  token = await sudur.token();
});
afterAll(() => sandbox?.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function single(overrides: Record<string, unknown> = {}) {
  return {
    debtorAccount: { iban: JON_AT_SUDUR },
    creditorAccount: { iban: CREDITOR },
    creditorName: 'Guðrún Helgadóttir',
    instructedAmount: { currency: 'ISK', amount: '15000' },
    ...overrides,
  };
}

const standingOrder = (overrides: Record<string, unknown> = {}) => ({
  debtorAccount: { iban: JON_AT_SUDUR },
  creditorAccount: { iban: CREDITOR },
  instructedAmount: { currency: 'ISK', amount: '15000' },
  startDate: inDays(10),
  frequency: 'Monthly',
  ...overrides,
});

const bulk = (overrides: Record<string, unknown> = {}) => ({
  paymentInformationId: `refusals-${Date.now()}`,
  debtorAccount: { iban: JON_AT_SUDUR },
  payments: [{ creditorAccount: { iban: CREDITOR }, instructedAmount: { currency: 'ISK', amount: '100' } }],
  ...overrides,
});

function initiate(service: string, body: unknown, headers: Record<string, string | undefined> = {}) {
  return sudur.request('POST', `/v1/${service}/credit-transfers`, sudur.headers(token, headers), body);
}

describe('an IOBWS 3.2 bank refuses what its file refuses', () => {
  it.each([
    ['payments', 'requestedExecutionDate', single],
    ['bulk-payments', 'requestedExecutionDate', bulk],
    ['periodic-payments', 'startDate', standingOrder],
    ['periodic-payments', 'endDate', standingOrder],
  ])(
    '%s: a %s that is a date-time, not a date (format: date), is 400 FORMAT_ERROR',
    async (service, member, body) => {
      const dated = await initiate(service, body({ [member]: `${inDays(20)}T00:00:00Z` }));
      expectError(dated, 400, 'FORMAT_ERROR', member);
      expect(dated.json.tppMessages?.[0]?.text).toBe(`${member} must match format "date".`);
      const asDate = await initiate(service, body({ [member]: inDays(20) }));
      expect(asDate.status, asDate.text).toBe(201);
    },
  );

  it('words an impossible date by the format IOBWS gives it', async () => {
    const refused = await initiate('payments', single({ requestedExecutionDate: '2026-13-45' }));
    expectError(refused, 400, 'FORMAT_ERROR', 'requestedExecutionDate');
    expect(refused.json.tppMessages?.[0]?.text).toBe('requestedExecutionDate must match format "date".');
  });
});

// `paymentInitiationBulkElementDomestic_json`: each string member has the file's bound (its own `maxLength` or its
// schema's), where our bank's spec (2.3) gives a bulk element none; OpenAPI 3.0 without `nullable`: no null.
describe("an IOBWS 3.2 bank bounds a bulk element's members as its file does", () => {
  it.each([
    ['endToEndIdentification', 35],
    ['instructionIdentification', 35],
    ['resourceId', 35],
    ['debtorId', 35],
    ['ultimateDebtor', 70],
    ['ultimateDebtorId', 35],
    ['creditorId', 35],
    ['ultimateCreditor', 70],
    ['ultimateCreditorId', 35],
    ['icelandicPurposeCode', 2],
    ['centralBankPurposeCode', 3],
    ['remittanceInformationUnstructured', 140],
  ] as const)('%s: at most %i characters, and a string', async (member, max) => {
    const element = (value: unknown) => ({ ...bulk().payments[0], [member]: value });
    const path = `payments[1].${member}`;
    const long = await initiate(
      'bulk-payments',
      bulk({ payments: [element('a'), element('þ'.repeat(max + 1))] }),
    );
    expectError(long, 400, 'FORMAT_ERROR', path);
    expect(long.json.tppMessages?.[0]?.text).toBe(`${path} must NOT have more than ${max} characters.`);
    const nothing = await initiate('bulk-payments', bulk({ payments: [element('a'), element(null)] }));
    expectError(nothing, 400, 'FORMAT_ERROR', path);
    expect(nothing.json.tppMessages?.[0]?.text).toBe(`${path} must be string.`);
    const taken = await initiate('bulk-payments', bulk({ payments: [element('þ'.repeat(max))] }));
    expect(taken.status, taken.text).toBe(201);
  });
});

describe("an IOBWS 3.2 bank's standing order carries the file's structured reference", () => {
  it("a frequency of MonthlyVariable (the file's frequencyCode; not our bank's) is 400 FORMAT_ERROR (docs/sandbox-extras.md)", async () => {
    const refused = await initiate('periodic-payments', standingOrder({ frequency: 'MonthlyVariable' }));
    expectError(refused, 400, 'FORMAT_ERROR', 'frequency');
  });

  const ARRAY = 'remittanceInformationStructuredArray';

  it('a reference of at most 35 characters (remittanceInformationStructured.reference maxLength 35), read back as sent', async () => {
    const long = await initiate(
      'periodic-payments',
      standingOrder({ [ARRAY]: [{ reference: 'x'.repeat(36) }] }),
    );
    expectError(long, 400, 'FORMAT_ERROR', `${ARRAY}[0].reference`);
    expect(long.json.tppMessages?.[0]?.text).toBe(
      `${ARRAY}[0].reference must NOT have more than 35 characters.`,
    );
    const reference = 'y'.repeat(35);
    const taken = await initiate('periodic-payments', standingOrder({ [ARRAY]: [{ reference }] }));
    expect(taken.status, taken.text).toBe(201);
    const self = (taken.json._links as Record<string, { href: string }>).self?.href ?? '';
    const read = await sudur.request('GET', self, sudur.headers(token, { 'Content-Type': undefined }));
    expect(read.json[ARRAY]).toEqual([{ reference }]);
  });

  it.each([
    ['an object, not an array', { reference: 'A1' }, ARRAY, `${ARRAY} must be array.`],
    ['null (not nullable)', null, ARRAY, `${ARRAY} must be array.`],
    ['an entry that is no object', ['A1'], `${ARRAY}[0]`, `${ARRAY}[0] must be object.`],
    ['an entry without its reference', [{}], `${ARRAY}[0].reference`, `${ARRAY}[0].reference is required.`],
    [
      'a reference that is no string',
      [{ reference: 42 }],
      `${ARRAY}[0].reference`,
      `${ARRAY}[0].reference must be string.`,
    ],
  ])('%s is 400 FORMAT_ERROR where the file refuses it', async (_, value, path, text) => {
    const refused = await initiate('periodic-payments', standingOrder({ [ARRAY]: value }));
    expectError(refused, 400, 'FORMAT_ERROR', path);
    expect(refused.json.tppMessages?.[0]?.text).toBe(text);
  });

  it("remittanceInformationStructured, which the file's standing order does not have, is 400 FORMAT_ERROR", async () => {
    for (const value of ['A1', ['A1', 'B2'], [{ reference: 'A1' }, { reference: 'B2' }]]) {
      const refused = await initiate(
        'periodic-payments',
        standingOrder({ remittanceInformationStructured: value }),
      );
      expectError(refused, 400, 'FORMAT_ERROR', 'remittanceInformationStructured');
      expect(refused.json.tppMessages?.[0]?.text).toBe('Unknown property remittanceInformationStructured.');
    }
  });

  it('one reference and nothing beside it, as our bank carries (sandbox extra): more entries, or a referenceType, are 400 FORMAT_ERROR', async () => {
    const several = await initiate(
      'periodic-payments',
      standingOrder({ [ARRAY]: [{ reference: 'A1' }, { reference: 'B2' }] }),
    );
    expectError(several, 400, 'FORMAT_ERROR', ARRAY);
    expect(several.json.tppMessages?.[0]?.text).toBe(`${ARRAY} must NOT have more than 1 items.`);
    const typed = await initiate(
      'periodic-payments',
      standingOrder({ [ARRAY]: [{ reference: 'A1', referenceType: 'KID' }] }),
    );
    expectError(typed, 400, 'FORMAT_ERROR', `${ARRAY}[0].referenceType`);
    expect(typed.json.tppMessages?.[0]?.text).toBe(`Unknown property ${ARRAY}[0].referenceType.`);
    const none = await initiate('periodic-payments', standingOrder({ [ARRAY]: [] }));
    expect(none.status, none.text).toBe(201);
  });

  it('refuses the body only once its client is known: without a token, 401', async () => {
    const anonymous = await sudur.request(
      'POST',
      '/v1/periodic-payments/credit-transfers',
      sudur.headers(token, { Authorization: undefined }),
      standingOrder({ [ARRAY]: [{ reference: 'x'.repeat(36) }] }),
    );
    expect(anonymous.status, anonymous.text).toBe(401);
  });
});

describe('an IOBWS 3.2 bank names in its refusals what its client sent', () => {
  it('the funds-check header as TPP-Rejection-NoFunds-Preferred', async () => {
    const refused = await initiate('payments', single(), { 'TPP-Rejection-NoFunds-Preferred': 'maybe' });
    expectError(refused, 400, 'FORMAT_ERROR', 'TPP-Rejection-NoFunds-Preferred');
    expect(refused.json.tppMessages?.[0]?.text).toBe(
      'TPP-Rejection-NoFunds-Preferred must be true or false.',
    );
  });

  it("a single payment's structured references as remittanceInformationStructuredArray", async () => {
    const refused = await initiate(
      'payments',
      single({ remittanceInformationStructuredArray: [{ reference: 'x'.repeat(36) }] }),
    );
    const path = 'remittanceInformationStructuredArray[0].reference';
    expectError(refused, 400, 'FORMAT_ERROR', path);
    expect(refused.json.tppMessages?.[0]?.text).toBe(`${path} must NOT have more than 35 characters.`);
  });

  it("a single payment's remittanceInformationStructured, which the file's single payment does not have, is 400 FORMAT_ERROR", async () => {
    for (const extra of [
      { remittanceInformationStructured: [{ reference: 'RF18539007547034' }] },
      { remittanceInformationStructured: 'RF18539007547034' },
      {
        remittanceInformationStructured: [{ reference: 'RF18539007547034' }],
        remittanceInformationStructuredArray: [{ reference: 'RF18539007547034' }],
      },
    ]) {
      const refused = await initiate('payments', single(extra));
      expectError(refused, 400, 'FORMAT_ERROR', 'remittanceInformationStructured');
      expect(refused.json.tppMessages?.[0]?.text).toBe('Unknown property remittanceInformationStructured.');
    }
  });

  it("a single payment's remittanceInformationStructuredArray within the file's bounds is taken; a null referenceType (type: string) is not", async () => {
    const full = 'x'.repeat(35);
    const taken = await initiate(
      'payments',
      single({
        remittanceInformationStructuredArray: [
          { reference: full, referenceType: full, referenceIssuer: full },
          { reference: 'RF18539007547034', referenceType: 'SCOR' },
        ],
      }),
    );
    expect(taken.status, taken.text).toBe(201);
    const path = 'remittanceInformationStructuredArray[1].referenceIssuer';
    const refused = await initiate(
      'payments',
      single({
        remittanceInformationStructuredArray: [{ reference: 'A' }, { reference: 'B', referenceIssuer: null }],
      }),
    );
    expectError(refused, 400, 'FORMAT_ERROR', path);
    expect(refused.json.tppMessages?.[0]?.text).toBe(`${path} must be string.`);
    for (const member of ['referenceType', 'referenceIssuer']) {
      const long = await initiate(
        'payments',
        single({ remittanceInformationStructuredArray: [{ reference: 'A', [member]: 'x'.repeat(36) }] }),
      );
      const at = `remittanceInformationStructuredArray[0].${member}`;
      expectError(long, 400, 'FORMAT_ERROR', at);
      expect(long.json.tppMessages?.[0]?.text).toBe(`${at} must NOT have more than 35 characters.`);
    }
  });

  it("a standing order's reference as remittanceInformationStructuredArray[0].reference", async () => {
    const refused = await initiate(
      'periodic-payments',
      standingOrder({ remittanceInformationStructuredArray: [{ reference: 'x'.repeat(141) }] }),
    );
    expectError(refused, 400, 'FORMAT_ERROR', 'remittanceInformationStructuredArray[0].reference');
  });

  it("the straight-through confirmation's confirmationMessage", async () => {
    const initiated = await initiate('payments', single({ debtorAccount: { iban: BOKHALD_AT_SUDUR } }));
    expect(initiated.status, initiated.text).toBe(201);
    const links = initiated.json._links as Record<string, { href: string }>;
    const confirm = links.confirmIobwsStraightThroughProcessingAuthorisation?.href ?? '';
    const refused = await sudur.request('PUT', confirm, sudur.headers(token), {
      confirmationMessage: 'x'.repeat(600),
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.tppMessages?.[0]?.path).toBe('confirmationMessage');
    expect(refused.json.tppMessages?.[0]?.text).toBe(
      'confirmationMessage must NOT have more than 512 characters.',
    );
  });
});
