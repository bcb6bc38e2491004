import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typescriptFiles } from '@/tests/support/typescript-files';

/**
 * Nothing outside lib/bank knows which dialect a bank speaks (docs/going-live.md, "A bank of either dialect"):
 * biome refuses an import of lib/bank/dialects from above it (tests/lint/boundaries.test.ts); this holds the code
 * itself to it, so that no page, action or domain reads a directory entry's `dialect`, names a dialect, or builds
 * a path or body of one. lib/config names the dialects only as the values of its BANK_DIALECT setting.
 */
const ROOTS = ['app', 'components', 'lib', 'proxy.ts', 'instrumentation.ts'];
const ALLOWED = [/^lib\/bank\//, /^lib\/config\//];
const KNOWS_A_DIALECT = [
  /\.dialect\b/,
  /\bdialect\s*[:=]/,
  /['"`]iobws-3\.2['"`]/,
  /\b(DialectId|dialectNamed|currentDialect|paymentsPrefix|claimsPath|toBankBody|straightThroughConfirmation)\b/,
  /['"`]\/v1\/(payments|bulk-payments|periodic-payments|claims)\b/,
  /\bconfirmationMessage\b/,
];

/** The TypeScript files of a root: the file itself, or every one under the folder. */
function sources(root: string): string[] {
  return /\.tsx?$/.test(root) ? [root] : typescriptFiles(root);
}

/** Lines of `text` that show knowledge of a dialect, as `line: text`. */
function dialectKnowledge(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && KNOWS_A_DIALECT.some((rule) => rule.test(line)))
    .map(({ line, index }) => `${index + 1}: ${line.trim()}`);
}

describe('the dialect of a bank', () => {
  it('is known to lib/bank only: no other file of the app reads, names or speaks one', () => {
    const files = ROOTS.flatMap(sources).filter((file) => !ALLOWED.some((rule) => rule.test(file)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      dialectKnowledge(readFileSync(path.join(process.cwd(), file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(found).toEqual([]);
  });

  it('would be found where a page or action knew it', () => {
    expect(
      dialectKnowledge("if (bank.dialect === 'iobws-3.2') body.requestedExecutionDate = day;"),
    ).toHaveLength(1);
    // A template of a path under a base is read as a path, not a literal one: the scan names literals only.
    expect(dialectKnowledge(['const url = `$', '{base}/v1/payments/credit-transfers`;'].join(''))).toEqual(
      [],
    );
    expect(dialectKnowledge("fetch('/v1/payments/credit-transfers')")).toHaveLength(1);
    expect(dialectKnowledge("  { confirmationMessage: 'x' }")).toHaveLength(1);
    expect(dialectKnowledge('// the bank`s dialect names the member')).toEqual([]);
  });
});
