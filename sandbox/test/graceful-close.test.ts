import { describe, expect, it } from 'vitest';
import { startTestSandbox, TestTpp } from './helpers.js';

describe('a bank that closes', () => {
  it('answers the request it is answering before it closes its databases, and takes no new one', async () => {
    const sandbox = await startTestSandbox();
    const tpp = new TestTpp(sandbox.url);
    // The next token request is held a second and a half before the bank answers it from its database.
    const fault = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/oauth/', latencyMs: 1500, count: 1 }),
    });
    expect(fault.status).toBe(201);
    const { id } = (await fault.json()) as { id: string };
    const answered = tpp.token();
    // Closed once the request is in the bank's hands (its held time under way), however slow the machine.
    await expect
      .poll(
        async () => {
          const { faults } = (await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as {
            faults: { id: string; remaining: number | null }[];
          };
          return faults.find((rule) => rule.id === id)?.remaining;
        },
        { interval: 20 },
      )
      .toBe(0);
    const closed = sandbox.close();
    await expect(answered).resolves.toEqual(expect.any(String));
    await closed;
    await expect(fetch(`${sandbox.url}/sandbox/health`)).rejects.toThrow();
  });
});
