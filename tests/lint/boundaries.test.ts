import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the app's layers (biome.json `overrides`, lint/*.grit), each shown failing
 * on a deliberately broken fixture. The fixtures (tests/lint/fixtures/) are left out of the normal lint
 * run; here they are laid out as the files they stand for (lib/…, app/…, components/…) in a scratch
 * folder beside the project's own biome.json and plugins, and linted there.
 */

interface Diagnostic {
  category: string;
  location: { path: string };
  message?: unknown;
}

const root = process.cwd();
let scratch: string;
let diagnostics: Diagnostic[];

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'greidsla-lint-'));
  for (const file of ['biome.json', '.gitignore', 'lint'])
    cpSync(path.join(root, file), path.join(scratch, file), { recursive: true });
  cpSync(path.join(root, 'tests/lint/fixtures'), scratch, { recursive: true });
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: scratch, encoding: 'utf8' },
  );
  // Biome exits non-zero when it finds errors, which is what the fixtures are for.
  diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function categoriesOf(file: string): string[] {
  return diagnostics.filter((diagnostic) => diagnostic.location.path === file).map((d) => d.category);
}

describe('the lint step keeps the app in its layers', () => {
  it('fails on an import cycle (suspicious/noImportCycles): lib/circle/first.ts and second.ts import each other', () => {
    expect(categoriesOf('lib/circle/first.ts')).toEqual(['lint/suspicious/noImportCycles']);
    expect(categoriesOf('lib/circle/second.ts')).toEqual(['lint/suspicious/noImportCycles']);
  });

  it('fails on app code importing the sandbox, by alias or by relative path (style/noRestrictedImports): the two programs talk only over HTTP (README, How it fits together)', () => {
    expect(categoriesOf('lib/reaches-into-sandbox.ts')).toEqual(['lint/style/noRestrictedImports']);
    expect(categoriesOf('components/reaches-into-sandbox-relatively.ts')).toEqual([
      'lint/style/noRestrictedImports',
    ]);
  });

  it('fails on a module outside lib/bank importing its dialects (style/noRestrictedImports): nothing above lib/bank knows which dialect a bank speaks', () => {
    expect(categoriesOf('lib/payments/knows-dialect.ts')).toEqual(['lint/style/noRestrictedImports']);
    expect(categoriesOf('lib/bank/reads-dialect.ts')).toEqual([]);
  });

  it('fails on SQL text outside lib/db (plugin lint/app-sql-in-data-layer.grit): a sql template, sql.raw(), .query() and .execute() with SQL', () => {
    // sql`now()`, client.query('SELECT …') and sql.raw(…)
    expect(categoriesOf('lib/payments/raw-sql.ts')).toEqual(['plugin', 'plugin', 'plugin']);
    // db.execute(sql`select 1`): the call and its template
    expect(categoriesOf('app/api/fixture/route.ts')).toEqual(['plugin', 'plugin']);
  });

  it('lets the data layer hold SQL, and passes a domain module that takes lib/db and lib/bank without SQL', () => {
    expect(categoriesOf('lib/db/queries/raw-sql.ts')).toEqual([]);
    expect(categoriesOf('lib/payments/within-bounds.ts')).toEqual([]);
  });

  it('finds nothing it was not shown: every diagnostic falls on a fixture named above', () => {
    expect(new Set(diagnostics.map((diagnostic) => diagnostic.location.path))).toEqual(
      new Set([
        'lib/circle/first.ts',
        'lib/circle/second.ts',
        'lib/reaches-into-sandbox.ts',
        'components/reaches-into-sandbox-relatively.ts',
        'lib/payments/knows-dialect.ts',
        'lib/payments/raw-sql.ts',
        'app/api/fixture/route.ts',
      ]),
    );
  });
});
