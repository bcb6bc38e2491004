// First-load JavaScript of each page (targets: at most 140 kB compressed on plain pages, 155 kB on the
// payment forms, whose validation runs in the browser; the framework alone, React and Next.js's router
// and runtime, is about 136 kB). Each page of app/**/page.tsx is loaded once in headless Chromium,
// with an empty cache, against the built app (`next start`) and the sandbox bank; every script
// requested before the page's `load` event is counted: its body gzipped here (level 6, as Next's
// compression does), and what went over the wire. Scripts fetched later (link prefetching on idle)
// are listed apart and not counted.
// tests/app/first-load-budgets.test.ts holds each page to its budget from the build's manifests, in the same
// figures but for scripts a page imports while it runs, which only this counts.
// Pages in Icelandic (the default locale); all but sign-in and sign-up signed in as the demo PSU.
// Run: npx tsx bench/first-load-js.ts   (after `next build`; starts its own servers on :3400/:4410)
import { gzipSync } from 'node:zlib';
import { TARGET_FORM_KB, TARGET_PLAIN_KB, targetFor } from '@/tests/support/first-load';
import { appServers, launchChromium } from './app-servers';
import { pageVisits } from './page-visits';
import { type Figure, printResult } from './support';

const kB = (bytes: number) => bytes / 1000;

const servers = await appServers();
const browser = await launchChromium();
const figures: Figure[] = [];
const notes: string[] = [];
const perPage = new Map<string, Map<string, { gzip: number; packages: string[] }>>();
/** The address each figure's page was loaded at (its pattern with a payment's id or a bill's claim id). */
const pathOf = new Map<string, string>();

/** Which well-known packages a chunk holds, by strings their code carries. */
const markers: [string, RegExp][] = [
  ['react-dom', /react-dom|__reactFiber|ReactDOM/],
  ['zod', /ZodError|\$ZodType/],
  ['react-hook-form', /useFormContext|shouldUnregister/],
  ['date-fns', /date-fns|startOfISOWeek|differenceInCalendarDays/],
  ['papaparse', /Papa\.parse|papaparse|BAD_DELIMITERS/],
  ['ibantools', /ibantools|electronicFormatIBAN|isValidIBAN/],
  ['@tanstack/react-query', /QueryClient|useQuery/],
  ['@tanstack/react-virtual', /useVirtualizer|measureElement/],
  ['next-intl', /NextIntlClientProvider|IntlProvider|use-intl/],
  ['next runtime', /__next_f|__NEXT_DATA__|next-router|appRouter|__next_app__/],
];
function packagesIn(code: string): string[] {
  return markers.filter(([, pattern]) => pattern.test(code)).map(([name]) => name);
}
try {
  const { visits, storageState, notes: unvisited } = await pageVisits(browser, servers);
  notes.push(...unvisited);

  console.log(
    `First-load JavaScript per page, gzip level 6 (kB = 1000 bytes), targets <= ${TARGET_PLAIN_KB} kB (plain pages), <= ${TARGET_FORM_KB} kB (payment forms), ${servers.appUrl}`,
  );
  console.log(
    `  ${'page'.padEnd(42)} ${'scripts'.padStart(7)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'wire'.padStart(9)}`,
  );
  for (const { pattern, path, signedIn } of visits) {
    const context = await browser.newContext(signedIn ? { storageState } : {});
    const page = await context.newPage();
    const scripts = new Map<
      string,
      { before: boolean; raw: number; gzip: number; wire: number; packages: string[] }
    >();
    let loaded = false;
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'script') return;
      const before = !loaded;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
          scripts.set(response.url(), {
            before,
            raw: body.length,
            gzip: gzipSync(body, { level: 6 }).length,
            wire: sizes.responseBodySize,
            packages: packagesIn(body.toString('utf8')),
          });
        })(),
      );
    });
    page.on('load', () => {
      loaded = true;
    });
    const response = await page.goto(`${servers.appUrl}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle').catch(() => {});
    await Promise.all(pending);
    const finalPath = new URL(page.url()).pathname;
    const landed = finalPath === path.split('?')[0];
    await context.close();
    if (!response || response.status() >= 400) {
      console.log(`  ${path.padEnd(42)} not measured: HTTP ${response?.status() ?? 'no response'}`);
      notes.push(`${path} not measured: HTTP ${response?.status() ?? 'no response'}`);
      continue;
    }
    const counted = [...scripts.values()].filter((s) => s.before);
    perPage.set(path, new Map([...scripts].filter(([, s]) => s.before)));
    const later = [...scripts.values()].filter((s) => !s.before);
    const sum = (key: 'raw' | 'gzip' | 'wire', list = counted) => list.reduce((t, s) => t + s[key], 0);
    const label = landed ? path : `${path} → ${finalPath}`;
    const gz = kB(sum('gzip'));
    const targetKb = targetFor(pattern);
    const met = gz <= targetKb;
    console.log(
      `  ${label.padEnd(42)} ${String(counted.length).padStart(7)} ${kB(sum('raw')).toFixed(1).padStart(7)}kB ${gz.toFixed(1).padStart(7)}kB ${kB(sum('wire')).toFixed(1).padStart(7)}kB  ${met ? 'met' : 'NOT met'}${later.length ? `  (+${later.length} prefetched later, ${kB(sum('gzip', later)).toFixed(1)} kB gzip, not counted)` : ''}`,
    );
    pathOf.set(`First-load JS, ${pattern.replace('[locale]', 'is')}`, path);
    figures.push({
      name: `First-load JS, ${pattern.replace('[locale]', 'is')}`,
      value: gz,
      unit: 'kB gzip',
      target: `<= ${targetKb} kB`,
      met,
      reference: `${counted.length} scripts, ${kB(sum('raw')).toFixed(0)} kB raw, ${kB(sum('wire')).toFixed(1)} kB over the wire${landed ? '' : `; landed on ${finalPath.replace(/[0-9a-f-]{36}/, '[id]')}`}`,
    });
  }
  // What the pages over the target load beyond what every page loads.
  let shared = new Set<string>();
  for (const [i, scripts] of [...perPage.values()].entries())
    shared = i === 0 ? new Set(scripts.keys()) : new Set([...shared].filter((url) => scripts.has(url)));
  const sharedKb = kB(
    [...(perPage.values().next().value ?? new Map()).entries()]
      .filter(([url]) => shared.has(url))
      .reduce((t, [, s]) => t + s.gzip, 0),
  );
  console.log(`  shared by every page: ${shared.size} scripts, ${sharedKb.toFixed(1)} kB gzip`);
  notes.push(`shared by every page: ${shared.size} scripts, ${sharedKb.toFixed(1)} kB gzip`);
  for (const figure of figures.filter((f) => f.met === false)) {
    const path = pathOf.get(figure.name) ?? '';
    const extra = [...(perPage.get(path) ?? new Map()).entries()]
      .filter(([url]) => !shared.has(url))
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .map(
        ([url, s]) =>
          `${url.split('/').pop()} ${kB(s.gzip).toFixed(1)} kB${s.packages.length ? ` (${s.packages.join(', ')})` : ''}`,
      );
    const line = `${figure.name.replace('First-load JS, ', '')} beyond the shared scripts: ${extra.join('; ')}`;
    console.log(`  ${line}`);
    notes.push(line);
  }
} finally {
  await browser.close();
  await servers.stop();
}
printResult('first-load-js', figures, notes);
