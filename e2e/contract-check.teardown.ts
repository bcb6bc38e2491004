import { assertNoContractViolations } from '../sandbox/src/contract-violations-file';

/**
 * The run's last word (playwright.config.ts `globalTeardown`, run with every spec filter and `--no-deps`): the
 * sandbox bank checked each of its answers against contract/*.yaml and wrote down each that disagreed; if any did,
 * the run fails naming the method, path and status of each, whichever spec or request of the app caused it.
 */
export default function failOnContractViolations(): void {
  const file = process.env.E2E_CONTRACT_VIOLATIONS_FILE;
  if (!file) throw new Error('E2E_CONTRACT_VIOLATIONS_FILE is not set: playwright.config.ts sets it');
  assertNoContractViolations(file);
}
