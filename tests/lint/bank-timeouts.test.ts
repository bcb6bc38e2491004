import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typescriptFiles } from '@/tests/support/typescript-files';

/**
 * docs/testing.md, "On a busy machine": an app under test gives the sandbox bank 15 s to answer
 * (BANK_TIMEOUT_MS), unless the test is about a timeout. A shorter bound elsewhere fails the test when
 * the machine is busy (another `npm test` beside it), not when the app is wrong.
 */
const LEAST_MS = 15_000;
/** The tests about a bank that does not answer in time, which set their own (and warm the bank first). */
const ABOUT_TIMEOUTS = [
  'tests/faults/fault-matrix.test.ts',
  'tests/integration/exactly-once.test.ts',
  'tests/crash/crash-recovery.test.ts',
  'tests/payments/lapsed-sender.test.ts',
];

/** Each BANK_TIMEOUT_MS a source sets: `BANK_TIMEOUT_MS: '5000'` or `const BANK_TIMEOUT_MS = 5_000`. */
function bankTimeoutsIn(source: string): number[] {
  return [...source.matchAll(/BANK_TIMEOUT_MS(?::\s*'|\s*=\s*)(?<ms>\d[\d_]*)/g)].map((match) =>
    Number(match.groups?.ms?.replaceAll('_', '')),
  );
}

describe('the bank timeout of the tests', () => {
  it('is read where a test sets it, as a string or a constant', () => {
    expect(bankTimeoutsIn(`startAppAtSandbox({ BANK_TIMEOUT_MS: '5000' })`)).toEqual([5000]);
    expect(bankTimeoutsIn('const BANK_TIMEOUT_MS = 5_000;')).toEqual([5000]);
    expect(bankTimeoutsIn('settings().BANK_TIMEOUT_MS / 1000')).toEqual([]);
  });

  it(`is at least ${LEAST_MS / 1000} s, but in the tests about a bank that does not answer in time`, () => {
    const short = ['tests', 'sandbox/test', 'e2e']
      .flatMap((dir) => typescriptFiles(dir))
      // The lint tests' own examples are not settings.
      .filter((file) => !ABOUT_TIMEOUTS.includes(file) && !file.startsWith('tests/lint/'))
      .flatMap((file) =>
        bankTimeoutsIn(readFileSync(file, 'utf8'))
          .filter((ms) => ms < LEAST_MS)
          .map((ms) => `${file}: ${ms} ms`),
      );
    expect(short).toEqual([]);
  });
});
