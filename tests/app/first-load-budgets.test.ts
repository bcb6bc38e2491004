import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDir, firstLoadOfBuild, targetFor } from '@/tests/support/first-load';

// Every page's first-load JavaScript, read from the build that `npm test` makes before this runs, against its
// budget: the target (140 kB gzip on a plain page, 155 on a payment form), or, for a page still above it, its
// ceiling below. A ceiling is what the page weighed when it was set, with half a kilobyte of room: a page may not
// grow while it is over, and a page brought down sets a lower one (or, within its target, none).
const CEILINGS_KB: Record<string, number> = {
  '/[locale]/bills/[claimId]/pay': 169.8,
  '/[locale]/payments/new/bulk': 172.7,
  '/[locale]/payments/new/periodic': 170.9,
  '/[locale]/payments/new/single': 169.8,
  '/[locale]/payments/standing-orders/[id]/change': 170.9,
};
/** How far above its page a ceiling may stay before it is to be lowered. */
const CEILING_ROOM_KB = 1;

const dir = buildDir(process.cwd());
const kB = (bytes: number) => bytes / 1000;

// Without a build (Vitest run on its own) there is nothing to read; `npm test` builds first. A skipped
// describe still runs its body to collect its cases, so the build is read only when there is one.
const built = existsSync(path.join(dir, 'BUILD_ID'));

describe.skipIf(!built)("every page's first-load JavaScript", () => {
  const pages = built ? firstLoadOfBuild(dir) : [];
  const routes = pages.map(({ route }) => route);

  it('is read for every page of the app', () => {
    for (const route of ['/[locale]/sign-in', '/[locale]/payments', '/[locale]/payments/new/single'])
      expect(routes).toContain(route);
    expect(pages.length).toBeGreaterThanOrEqual(20);
    for (const page of pages) expect(page.scripts.length, page.route).toBeGreaterThan(0);
  });

  it.each(pages)('$route is within its budget', ({ route, scripts, gzipBytes }) => {
    const budget = CEILINGS_KB[route] ?? targetFor(route);
    expect(
      kB(gzipBytes),
      `${route}: ${kB(gzipBytes).toFixed(1)} kB gzip in ${scripts.length} scripts, budget ${budget} kB`,
    ).toBeLessThanOrEqual(budget);
  });

  it('keeps a ceiling only for a page above its target, and no looser than the page', () => {
    for (const [route, ceiling] of Object.entries(CEILINGS_KB)) {
      const page = pages.find((candidate) => candidate.route === route);
      expect(page, `${route} has a ceiling but is not in the build`).toBeDefined();
      const weight = kB(page?.gzipBytes ?? 0);
      expect(weight, `${route} is within its target now: remove its ceiling`).toBeGreaterThan(
        targetFor(route),
      );
      expect(
        ceiling - weight,
        `${route} weighs ${weight.toFixed(1)} kB: lower its ceiling (${ceiling} kB)`,
      ).toBeLessThanOrEqual(CEILING_ROOM_KB);
    }
  });
});
