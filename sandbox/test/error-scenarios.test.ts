/**
 * Every error code of spec part 7 (`shared/spec/payment-initiation.md`: "Which condition yields which code: not
 * shown"), each produced by the documented scenario of the sandbox README ("Which condition yields which error",
 * "Every code of part 7"): an account, an amount, a header, a claim or card, or an admin fault rule where no bank rule
 * of the sandbox yields the code. One row per status and code; the last test checks the table is complete.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_CODES } from '../../contract/error-codes.js';
import { createPki, opensslAvailable, type Pki } from '../../tests/going-live/pki.js';
import { DEFAULT_CLIENT } from '../src/config.js';
import { SCREENED_CREDITOR_IBAN } from '../src/pis/creditor-checks.js';
import type { RunningSandbox } from '../src/server.js';
import {
  ANNA_LOW,
  ANNA_MAIN,
  type ApiResponse,
  CREDITOR,
  checkErrorResponse,
  JON_MAIN,
  OTHER_CLIENT,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';
import { tlsCall, tlsTokenRequest } from './tls-support.js';
import { BusinessClient } from './webhooks-support.js';

const ANNA = '1203892039';
const ANNA_FROZEN = 'IS100133260000771203892039';
const BJORN = 'IS930133260043210905781039';
const OLAFUR = 'IS830515260012342207793199';
const SANDKASSI = 'IS780515260012345102993029';
const HELGA_BLOCKED_CARD = '676200******9012';
const GERMAN_IBAN = 'DE89370400440532013000';
const NORWEGIAN_IBAN = 'NO9386011117947';

interface Answer {
  status: number;
  json: ApiResponse['json'];
}

interface Scenario {
  status: keyof typeof ALLOWED_CODES;
  code: string;
  /** As the README's table says it. */
  scenario: string;
  path?: string | null;
  run: () => Promise<Answer>;
}

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;
let business: BusinessClient;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
  business = await BusinessClient.signIn(sandbox.url);
});
afterAll(() => sandbox.close());

const initiate = (body: unknown, options: Parameters<TestTpp['initiate']>[2] = {}) =>
  tpp.initiate(token, body, options);

/** A fault rule that answers the next initiation with a part 7 error of the operator's choosing. */
async function errorRule(status: number, code: string, path: string | null = null) {
  const response = await fetch(`${sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      method: 'POST',
      path: '/psd2/api/v1/payments/credit-transfers',
      count: 1,
      error: { status, code, path },
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return initiate(singlePayment());
}

/** An embedded payment of olafur, up to the method selection (sca-approaches.test.ts shows the whole flow). */
async function olafurAtMethodSelection() {
  const started = await initiate(singlePayment({ debtorAccount: { iban: OLAFUR } }), {
    headers: { 'TPP-Explicit-Authorisation-Preferred': 'true', 'PSU-ID': '2207793199' },
  });
  const links = started.json._links as Record<string, { href: string }>;
  const path = (href: string | undefined) => (href ?? '').replace(sandbox.url, '');
  const start = await tpp.request(
    'POST',
    path(links.startAuthorisationWithPsuAuthentication?.href),
    tpp.headers(token, { 'PSU-ID': '2207793199' }),
  );
  const update = path((start.json._links as Record<string, { href: string }>).updatePsuAuthentication?.href);
  const authenticated = await tpp.request('PUT', update, tpp.headers(token), {
    psuData: { password: 'sandbox' },
  });
  return path(
    (authenticated.json._links as Record<string, { href: string }>).selectAuthenticationMethod?.href,
  );
}

/** ÍST TS 310: a claim key as a BBAN, from the claim as the claims interface shows it. */
function claimBban(claim: { claimKey: { claimantId: string; account: string; dueDate: string } }) {
  const [year = '', month = '', day = ''] = claim.claimKey.dueDate.split('-');
  return `${claim.claimKey.claimantId}${claim.claimKey.account}${day}${month}${year.slice(2)}`;
}

async function newClaim(patch?: Record<string, unknown>) {
  const claimNo = String(300_000 + Math.floor(Math.random() * 100_000));
  const created = await business.call('POST', '/business/claims', {
    claimKey: { claimantId: '5501692829', account: `015966${claimNo}`, dueDate: '2026-12-01' },
    payorId: '0101302989',
    templateCode: '001',
    amount: 1000,
    finalDueDate: '2026-12-11',
  });
  expect(created.status).toBe(201);
  const claimId = created.json.success.claimId as string;
  if (patch) expect((await business.call('PATCH', `/business/claims/${claimId}`, patch)).status).toBe(201);
  return (await business.call('GET', `/business/claims/${claimId}`)).json;
}

const byClaimKey = (bban: string, debtor = JON_MAIN) =>
  initiate({ debtorAccount: { iban: debtor }, creditorAccount: { bban } });

const SCENARIOS: Scenario[] = [
  // ---------------------------------------------------------------- 400
  {
    status: 400,
    code: 'FORMAT_ERROR',
    scenario: 'a field breaking the schema (creditorName over 70 characters)',
    path: 'creditorName',
    run: () => initiate(singlePayment({ creditorName: 'x'.repeat(71) })),
  },
  {
    status: 400,
    code: 'PARAMETER_NOT_CONSISTENT',
    scenario: 'fault rule `error` (PIS has no query parameters, the only ones BG IG gives it for)',
    run: () => errorRule(400, 'PARAMETER_NOT_CONSISTENT'),
  },
  {
    status: 400,
    code: 'PARAMETER_NOT_SUPPORTED',
    scenario: 'bulk elements naming different debtor accounts',
    path: 'payments[1].debtorAccount',
    run: () =>
      initiate(
        {
          paymentInformationId: `pi-${randomUUID().slice(0, 20)}`,
          payments: [
            {
              debtorAccount: { iban: JON_MAIN },
              creditorAccount: { iban: CREDITOR },
              instructedAmount: { currency: 'ISK', amount: '100' },
            },
            {
              debtorAccount: { iban: ANNA_MAIN },
              creditorAccount: { iban: CREDITOR },
              instructedAmount: { currency: 'ISK', amount: '100' },
            },
          ],
        },
        { service: 'bulk-payments' },
      ),
  },
  {
    status: 400,
    code: 'SERVICE_INVALID',
    scenario: 'an unknown payment-service',
    path: 'payment-service',
    run: () =>
      tpp.request('POST', '/psd2/api/v1/loans/credit-transfers', tpp.headers(token), singlePayment()),
  },
  {
    status: 400,
    code: 'RESOURCE_UNKNOWN',
    scenario: 'fault rule `error` (no payload of PIS refers to another resource)',
    run: () => errorRule(400, 'RESOURCE_UNKNOWN'),
  },
  {
    status: 400,
    code: 'RESOURCE_EXPIRED',
    scenario: 'a payment by claim key of a claim past its expirationDate',
    path: 'creditorAccount.bban',
    run: async () => byClaimKey(claimBban(await newClaim({ expirationDate: '2020-01-01' }))),
  },
  {
    status: 400,
    code: 'RESOURCE_BLOCKED',
    scenario: 'a debtor account the bank has frozen (anna’s Frystur reikningur)',
    path: 'debtorAccount',
    run: () => initiate(singlePayment({ debtorAccount: { iban: ANNA_FROZEN } })),
  },
  {
    status: 400,
    code: 'TIMESTAMP_INVALID',
    scenario: 'a Date header more than five minutes from the bank’s clock',
    path: 'Date',
    run: () =>
      initiate(singlePayment(), { headers: { Date: new Date(Date.now() - 3_600_000).toUTCString() } }),
  },
  {
    status: 400,
    code: 'PERIOD_INVALID',
    scenario: 'a standing order whose endDate is before its startDate',
    path: 'endDate',
    run: () =>
      initiate(
        {
          debtorAccount: { iban: JON_MAIN },
          creditorAccount: { iban: CREDITOR },
          instructedAmount: { currency: 'ISK', amount: '5000' },
          startDate: '2027-06-15T00:00:00Z',
          endDate: '2027-01-15T00:00:00Z',
          frequency: 'Monthly',
        },
        { service: 'periodic-payments' },
      ),
  },
  {
    status: 400,
    code: 'SCA_METHOD_UNKNOWN',
    scenario: 'selecting an SCA method the PSU does not have (embedded, olafur)',
    run: async () =>
      tpp.request('PUT', await olafurAtMethodSelection(), tpp.headers(token), {
        authenticationMethodId: 'fax',
      }),
  },
  {
    status: 400,
    code: 'SCA_INVALID',
    scenario: 'a PUT on an authorisation that failed (three wrong OTPs)',
    run: async () => {
      const select = await olafurAtMethodSelection();
      const chip = await tpp.request('PUT', select, tpp.headers(token), { authenticationMethodId: 'chip' });
      const otp = (
        (chip.json._links as Record<string, { href: string }>).authoriseTransaction?.href ?? ''
      ).replace(sandbox.url, '');
      for (let i = 0; i < 3; i++)
        await tpp.request('PUT', otp, tpp.headers(token), { scaAuthenticationData: '999999' });
      return tpp.request('PUT', otp, tpp.headers(token), { scaAuthenticationData: '123456' });
    },
  },
  {
    status: 400,
    code: 'CONSENT_UNKNOWN',
    scenario: 'a Consent-ID header (this bank holds no consents)',
    path: 'Consent-ID',
    run: () => initiate(singlePayment(), { headers: { 'Consent-ID': 'consent-1' } }),
  },
  {
    status: 400,
    code: 'PAYMENT_FAILED',
    scenario: `the creditor ${SCREENED_CREDITOR_IBAN}, refused by the bank’s screening`,
    path: 'creditorAccount',
    run: () => initiate(singlePayment({ creditorAccount: { iban: SCREENED_CREDITOR_IBAN } })),
  },
  {
    status: 400,
    code: 'EXECUTION_DATE_INVALID',
    scenario: 'a requestedExecutionDate in the past',
    path: 'requestedExecutionDate',
    run: () => initiate(singlePayment({ requestedExecutionDate: '2020-01-01T00:00:00Z' })),
  },
  {
    status: 400,
    code: 'DEBTOR_ACCOUNT_NOT_FOUND',
    scenario: 'a debtor account at another bank',
    path: 'debtorAccount',
    run: () => initiate(singlePayment({ debtorAccount: { iban: CREDITOR } })),
  },
  {
    status: 400,
    code: 'CREDITOR_ACCOUNT_NOT_FOUND',
    scenario: 'a creditor IBAN with this bank’s code (0159) but no such account',
    path: 'creditorAccount',
    run: () => initiate(singlePayment({ creditorAccount: { iban: 'IS980159269999990101302989' } })),
  },
  {
    status: 400,
    code: 'CLAIM_NOT_FOUND',
    scenario: 'a payment by claim key (ÍST TS 310) that no claim has',
    path: 'creditorAccount.bban',
    run: () => byClaimKey('5501692829015966999998011226'),
  },
  {
    status: 400,
    code: 'CLAIM_ALREADY_PAID',
    scenario: 'a payment by claim key of a paid claim (anna’s RAEKT-001)',
    path: 'creditorAccount.bban',
    run: async () => {
      const paid = await business.call('GET', `/business/claims?payorId=${ANNA}&status=Paid&itemsPerPage=1`);
      return byClaimKey(claimBban(paid.json[0]), ANNA_MAIN);
    },
  },
  {
    status: 400,
    code: 'INSUFFICIENT_FUNDS',
    scenario: 'anna’s low account, TPP-Rejection-No-Funds-Preferred: true',
    path: 'debtorAccount',
    run: () =>
      initiate(singlePayment({ debtorAccount: { iban: ANNA_LOW } }), {
        headers: { 'TPP-Rejection-No-Funds-Preferred': 'true' },
      }),
  },
  {
    status: 400,
    code: 'CARD_NOT_FOUND',
    scenario: 'card-deposits to a masked PAN the bank does not know',
    path: 'creditorAccount.maskedPan',
    run: () =>
      initiate(singlePayment({ creditorAccount: { maskedPan: '411111******1111' } }), {
        product: 'card-deposits',
      }),
  },
  {
    status: 400,
    code: 'RECIPIENT_INFO_INSUFFICIENT',
    scenario: 'a creditor abroad without creditorAddress',
    path: 'creditorAddress',
    run: () => initiate(singlePayment({ creditorAccount: { iban: GERMAN_IBAN } })),
  },
  {
    status: 400,
    code: 'MARKETS_CLOSED',
    scenario: 'fault rule `error` (the sandbox’s exchange rates are fixed and always open)',
    run: () => errorRule(400, 'MARKETS_CLOSED'),
  },
  {
    status: 400,
    code: 'RECIPIENT_COUNTRY_IS_IBAN_ONLY',
    scenario: 'a creditor bban with creditorAddress.country in the EEA outside Iceland',
    path: 'creditorAccount',
    run: () =>
      initiate(
        singlePayment({
          creditorAccount: { bban: '370400440532013000' },
          creditorAddress: { country: 'DE', townName: 'Köln' },
        }),
      ),
  },
  // ---------------------------------------------------------------- 401 (certificate ones below, over TLS)
  {
    status: 401,
    code: 'ROLE_INVALID',
    scenario: 'an unknown Ocp-Apim-Subscription-Key',
    run: () => initiate(singlePayment(), { headers: { 'Ocp-Apim-Subscription-Key': 'nope' } }),
  },
  {
    status: 401,
    code: 'SIGNATURE_INVALID',
    scenario: 'a Digest that does not match the body',
    path: 'Digest',
    run: () =>
      initiate(singlePayment(), {
        headers: {
          Digest: 'SHA-256=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
          Signature:
            'keyId="SN=1,CA=CN=x",algorithm="rsa-sha256",headers="digest x-request-id",signature="AA=="',
          'TPP-Signature-Certificate': 'AA==',
        },
      }),
  },
  {
    status: 401,
    code: 'CORPORATE_ID_INVALID',
    scenario: 'a PSU-Corporate-ID that is no customer of this bank',
    path: 'PSU-Corporate-ID',
    run: () => initiate(singlePayment(), { headers: { 'PSU-Corporate-ID': '4101692829' } }),
  },
  {
    status: 401,
    code: 'PSU_CREDENTIALS_INVALID',
    scenario: 'a PSU-ID the bank does not know',
    path: 'PSU-ID',
    run: () => initiate(singlePayment(), { headers: { 'PSU-ID': '0101010190' } }),
  },
  {
    status: 401,
    code: 'CONSENT_INVALID',
    scenario: 'fault rule `error` (no consents at this bank)',
    run: () => errorRule(401, 'CONSENT_INVALID'),
  },
  {
    status: 401,
    code: 'CONSENT_EXPIRED',
    scenario: 'fault rule `error` (no consents at this bank)',
    run: () => errorRule(401, 'CONSENT_EXPIRED'),
  },
  {
    status: 401,
    code: 'TOKEN_UNKNOWN',
    scenario: 'a bearer token the bank never issued',
    run: () => initiate(singlePayment(), { headers: { Authorization: 'Bearer never-issued' } }),
  },
  {
    status: 401,
    code: 'TOKEN_INVALID',
    scenario: 'an ais: token on /psd2',
    run: async () => tpp.initiate(await tpp.token('ais:'), singlePayment()),
  },
  {
    status: 401,
    code: 'TOKEN_EXPIRED',
    scenario: 'a token past its lifetime on the sandbox clock',
    run: async () => {
      const old = await tpp.token();
      await fetch(`${sandbox.url}/sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds: 3601 }),
      });
      token = await tpp.token();
      return tpp.initiate(old, singlePayment());
    },
  },
  {
    status: 401,
    code: 'REQUIRED_KID_MISSING',
    scenario: 'a Norwegian creditor without a KID (structured reference of referenceType KID)',
    path: 'remittanceInformationStructured',
    run: () =>
      initiate(
        singlePayment({
          creditorAccount: { iban: NORWEGIAN_IBAN },
          creditorAddress: { country: 'NO', townName: 'Oslo' },
        }),
      ),
  },
  // ---------------------------------------------------------------- 403
  {
    status: 403,
    code: 'CONSENT_UNKNOWN',
    scenario: 'fault rule `error` (no consent resources at this bank)',
    run: () => errorRule(403, 'CONSENT_UNKNOWN'),
  },
  {
    status: 403,
    code: 'SERVICE_BLOCKED',
    scenario: 'a payment from the account of björn, whom the bank has blocked',
    run: () => initiate(singlePayment({ debtorAccount: { iban: BJORN } })),
  },
  {
    status: 403,
    code: 'RESOURCE_UNKNOWN',
    scenario: 'an authorisation id of another of the TPP’s payments in the path',
    path: 'authorisationId',
    run: async () => {
      const first = await initiate(singlePayment());
      const second = await initiate(singlePayment());
      const scaStatus = (first.json._links as Record<string, { href: string }>).scaStatus?.href ?? '';
      const authorisationId = scaStatus.split('/').pop();
      const other = new URL((second.json._links as Record<string, { href: string }>).self?.href ?? '')
        .pathname;
      return tpp.get(token, `${other}/authorisations/${authorisationId}`);
    },
  },
  {
    status: 403,
    code: 'RESOURCE_EXPIRED',
    scenario: 'starting an authorisation on a payment left unauthorised (RCVD) for over a day',
    path: 'paymentId',
    run: async () => {
      const started = await initiate(singlePayment(), {
        headers: { 'TPP-Explicit-Authorisation-Preferred': 'true' },
      });
      const href = (started.json._links as Record<string, { href: string }>).startAuthorisation?.href ?? '';
      await fetch(`${sandbox.url}/sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds: 25 * 3600 }),
      });
      token = await tpp.token();
      return tpp.request('POST', new URL(href).pathname, tpp.headers(token));
    },
  },
  {
    status: 403,
    code: 'PRODUCT_INVALID',
    scenario: 'card-deposits from a company’s account (sandkassi)',
    path: 'payment-product',
    run: () =>
      initiate(
        singlePayment({
          debtorAccount: { iban: SANDKASSI },
          creditorAccount: { maskedPan: '522011******4242' },
        }),
        { product: 'card-deposits' },
      ),
  },
  {
    status: 403,
    code: 'ACCOUNT_INVALID_FOR_CONSENT',
    scenario: 'fault rule `error` (no consents at this bank)',
    run: () => errorRule(403, 'ACCOUNT_INVALID_FOR_CONSENT'),
  },
  // ---------------------------------------------------------------- 404, 405, 409
  {
    status: 404,
    code: 'RESOURCE_UNKNOWN',
    scenario: 'an unknown paymentId, or another TPP’s payment',
    path: 'paymentId',
    run: () => tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${randomUUID()}`),
  },
  {
    status: 404,
    code: 'PRODUCT_UNKNOWN',
    scenario: 'an unknown payment-product',
    path: 'payment-product',
    run: () => initiate(singlePayment(), { product: 'cheques' }),
  },
  {
    status: 405,
    code: 'SERVICE_INVALID',
    scenario: 'a method the endpoint does not offer (PUT on the initiation path)',
    run: () =>
      tpp.request('PUT', '/psd2/api/v1/payments/credit-transfers', tpp.headers(token), singlePayment()),
  },
  {
    status: 405,
    code: 'SERVICE_INVALID',
    scenario:
      'fault rule `error` on the initiation (spec 4.1 lists 405; a bank that does not take the POST now)',
    run: () => errorRule(405, 'SERVICE_INVALID'),
  },
  {
    status: 409,
    code: 'STATUS_INVALID',
    scenario: 'starting an authorisation on a payment that needs none (exempted: ACTC)',
    run: async () => {
      const own = await initiate(singlePayment({ creditorAccount: { iban: 'IS860159260012340101302989' } }), {
        headers: { 'PSU-ID': '0101302989' },
      });
      const self = new URL((own.json._links as Record<string, { href: string }>).self?.href ?? '').pathname;
      return tpp.request('POST', `${self}/authorisations`, tpp.headers(token));
    },
  },
];

/** Codes of 401 produced over TLS by a client that must present its business certificate and sign. */
const CERTIFICATE_CODES = [
  'CERTIFICATE_MISSING',
  'CERTIFICATE_INVALID',
  'CERTIFICATE_EXPIRED',
  'CERTIFICATE_REVOKE',
  'CERTIFICATE_BLOCKED',
  'SIGNATURE_MISSING',
] as const;

describe('every error code of spec part 7 through a documented scenario', () => {
  for (const s of SCENARIOS) {
    it(`${s.status} ${s.code}: ${s.scenario}`, async () => {
      const answer = await s.run();
      expect(answer.status, JSON.stringify(answer.json)).toBe(s.status);
      checkErrorResponse(s.status, answer.json);
      expect(answer.json.tppMessages?.[0]?.code).toBe(s.code);
      if (s.path !== undefined) expect(answer.json.tppMessages?.[0]?.path).toBe(s.path);
    });
  }

  it('with a blocked card: 400 RESOURCE_BLOCKED; a malformed masked PAN: FORMAT_ERROR on its path (payment spec 2.4)', async () => {
    const blocked = await initiate(singlePayment({ creditorAccount: { maskedPan: HELGA_BLOCKED_CARD } }), {
      product: 'card-deposits',
    });
    expect(blocked.json.tppMessages?.[0]).toMatchObject({
      code: 'RESOURCE_BLOCKED',
      path: 'creditorAccount.maskedPan',
    });
  });
});

// Needs the openssl command to issue the test certificates (tests/going-live/pki.ts); skipped where
// it is missing, as in tests/going-live/mtls.test.ts. CI's machine has it.
describe.skipIf(!opensslAvailable())('the certificate and signature codes of 401, over TLS', () => {
  let pki: Pki;
  let tls: RunningSandbox;

  beforeAll(async () => {
    pki = createPki();
    tls = await startTestSandbox({
      clients: [{ ...DEFAULT_CLIENT, requireClientCertificate: true, requireSignature: true }, OTHER_CLIENT],
      tls: { port: 0, cert: pki.server.cert, key: pki.server.key, ca: pki.tppCa.cert },
      certificates: { revokedSerials: [pki.revoked.serial], blockedSerials: [pki.blocked.serial] },
    });
  });
  afterAll(async () => {
    await tls?.close();
    pki?.cleanup();
  });

  const form = {
    grant_type: 'client_credentials',
    client_id: DEFAULT_CLIENT.clientId,
    client_secret: DEFAULT_CLIENT.clientSecret,
    scope: 'pis:',
  };

  it('401 CERTIFICATE_MISSING, _INVALID, _EXPIRED, _REVOKE, _BLOCKED: the business certificate on TLS', async () => {
    const cases = [
      ['CERTIFICATE_MISSING', null],
      ['CERTIFICATE_INVALID', pki.rogue],
      ['CERTIFICATE_EXPIRED', pki.expired],
      ['CERTIFICATE_REVOKE', pki.revoked],
      ['CERTIFICATE_BLOCKED', pki.blocked],
    ] as const;
    for (const [code, certificate] of cases) {
      const answer = await tlsTokenRequest(pki, tls.tlsUrl ?? '', form, certificate);
      expect(answer.status, code).toBe(401);
      checkErrorResponse(401, answer.json);
      expect(answer.json.tppMessages[0]).toMatchObject({ code, path: 'client certificate' });
    }
  });

  it('401 SIGNATURE_MISSING: an unsigned request of a client that must sign', async () => {
    const issued = await tlsTokenRequest(pki, tls.tlsUrl ?? '', form, pki.client);
    expect(issued.status).toBe(200);
    const answer = await tlsCall(pki, `${tls.tlsUrl}/psd2/api/v1/payments/credit-transfers`, {
      method: 'POST',
      headers: {
        ...tpp.headers(issued.json.access_token as string),
        'Ocp-Apim-Subscription-Key': DEFAULT_CLIENT.subscriptionKey,
      },
      body: JSON.stringify(singlePayment()),
      tls: pki.client,
    });
    expect(answer.status).toBe(401);
    checkErrorResponse(401, answer.json);
    expect(answer.json.tppMessages[0]).toMatchObject({ code: 'SIGNATURE_MISSING', path: 'Signature' });
  });
});

it('the table covers every status and code of part 7', () => {
  const covered = new Set([
    ...SCENARIOS.map((s) => `${s.status} ${s.code}`),
    ...CERTIFICATE_CODES.map((code) => `401 ${code}`),
  ]);
  const allowed = Object.entries(ALLOWED_CODES).flatMap(([status, codes]) =>
    codes.map((c) => `${status} ${c}`),
  );
  expect([...allowed].filter((pair) => !covered.has(pair))).toEqual([]);
  expect(covered.size).toBe(allowed.length);
});
