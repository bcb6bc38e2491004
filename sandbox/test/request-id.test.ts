import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import type { RunningSandbox } from '../src/server.js';
import { isUuid } from '../src/shared/uuid.js';
import { CREDITOR, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

// IOBWS 3.2 gives every answer of every operation an X-Request-ID (components/headers/X-Request-ID, required),
// refusals included; our bank's contract names it too. An answer to a request without a usable one carries an id
// the bank made (docs/sandbox-extras.md), never the unusable value it was sent.

const SUDUR = OTHER_BANKS.find((bank) => bank.id === 'sudur');
if (!SUDUR) throw new Error('no sandbox bank sudur');

let sandbox: RunningSandbox;
const dialects: Array<{ name: string; tpp: () => TestTpp; path: string; body: () => unknown }> = [
  {
    name: 'our bank',
    tpp: () => new TestTpp(sandbox.url),
    path: '/psd2/api/v1/payments/credit-transfers',
    body: () => singlePayment(),
  },
  {
    name: 'Suðurbankinn (IOBWS 3.2)',
    tpp: () => new TestTpp(`${sandbox.url}/banks/sudur`, SUDUR.client),
    path: '/v1/payments/credit-transfers',
    body: () => ({
      debtorAccount: { iban: SUDUR.psus[0]?.accounts[0]?.iban },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '1500' },
    }),
  },
];

beforeAll(async () => {
  // The requests break the contracts on purpose; what is checked of the answers is checked below.
  sandbox = await startTestSandbox({ otherBanks: [SUDUR], contractCheck: false });
});
afterAll(() => sandbox?.close());

describe.each(dialects)('X-Request-ID on every answer: $name', ({ tpp, path, body }) => {
  it('echoes a usable X-Request-ID, on a refusal too', async () => {
    const client = tpp();
    const token = await client.token();
    const requestId = randomUUID();
    const refused = await client.request(
      'POST',
      path,
      client.headers(token, { 'X-Request-ID': requestId, 'PSU-IP-Address': undefined }),
      body(),
    );
    expect(refused.status, refused.text).toBe(400);
    expect(refused.headers.get('X-Request-ID')).toBe(requestId);
  });

  it.each([
    ['malformed', 'req-1'],
    ['missing', undefined],
  ])('a %s X-Request-ID: 400 FORMAT_ERROR with a fresh UUID of the bank', async (_, value) => {
    const client = tpp();
    const token = await client.token();
    const ask = () => client.request('POST', path, client.headers(token, { 'X-Request-ID': value }), body());
    const [first, second] = [await ask(), await ask()];
    for (const refused of [first, second]) {
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.tppMessages?.[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'X-Request-ID' });
      expect(
        isUuid(refused.headers.get('X-Request-ID') ?? ''),
        String(refused.headers.get('X-Request-ID')),
      ).toBe(true);
    }
    // Unique to the call, as the request's own would have been.
    expect(first.headers.get('X-Request-ID')).not.toBe(second.headers.get('X-Request-ID'));
  });
});
