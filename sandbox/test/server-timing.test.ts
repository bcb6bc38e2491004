import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { startTestSandbox, TestTpp } from './helpers.js';

// An extra of the sandbox (README, "For the TPP app"): every answer says how long the bank worked on
// it, so that a TPP can tell the bank's time from its own.

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const sandboxTime = (header: string | null) =>
  /(?:^|,\s*)sandbox;dur=(\d+(?:\.\d+)?)/.exec(header ?? '')?.[1];

describe('Server-Timing', () => {
  it('is on the token answer, an error answer and an admin page', async () => {
    const tpp = new TestTpp(sandbox.url);
    expect(await tpp.token()).toBeTruthy();
    const token = await fetch(`${sandbox.url}/oauth/v2/oauth-token`, { method: 'POST' });
    expect(token.status).toBe(400);
    expect(Number(sandboxTime(token.headers.get('server-timing')))).toBeGreaterThanOrEqual(0);
    const unknown = await fetch(`${sandbox.url}/psd2/api/v1/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(sandboxTime(unknown.headers.get('server-timing'))).toBeDefined();
    const health = await fetch(`${sandbox.url}/sandbox/health`);
    expect(sandboxTime(health.headers.get('server-timing'))).toBeDefined();
  });
});
