import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No source file of either program is over 400 lines: a file that grows past it holds more than one
 * job and is split by job (as the sandbox's SCA engine was). Tests, database migrations and generated
 * files are not held to it.
 */
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
/** Build output, dependencies, data and the repository itself. */
const NOT_SOURCE_DIRS = /^(node_modules|\.next.*|\.data|\.git|test-results|playwright-report)$/;
/** Tests and their fixtures, migrations, and files a tool writes. */
const EXEMPT = [
  /(^|\/)(tests|e2e)\//,
  /^sandbox\/test\//,
  /\.test\.tsx?$/,
  /^lib\/db\/migrations\//,
  /^sandbox\/src\/db\/migrations\.ts$/,
  /^next-env\.d\.ts$/,
];

/** Every source file under `root` held to the limit, with its line count, longest first. */
function sourceFiles(root: string, dir = ''): { file: string; lines: number }[] {
  const found = readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_SOURCE_DIRS.test(entry.name) ? [] : sourceFiles(root, file);
    if (!SOURCE.test(entry.name) || EXEMPT.some((rule) => rule.test(file))) return [];
    return [{ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }];
  });
  return found.sort((a, b) => b.lines - a.lines);
}

const oversized = (root: string) => sourceFiles(root).filter(({ lines }) => lines > MAX_LINES);

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines each, in the app and the sandbox bank alike`, () => {
    const files = sourceFiles(process.cwd());
    // The walk reached both programs, not an empty folder.
    expect(files.some(({ file }) => file.startsWith('lib/'))).toBe(true);
    expect(files.some(({ file }) => file.startsWith('sandbox/src/'))).toBe(true);
    expect(oversized(process.cwd())).toEqual([]);
  });

  it('are found over the limit wherever they are, and tests and migrations are not held to it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'greidsla-size-'));
    try {
      const write = (file: string, lines: number) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), 'export {};\n'.repeat(lines));
      };
      write('sandbox/src/sca/engine.ts', MAX_LINES + 1);
      write('lib/payments/initiation.ts', MAX_LINES);
      write('sandbox/test/contract-rules.test.ts', 2 * MAX_LINES);
      write('tests/bank/spec-conformance.test.ts', 2 * MAX_LINES);
      write('sandbox/src/db/migrations.ts', 2 * MAX_LINES);
      write('node_modules/some-package/index.js', 2 * MAX_LINES);
      expect(oversized(root)).toEqual([{ file: 'sandbox/src/sca/engine.ts', lines: MAX_LINES + 1 }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
