import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildDir, clientManifestOf } from '@/tests/support/first-load';

// The scripts every page under a locale loads beyond the framework's own, read from the build that `npm test`
// makes before this runs: the locale layout's (the header, the frame), its error page's and its not-found page's
// client code. bench/first-load-js.ts measures whole pages in the browser; this holds the part every page shares.
const BUDGET_BYTES = 4_000;
const distDir = buildDir(process.cwd());
const manifestFile = path.join(distDir, 'server/app/[locale]/payments/page_client-reference-manifest.js');
const entryScripts = () => clientManifestOf(manifestFile).entryJSFiles;

// Without a build (Vitest run on its own) there is nothing to read; `npm test` builds first. A skipped
// describe still runs its body to collect its cases, so the build is read only when there is one.
const built = existsSync(manifestFile);

describe.skipIf(!built)("every page's own scripts", () => {
  const entries = built ? entryScripts() : {};
  const framework = new Set(entries['[project]/app/layout'] ?? []);
  const frame = [
    ...new Set(
      ['layout', 'error', 'not-found'].flatMap((entry) => entries[`[project]/app/[locale]/${entry}`] ?? []),
    ),
  ].filter((file) => !framework.has(file));
  const code = frame.map((file) => readFileSync(path.join(distDir, file)));

  it(`are within ${BUDGET_BYTES / 1000} kB gzip of the framework's`, () => {
    expect(entries['[project]/app/[locale]/layout']).toBeDefined();
    const bytes = code.reduce((sum, body) => sum + gzipSync(body, { level: 6 }).length, 0);
    expect(bytes, `${frame.join(', ')}: ${bytes} bytes gzip`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("carry neither next-intl's client nor next/link, which only the pages that use them load", () => {
    const text = code.map((body) => body.toString('utf8')).join('\n');
    expect(text).not.toContain('MISSING_MESSAGE');
    expect(text).not.toContain('useLinkStatus');
  });
});
