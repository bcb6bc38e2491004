import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { addFault } from './fault-rules.js';
import { singlePayment, startTestSandbox, TestTpp } from './helpers.js';

/**
 * Fault rule `scaLinks` (extra): the initiation is handled as ever (the payment and its authorisation exist, the
 * PSU's approach is kept, a decoupled one is approved in "the bank's app"), but its 201 gives the TPP no SCA link
 * it can follow, as a bank may under the spec and Berlin Group: `none` keeps only `self` and `status`,
 * `encrypted` offers only `startAuthorisationWithEncryptedPsuAuthentication`.
 */
const HELGA = 'IS950515260012341505852289';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

const initiateAsHelga = () =>
  tpp.initiate(token, singlePayment({ debtorAccount: { iban: HELGA } }), {
    headers: { 'TPP-Redirect-Preferred': 'false' },
  });

describe('fault rule scaLinks', () => {
  it('answers a decoupled initiation with only self and status, and the bank’s app still decides it', async () => {
    expect(
      (await addFault(sandbox.url, { psu: 'helga', method: 'POST', scaLinks: 'none', count: 1 })).status,
    ).toBe(201);
    const answer = await initiateAsHelga();
    expect(answer.status).toBe(201);
    expect(answer.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(answer.headers.get('Sandbox-Fault')).toBeTruthy();
    const links = answer.json._links as Record<string, { href: string }>;
    expect(Object.keys(links).sort()).toEqual(['self', 'status']);
    expect(answer.json.transactionStatus).toBe('RCVD');

    const paymentId = answer.json.paymentId as string;
    const listed = (await (
      await fetch(`${sandbox.url}/sandbox/authorisations?paymentId=${paymentId}`)
    ).json()) as { authorisations: Array<{ authorisationId: string }> };
    const id = listed.authorisations[0]?.authorisationId;
    expect((await fetch(`${sandbox.url}/sandbox/decoupled/${id}/approve`, { method: 'POST' })).status).toBe(
      200,
    );
    const status = await tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${paymentId}/status`);
    expect(status.json.transactionStatus).not.toBe('RCVD');
  });

  it('offers only startAuthorisationWithEncryptedPsuAuthentication with `encrypted`', async () => {
    await addFault(sandbox.url, { psu: 'helga', method: 'POST', scaLinks: 'encrypted', count: 1 });
    const answer = await initiateAsHelga();
    expect(answer.status).toBe(201);
    const links = answer.json._links as Record<string, { href: string }>;
    expect(Object.keys(links).sort()).toEqual([
      'self',
      'startAuthorisationWithEncryptedPsuAuthentication',
      'status',
    ]);
    expect(links.startAuthorisationWithEncryptedPsuAuthentication?.href).toBe(
      `${links.self?.href}/authorisations`,
    );
  });

  it('is a request rule that handles the request: not with status, timeout or error, nor on notifications', async () => {
    for (const bad of [
      { scaLinks: 'none', status: 503 },
      { scaLinks: 'none', timeout: 'before' },
      { scaLinks: 'none', error: { status: 400, code: 'FORMAT_ERROR' } },
      { target: 'notification', notification: 'drop', scaLinks: 'none' },
      { scaLinks: 'some' },
    ])
      expect((await addFault(sandbox.url, bad)).status, JSON.stringify(bad)).toBe(400);
  });
});
