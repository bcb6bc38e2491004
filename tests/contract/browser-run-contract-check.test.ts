import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import failOnContractViolations from '@/e2e/contract-check.teardown';
import { bankRuntime } from '@/sandbox/src/bank-runtime';
import { DEFAULT_BANK } from '@/sandbox/src/banks';
import { configFromEnv } from '@/sandbox/src/config';
import { contractViolationsFile } from '@/sandbox/src/contract-violations-file';
import { throughContractCheck } from '@/sandbox/test/helpers';

/**
 * The Playwright run's sandbox bank is a process of its own: it writes each answer that disagrees with
 * contract/*.yaml to a file of the run (SANDBOX_CONTRACT_LOG_FILE), and the run's global teardown
 * (e2e/contract-check.teardown.ts) fails naming each. These tests feed it a wrong answer and see the failure.
 */
const runDir = mkdtempSync(path.join(tmpdir(), 'contract-teardown-'));
afterAll(() => rmSync(runDir, { recursive: true, force: true }));
const previous = process.env.E2E_CONTRACT_VIOLATIONS_FILE;
afterEach(() => {
  if (previous === undefined) delete process.env.E2E_CONTRACT_VIOLATIONS_FILE;
  else process.env.E2E_CONTRACT_VIOLATIONS_FILE = previous;
});

// A bank of the sandbox's defaults; its database is opened on first use, which these tests never make.
const sandboxConfig = configFromEnv({ NODE_ENV: 'test' });

function runFile(name: string): string {
  const file = path.join(runDir, name);
  process.env.E2E_CONTRACT_VIOLATIONS_FILE = file;
  return file;
}

describe('the browser tests fail when the sandbox bank answered outside the contract', () => {
  it('a wrong answer, written down as it is given, fails the run naming its method, path and status', async () => {
    const file = runFile('wrong.jsonl');
    const logged: unknown[] = [];
    // The sandbox's own wiring (server.ts): the bank's check tells the file of each disagreeing answer.
    const runtime = bankRuntime(DEFAULT_BANK, sandboxConfig, {}, (...line) => logged.push(line), {
      ...contractViolationsFile(file),
    });
    expect(() => failOnContractViolations()).not.toThrow();

    // Payment spec part 3: transactionStatus is one of the ISO 20022 codes; "DONE" is none of them.
    await throughContractCheck(runtime.bank, 'GET', '/psd2/api/v1/payments/credit-transfers/p-1/status', {
      transactionStatus: 'DONE',
    });
    // The interface's error body (part 7) for a 409 allows only STATUS_INVALID.
    await throughContractCheck(
      runtime.bank,
      'DELETE',
      '/psd2/api/v1/payments/credit-transfers/p-2',
      { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] },
      409,
    );

    expect(() => failOnContractViolations()).toThrow(
      /gave 2 answer\(s\) that contract\/\*\.yaml does not allow/,
    );
    expect(() => failOnContractViolations()).toThrow(
      /sandbox: GET \/psd2\/api\/v1\/payments\/credit-transfers\/p-1\/status 200: .*enum/,
    );
    expect(() => failOnContractViolations()).toThrow(
      /sandbox: DELETE \/psd2\/api\/v1\/payments\/credit-transfers\/p-2 409: code FORMAT_ERROR is not one part 7 allows for 409/,
    );
    // Logged at once too, at error level (with the detail as the error), beside the bank's own list.
    expect(logged).toHaveLength(2);
    expect(runtime.contractViolations()).toHaveLength(2);
  });

  it('right answers leave the run passing', async () => {
    const file = runFile('right.jsonl');
    const runtime = bankRuntime(DEFAULT_BANK, sandboxConfig, {}, () => {}, {
      ...contractViolationsFile(file),
    });
    await throughContractCheck(runtime.bank, 'GET', '/psd2/api/v1/payments/credit-transfers/p-1/status', {
      transactionStatus: 'ACSC',
    });
    expect(() => failOnContractViolations()).not.toThrow();
  });

  it('a run whose sandbox never started its check fails rather than passing unchecked', () => {
    runFile('never-started.jsonl');
    expect(() => failOnContractViolations()).toThrow(/No contract check was recorded/);
  });

  it('what an earlier run left in the file is not counted: the sandbox starts it empty', () => {
    const file = runFile('reused.jsonl');
    writeFileSync(file, `${JSON.stringify({ at: 'then', violation: 'GET /psd2/x 200: old' })}\n`);
    expect(() => failOnContractViolations()).toThrow(/GET \/psd2\/x 200: old/);
    contractViolationsFile(file);
    expect(() => failOnContractViolations()).not.toThrow();
  });
});
