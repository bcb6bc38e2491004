import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bank } from '../src/bank.js';
import { type Answer, contractViolations, readXml } from '../src/contract-check.js';
import { toXml } from '../src/http/respond.js';
import type { RunningSandbox } from '../src/server.js';
import { JON_MAIN, singlePayment, startTestSandbox, TestTpp, throughContractCheck } from './helpers.js';

/**
 * Every answer the sandbox gives in the test suite is checked against contract/*.yaml (middleware/contract-check.ts,
 * on under Vitest), and a sandbox whose answers disagreed fails its `close()`. These tests show the check catches
 * what it must: each kind of wrong answer, in JSON and in XML, and through the middleware of a running app.
 */

const STATUS_PATH = '/psd2/api/v1/payments/credit-transfers/p-1/status';
const CLAIMS_PATH = '/business/claims';

function answer(partial: Partial<Answer> & { json?: unknown; xml?: unknown }): Answer {
  const headers: Record<string, string> = {};
  let text = partial.text ?? '';
  if (partial.json !== undefined) {
    headers['content-type'] = 'application/json';
    text = JSON.stringify(partial.json);
  }
  if (partial.xml !== undefined) {
    headers['content-type'] = 'application/xml; charset=UTF-8';
    text = toXml(partial.xml);
  }
  return {
    method: partial.method ?? 'GET',
    path: partial.path ?? STATUS_PATH,
    status: partial.status ?? 200,
    header: partial.header ?? ((name) => headers[name.toLowerCase()] ?? null),
    text,
  };
}

const error = (code: string) => ({ tppMessages: [{ category: 'ERROR', code, path: null, text: 'x' }] });

describe('the contract check of every answer', () => {
  it('lets right answers through: JSON, the same fields in XML, a part 7 error, no body where part 4 gives none', () => {
    expect(contractViolations(answer({ json: { transactionStatus: 'ACSC' } }))).toEqual([]);
    expect(contractViolations(answer({ xml: { transactionStatus: 'ACSC', fundsAvailable: true } }))).toEqual(
      [],
    );
    expect(contractViolations(answer({ status: 400, json: error('FORMAT_ERROR') }))).toEqual([]);
    expect(contractViolations(answer({ status: 401, xml: error('TOKEN_UNKNOWN') }))).toEqual([]);
    expect(contractViolations(answer({ status: 406 }))).toEqual([]);
    // Not a contract's path: the admin surface and the SCA pages are checked by their own tests.
    expect(contractViolations(answer({ path: '/sandbox/health', json: { anything: 1 } }))).toEqual([]);
  });

  it('reports a body the schema refuses, in JSON and in XML alike (payment spec 2.7: transactionStatus)', () => {
    expect(contractViolations(answer({ json: { transactionStatus: 'DONE' } }))[0]).toMatch(
      /GET .*\/status 200: .*enum/,
    );
    expect(contractViolations(answer({ json: { status: 'ACSC' } }))[0]).toMatch(/required/);
    expect(contractViolations(answer({ xml: { transactionStatus: 'DONE' } }))[0]).toMatch(/enum/);
    expect(
      contractViolations(answer({ xml: { transactionStatus: 'ACSC', fundsAvailable: 'maybe' } }))[0],
    ).toMatch(/boolean/);
  });

  it('reports a status the operation does not declare, a content type it does not offer, a body that does not parse', () => {
    expect(contractViolations(answer({ status: 202, json: { transactionStatus: 'ACSC' } }))[0]).toMatch(
      /status not declared/,
    );
    expect(contractViolations(answer({ header: () => 'text/plain', text: 'ACSC' }))[0]).toMatch(
      /text\/plain is not declared/,
    );
    expect(
      contractViolations(answer({ header: () => 'application/json', text: '{"transactionStatus":' }))[0],
    ).toMatch(/not JSON/);
    expect(contractViolations(answer({ method: 'PATCH', path: '/business/nowhere', json: {} }))[0]).toMatch(
      /no such operation/,
    );
  });

  it('reports a part 7 error with a code not allowed for its status, or no messages (payment spec part 7)', () => {
    expect(contractViolations(answer({ status: 400, json: error('TOKEN_UNKNOWN') }))).toEqual([
      expect.stringMatching(/code TOKEN_UNKNOWN is not one part 7 allows for 400/),
    ]);
    expect(contractViolations(answer({ status: 403, xml: error('FORMAT_ERROR') }))[0]).toMatch(
      /FORMAT_ERROR is not one part 7 allows for 403/,
    );
    expect(contractViolations(answer({ status: 401, json: { tppMessages: [] } }))).toContainEqual(
      expect.stringMatching(/without tppMessages/),
    );
  });

  // Part 7: "405 | SERVICE_INVALID"; RFC 9110 15.5.6: a 405 "MUST" carry Allow, empty where the endpoint offers no
  // method for now (10.2.1), as on an initiation path whose POST the bank does not take.
  it('requires Allow on a 405, empty or not, beside its part 7 code', () => {
    const refused = (allow: string | null, code = 'SERVICE_INVALID') => {
      const headers = new Headers({ 'Content-Type': 'application/json' });
      if (allow !== null) headers.set('Allow', allow);
      return contractViolations({
        method: 'POST',
        path: '/psd2/api/v1/payments/credit-transfers',
        status: 405,
        header: (name) => headers.get(name),
        text: JSON.stringify(error(code)),
      });
    };
    expect(refused('')).toEqual([]);
    expect(refused('GET')).toEqual([]);
    expect(refused(null)).toEqual([expect.stringMatching(/405 without Allow/)]);
    expect(refused('', 'STATUS_INVALID')).toEqual([
      expect.stringMatching(/STATUS_INVALID is not one part 7 allows/),
    ]);
  });

  it('reports a body where part 4.1 gives none (406, 415, 429, 5xx)', () => {
    expect(contractViolations(answer({ status: 503, json: { message: 'down' } }))).toEqual([
      expect.stringMatching(/503: no body is specified/),
    ]);
  });

  it('checks the business interfaces against their own contract (IOBWS-Claims 3.1)', () => {
    expect(
      contractViolations(answer({ path: CLAIMS_PATH, json: { claims: [{ claimId: 'a', amount: 1 }] } }))[0],
    ).toMatch(/GET \/business\/claims 200/);
  });

  it('reads the sandbox’s XML back into the value it was written from', () => {
    const value = {
      transactionStatus: 'ACSC',
      list: [{ a: '1' }, { a: '2' }],
      none: null,
      text: '<&"\'>',
    };
    expect(readXml(toXml(value))).toEqual(value);
  });

  it('records, through the middleware, what a route answered wrongly, and nothing for a right answer', async () => {
    const recorded: string[] = [];
    const bank = {
      contractViolations: (problems: string[]) => recorded.push(...problems),
    } as unknown as Bank;
    const right = await throughContractCheck(
      bank,
      'GET',
      '/psd2/api/v1/payments/credit-transfers/right/status',
      {
        transactionStatus: 'ACSC',
      },
    );
    expect(await right.json()).toEqual({ transactionStatus: 'ACSC' });
    expect(recorded).toEqual([]);
    const wrong = await throughContractCheck(
      bank,
      'GET',
      '/psd2/api/v1/payments/credit-transfers/wrong/status',
      {
        transactionStatus: 'OK',
      },
    );
    // The client still gets the answer unchanged: the check reads a copy.
    expect(await wrong.json()).toEqual({ transactionStatus: 'OK' });
    expect(recorded).toEqual([
      expect.stringMatching(/^GET \/psd2\/api\/v1\/payments\/credit-transfers\/wrong\/status 200: /),
    ]);
  });
});

describe('a running sandbox checks its own answers', () => {
  let sandbox: RunningSandbox;
  let tpp: TestTpp;
  let token: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    tpp = new TestTpp(sandbox.url);
    token = await tpp.token();
  });
  afterAll(() => sandbox.close());

  it('in XML where the request asks for it (payment spec 4.1: "application/json or application/xml")', async () => {
    const xml = { Accept: 'application/xml' };
    const created = await tpp.initiate(token, singlePayment({ debtorAccount: { iban: JON_MAIN } }), {
      headers: xml,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const paymentId = (readXml(created.text ?? '') as { paymentId: string }).paymentId;
    const base = `/psd2/api/v1/payments/credit-transfers/${paymentId}`;
    for (const path of [base, `${base}/status`, `${base}/authorisations`]) {
      const read = await tpp.get(token, path, xml);
      expect(read.status, path).toBe(200);
      expect(read.headers.get('Content-Type'), path).toMatch(/^application\/xml/);
    }
    const unknown = await tpp.get(token, '/psd2/api/v1/payments/credit-transfers/no-such-payment', xml);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Content-Type')).toMatch(/^application\/xml/);
    // Each of these answers went through the sandbox's own check too.
    expect(sandbox.contractViolations()).toEqual([]);
  });
});
