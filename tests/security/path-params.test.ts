import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';
import { RecordingProxy } from '@/tests/bank/recording-proxy';
import { freshAppDatabase } from '@/tests/support/app-database';

// Every path parameter is checked against its form before it reaches the bank or the database
// (rules of the house: "Path parameters are validated before they reach the bank or DB"): a value of
// another form is answered as not found, never sent on.

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let claims: typeof import('@/lib/bank/claims');
let params: typeof import('@/lib/security/path-params');

beforeAll(async () => {
  proxy = new RecordingProxy();
  const proxyUrl = await proxy.start();
  sandbox = await startTestSandbox({ publicUrl: proxyUrl });
  proxy.forwardTo(sandbox.url);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'path-params-secret-path-params-secret-0123',
    APP_BASE_URL: 'http://127.0.0.1:9',
    BANK_BASE_URL: `${proxyUrl}/psd2`,
    BANK_AUTH_URL: proxyUrl,
    BANK_BUSINESS_BASE_URL: `${proxyUrl}/business`,
    BANK_EVENTS_BASE_URL: `${proxyUrl}/events`,
  });
  [claims, params] = await Promise.all([import('@/lib/bank/claims'), import('@/lib/security/path-params')]);
});

afterAll(async () => {
  const { closeDatabase } = await import('@/lib/db');
  await closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

const CLAIM_ID = '5501692829015966000001+20260415';
const hostile = [
  '\u0000',
  '%00',
  '',
  ' ',
  '..',
  '../x',
  '\uD800',
  `${CLAIM_ID}\u0000`,
  `${CLAIM_ID} `,
  'x'.repeat(5000),
];

describe('a path parameter of another form never reaches the bank', () => {
  it('a claim id not of the claims interface form is not asked of the bank (the bills pay page with %00 answered 500)', async () => {
    const before = proxy.calls.filter((call) => call.path.startsWith('/business/claims')).length;
    for (const value of hostile) expect(await claims.getClaim(value)).toBeUndefined();
    expect(proxy.calls.filter((call) => call.path.startsWith('/business/claims')).length).toBe(before);
    // One of its form is asked.
    await claims.getClaim(CLAIM_ID);
    expect(proxy.calls.filter((call) => call.path.startsWith('/business/claims')).length).toBe(before + 1);
  });

  it('each kind takes its own form only', () => {
    expect(params.isPathParam('claimId', CLAIM_ID)).toBe(true);
    expect(params.isPathParam('paymentId', '0b7e4f7a-2a57-4b4e-9f3c-6f1f0f2a9d11')).toBe(true);
    expect(params.isPathParam('subscriptionId', '0B7E4F7A-2A57-4B4E-9F3C-6F1F0F2A9D11')).toBe(true);
    expect(params.isPathParam('notificationToken', 'a'.repeat(43))).toBe(true);
    expect(params.isPathParam('locale', 'is')).toBe(true);
    expect(params.isPathParam('locale', 'en')).toBe(true);
    for (const kind of Object.keys(params.PATH_PARAM_FORMS) as (keyof typeof params.PATH_PARAM_FORMS)[]) {
      for (const value of hostile)
        expect(params.isPathParam(kind, value), `${kind} ${JSON.stringify(value)}`).toBe(false);
      expect(params.isPathParam(kind, undefined)).toBe(false);
    }
    expect(params.decodedSegment('5501692829015966000001%2B20260415')).toBe(CLAIM_ID);
    expect(params.decodedSegment('%E0%A4%A')).toBeUndefined();
  });

  it('no text with a NUL, a surrogate or a percent sign passes any kind', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.constantFrom('\u0000', '\uD800', '%', '/'),
        (text, bad) => {
          for (const kind of Object.keys(params.PATH_PARAM_FORMS) as (keyof typeof params.PATH_PARAM_FORMS)[])
            expect(params.isPathParam(kind, `${text}${bad}`)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** Every file under app/, relative to it. */
function filesUnder(dir: string, from = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, from) : [path.relative(from, full)];
  });
}

describe('every [param] of app/ has a kind, and its pages and routes check it', () => {
  const app = path.join(process.cwd(), 'app');
  // Segment name → the kind it is checked as. A new dynamic segment fails here until it is given one.
  const kinds: Record<string, string> = {
    locale: 'locale',
    id: 'paymentId',
    paymentId: 'paymentId',
    token: 'notificationToken',
    subscriptionId: 'subscriptionId',
    claimId: 'claimId',
    // next-auth's own catch-all: Auth.js answers every path it does not know with 400.
    '...nextauth': 'none',
  };
  const entries = filesUnder(app).filter((file) => /(^|\/)(page\.tsx|route\.ts)$/.test(file));

  it('knows the kind of every dynamic segment', () => {
    const segments = new Set(entries.flatMap((file) => [...file.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1])));
    for (const segment of segments) expect(Object.keys(kinds), `[${segment}]`).toContain(segment);
    expect(segments.size).toBeGreaterThanOrEqual(6);
  });

  it('each page and route below a segment other than [locale] checks it with lib/security/path-params', () => {
    const checked = entries.filter((file) =>
      [...file.matchAll(/\[([^\]]+)\]/g)].some((m) => m[1] !== 'locale' && kinds[m[1] ?? ''] !== 'none'),
    );
    expect(checked.length).toBeGreaterThanOrEqual(10);
    for (const file of checked) {
      const source = readFileSync(path.join(app, file), 'utf8');
      expect(source, file).toMatch(/@\/lib\/security\/path-params/);
      for (const m of file.matchAll(/\[([^\]]+)\]/g)) {
        const kind = kinds[m[1] ?? ''];
        if (kind && kind !== 'none') expect(source, `${file} checks ${kind}`).toContain(`'${kind}'`);
      }
    }
  });
});
