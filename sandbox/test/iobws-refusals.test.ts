import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import type { RunningSandbox } from '../src/server.js';
import { CREDITOR, expectError, startTestSandbox, TestTpp } from './helpers.js';

// Suðurbankinn speaks IOBWS 3.2 as published (contract/published/IOBWS3.2.yaml): it refuses what the file refuses.

const SUDUR = OTHER_BANKS.find((bank) => bank.id === 'sudur');
if (!SUDUR) throw new Error('no sandbox bank sudur');
const JON_AT_SUDUR = SUDUR.psus[0]?.accounts[0]?.iban ?? '';

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
