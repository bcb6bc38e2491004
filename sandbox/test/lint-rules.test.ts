import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the sandbox in layers (biome.json, the overrides for `sandbox/`): only
 * `sandbox/src/http` imports Hono, SQL stays in `sandbox/src/db`, and the sandbox never imports the app. Each rule
 * is shown failing on a deliberately broken file, and quiet where the layering allows the same code. The files in
 * `lint-fixtures/` carry a name Biome does not lint, so the normal lint run never sees them; here each is linted
 * at a path it could have in `sandbox/`, in a copy of the repository's own Biome configuration.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./lint-fixtures/', import.meta.url));
const biome = join(root, 'node_modules/.bin/biome');

const HONO = 'Only sandbox/src/http sees Hono';
const SQL = 'SQL lives in sandbox/src/db/queries';
const APP = 'The sandbox bank stands alone';

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string; start: { line: number } };
}

/** Each fixture at a path in the sandbox, with the lines each rule must report there (none: the rule is quiet). */
const placements = [
  { fixture: 'hono-outside-http', at: 'sandbox/src/pis/hono-outside-http.ts' },
  { fixture: 'hono-outside-http', at: 'sandbox/test/hono-outside-http.ts' },
  { fixture: 'hono-in-http', at: 'sandbox/src/http/routes/hono-in-http.ts' },
  { fixture: 'sql', at: 'sandbox/src/claims/sql.ts' },
  { fixture: 'sql', at: 'sandbox/src/http/routes/sql.ts' },
  { fixture: 'sql', at: 'sandbox/src/db/queries/sql.ts' },
  { fixture: 'imports-the-app', at: 'sandbox/src/pis/imports-the-app.ts' },
  { fixture: 'imports-the-app', at: 'sandbox/src/http/routes/imports-the-app.ts' },
] as const;

function lint(cwd: string, paths: string[], vcs: boolean): Diagnostic[] {
  const run = spawnSync(biome, ['lint', '--reporter=json', `--vcs-enabled=${vcs}`, ...paths], {
    cwd,
    encoding: 'utf8',
  });
  expect(run.stdout, run.stderr).toMatch(/^\{/);
  return (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

/** The lines at which a rule (told by its message) reports in one file. */
function linesOf(diagnostics: Diagnostic[], path: string, message: string): number[] {
  return diagnostics
    .filter((d) => d.location.path === path && d.message.startsWith(message))
    .map((d) => d.location.start.line)
    .sort((a, b) => a - b);
}

describe('the sandbox lint rules (biome.json)', () => {
  const copy = mkdtempSync(join(tmpdir(), 'sandbox-lint-'));
  let diagnostics: Diagnostic[] = [];

  beforeAll(() => {
    copyFileSync(join(root, 'biome.json'), join(copy, 'biome.json'));
    // The configuration names every plugin of the repository (lint/*.grit), the app's too.
    cpSync(join(root, 'lint'), join(copy, 'lint'), { recursive: true });
    for (const { fixture, at } of placements) {
      mkdirSync(dirname(join(copy, at)), { recursive: true });
      copyFileSync(join(fixtures, `${fixture}.ts.fixture`), join(copy, at));
    }
    diagnostics = lint(
      copy,
      placements.map((p) => p.at),
      false,
    );
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('fail on Hono, hono/* or @hono/* imported outside sandbox/src/http', () => {
    expect(linesOf(diagnostics, 'sandbox/src/pis/hono-outside-http.ts', HONO)).toEqual([2, 3, 4]);
    expect(linesOf(diagnostics, 'sandbox/test/hono-outside-http.ts', HONO)).toEqual([2, 3, 4]);
  });

  it('let sandbox/src/http import Hono and read query parameters with c.req.query', () => {
    const path = 'sandbox/src/http/routes/hono-in-http.ts';
    expect(linesOf(diagnostics, path, HONO)).toEqual([]);
    expect(linesOf(diagnostics, path, SQL)).toEqual([]);
  });

  it('fail on .query( calls and SQL literals outside sandbox/src/db, the HTTP layer included', () => {
    // The SELECT template (7), db.query<…>( (8), tx.query( and its UPDATE string (12).
    expect(linesOf(diagnostics, 'sandbox/src/claims/sql.ts', SQL)).toEqual([7, 8, 12, 12]);
    expect(linesOf(diagnostics, 'sandbox/src/http/routes/sql.ts', SQL)).toEqual([7, 8, 12, 12]);
  });

  it('let query functions in sandbox/src/db/queries hold SQL', () => {
    expect(linesOf(diagnostics, 'sandbox/src/db/queries/sql.ts', SQL)).toEqual([]);
  });

  it("fail on imports of the app's app/, components/, lib/ or @/ from the sandbox, the HTTP layer included", () => {
    // Line 6 imports the sandbox's own shared/money.js and passes.
    expect(linesOf(diagnostics, 'sandbox/src/pis/imports-the-app.ts', APP)).toEqual([2, 3, 4, 5]);
    expect(linesOf(diagnostics, 'sandbox/src/http/routes/imports-the-app.ts', APP)).toEqual([2, 3, 4, 5]);
  });

  it('hold for the sandbox as it stands', () => {
    const found = lint(root, ['sandbox'], true).filter((d) =>
      [HONO, SQL, APP].some((message) => d.message.startsWith(message)),
    );
    expect(found).toEqual([]);
  });
});
