import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The answers that disagreed with contract/*.yaml, kept in a file for a process that did not start the sandbox (the
 * Playwright run, whose sandbox is a separate process): one JSON line per answer, written as the answer is given.
 */
interface ViolationLine {
  at: string;
  violation?: string;
  /** An exchange checked against this contract (`spec`, `iobws-3.2`, `lean-push`), whether it agreed or not. */
  checked?: string;
}

/** Starts the file empty (what an earlier run left there is not this run's) and returns what appends to it. */
export function contractViolationsFile(file: string): {
  onViolations: (violations: readonly string[]) => void;
  onChecked: (contract: string) => void;
} {
  writeFileSync(file, '');
  return {
    onViolations(violations) {
      const at = new Date().toISOString();
      appendFileSync(file, violations.map((violation) => `${JSON.stringify({ at, violation })}\n`).join(''));
    },
    onChecked(contract) {
      appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), checked: contract })}\n`);
    },
  };
}

function lines(file: string): ViolationLine[] {
  if (!existsSync(file)) {
    throw new Error(
      `No contract check was recorded at ${file}: the sandbox did not run with SANDBOX_CONTRACT_CHECK=true and SANDBOX_CONTRACT_LOG_FILE.`,
    );
  }
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ViolationLine);
}

/** How many exchanges were checked against each contract, and how many of those disagreed. */
export function contractCheckCounts(file: string): Record<string, { checked: number; violations: number }> {
  const counts: Record<string, { checked: number; violations: number }> = {};
  const of = (contract: string) => {
    counts[contract] ??= { checked: 0, violations: 0 };
    return counts[contract];
  };
  for (const line of lines(file)) {
    if (line.checked) of(line.checked).checked++;
    // Each violation names its bank first (`sudur: …`); a published contract's names it (`… (IOBWS 3.2)`).
    if (line.violation) of(/\((iobws-3\.2|lean-push)\)$/.exec(line.violation)?.[1] ?? 'spec').violations++;
  }
  return counts;
}

/** What the file holds, each as `METHOD path status: what is wrong`. A file never started is an error. */
export function readContractViolations(file: string): string[] {
  return lines(file).flatMap((line) => (line.violation ? [line.violation] : []));
}

/** Fails naming every answer that disagreed with the contract; passes when there were none. */
export function assertNoContractViolations(file: string): void {
  const violations = readContractViolations(file);
  if (violations.length === 0) return;
  throw new Error(
    `The sandbox bank gave ${violations.length} answer(s) that contract/*.yaml does not allow:\n${violations
      .map((violation) => `  ${violation}`)
      .join('\n')}`,
  );
}
