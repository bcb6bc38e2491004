import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Nothing secret may reach the browser: the files under .next/static are served to anyone. `npm
// test` builds before it runs Vitest; a bare `vitest` without a build skips, and says so.
const staticDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'static');
const built = existsSync(staticDir);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

// The secrets of the end-to-end run (playwright.config.ts) and the sandbox's demo TPP defaults.
const secrets = [
  'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
  'demo-tpp-secret',
  'demo-subscription-key',
  ...(process.env.AUTH_SECRET ? [process.env.AUTH_SECRET] : []),
];

describe.skipIf(!built)('the browser bundle', () => {
  it('holds none of the secret values and no webhook signing secret', () => {
    const all = files(staticDir);
    expect(all.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const file of all) {
      const text = readFileSync(file).toString('latin1');
      for (const secret of secrets)
        if (text.includes(secret)) leaks.push(`${path.relative(staticDir, file)}: ${secret}`);
      if (/whsec_[A-Za-z0-9_-]{8,}/.test(text)) leaks.push(`${path.relative(staticDir, file)}: whsec_…`);
      // Server-only names would mean a server module was bundled for the browser.
      for (const name of ['BANK_CLIENT_SECRET', 'AUTH_SECRET', 'OIDC_CLIENT_SECRET', 'password_hash']) {
        if (text.includes(name)) leaks.push(`${path.relative(staticDir, file)}: ${name}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

// Only without a build: the scan could not run, and the run says so as a skipped test with its reason.
if (!built) {
  describe('the browser bundle (not built)', () => {
    it.skip('is checked after `npx next build`; .next/static is missing, so the secret scan did not run', () => {});
  });
}
