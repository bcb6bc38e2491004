import { describe, expect, it } from 'vitest';
import { startTestSandbox, TestTpp } from './helpers.js';

describe('a bank that closes', () => {
  it('answers the request it is answering before it closes its databases, and takes no new one', async () => {
    const sandbox = await startTestSandbox();
    const tpp = new TestTpp(sandbox.url);
    // The next token request is held half a second before the bank answers it from its database.
    const fault = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/oauth/', latencyMs: 500, count: 1 }),
    });
    expect(fault.status).toBe(201);
    const answered = tpp.token();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = sandbox.close();
    await expect(answered).resolves.toEqual(expect.any(String));
    await closed;
    await expect(fetch(`${sandbox.url}/sandbox/health`)).rejects.toThrow();
  });
});
