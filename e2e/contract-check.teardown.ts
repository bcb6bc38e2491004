import { assertNoContractViolations, contractCheckCounts } from '../sandbox/src/contract-violations-file';

/**
 * The run's last word (playwright.config.ts `globalTeardown`, run with every spec filter and `--no-deps`): the
 * sandbox bank checked each of its answers against contract/*.yaml, and each request and answer of a bank that
 * speaks IOBWS 3.2 against the published contracts (contract/published/), and wrote down each that disagreed. It
 * prints how many it checked against each, and how many disagreed; if any did, the run fails naming the method,
 * path and status of each, whichever spec or request of the app caused it.
 */
export default function failOnContractViolations(): void {
  const file = process.env.E2E_CONTRACT_VIOLATIONS_FILE;
  if (!file) throw new Error('E2E_CONTRACT_VIOLATIONS_FILE is not set: playwright.config.ts sets it');
  const counts = contractCheckCounts(file);
  const name: Record<string, string> = {
    spec: 'answers of the banks that speak our spec, against contract/*.yaml',
    'iobws-3.2':
      'requests and answers of the banks that speak IOBWS 3.2, against contract/published/IOBWS3.2.yaml and IOBWS-Claims3.1.yaml',
    'lean-push': 'status notifications of those banks, against the published Lean Push contract',
  };
  for (const [contract, { checked, violations }] of Object.entries(counts))
    console.log(`Contract check: ${checked} ${name[contract] ?? contract}: ${violations} violations`);
  assertNoContractViolations(file);
}
