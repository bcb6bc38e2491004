// Lighthouse performance and accessibility of sign-in, new payment (single), the history, the standing
// orders and a payment's receipt (targets: performance 100 on the plain pages, at least 98 on the form),
// and of the PSU's accounts, payees and the not-found page (performance at least 95); accessibility
// 100 on all. On the built app and the sandbox bank, in
// Debian's Chromium. Lighthouse's default settings (mobile: emulated Moto G Power, simulated slow 4G
// and 4x CPU slowdown) give the figures held to the targets; its desktop settings are shown beside.
// For the signed-in pages the demo PSU signs in through the form (Playwright), and its session
// cookie is put into Lighthouse's Chromium before each run, whose HTTP cache is emptied first;
// the demo PSU first gets a row on each of its pages through the app's forms (bench/everyday-rows.ts);
// Lighthouse's own storage reset, which would drop the cookie, is then turned off. (Chromium 156
// does not send a Cookie given as Lighthouse's `extraHeaders`.) Scores are the median of `runs` runs.
// Run: npx tsx bench/lighthouse.ts [runs] [page name…]   (after `next build`; starts its own servers;
// page names as in `pages`, e.g. payees 'not found'; none, every page)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { appServers, chromiumFlags, chromiumPath, launchChromium, makePayment, signIn } from './app-servers';
import { keepMyAccount, makeStandingOrder, savePayee } from './everyday-rows';
import { type Figure, printResult } from './support';

const runs = Number(process.argv[2] ?? 1);
const only = process.argv.slice(3);
/**
 * Lighthouse mobile performance: 100 on the plain pages, at least 98 on the payment forms, at least 95
 * on the PSU's everyday pages that came later (my accounts, payees, the not-found page).
 */
const TARGET_PERFORMANCE = { plain: 100, form: 98, everyday: 95 };
const TARGET_ACCESSIBILITY = 100;

const everyPage = [
  { name: 'sign-in', path: '/is/sign-in', signedIn: false, target: TARGET_PERFORMANCE.plain },
  {
    name: 'new payment (single)',
    path: '/is/payments/new/single',
    signedIn: true,
    target: TARGET_PERFORMANCE.form,
  },
  { name: 'history', path: '/is/payments', signedIn: true, target: TARGET_PERFORMANCE.plain },
  {
    name: 'standing orders',
    path: '/is/payments/standing-orders',
    signedIn: true,
    target: TARGET_PERFORMANCE.plain,
  },
  // The receipt of a payment the demo PSU makes first (`[id]`).
  { name: 'receipt', path: '/is/payments/[id]/receipt', signedIn: true, target: TARGET_PERFORMANCE.plain },
  { name: 'my accounts', path: '/is/my-accounts', signedIn: true, target: TARGET_PERFORMANCE.everyday },
  { name: 'payees', path: '/is/payees', signedIn: true, target: TARGET_PERFORMANCE.everyday },
  // An address no page answers: the site's not-found page, answered with a 404.
  {
    name: 'not found',
    path: '/is/payments/does-not-exist',
    signedIn: true,
    target: TARGET_PERFORMANCE.everyday,
    notFound: true,
  },
];
const pages = only.length ? everyPage.filter((page) => only.includes(page.name)) : everyPage;
if (!pages.length)
  throw new Error(`no page named ${only.join(', ')}: ${everyPage.map((page) => page.name).join(', ')}`);
/** The pages that need a row of the demo PSU's to show what a PSU sees, and what makes it. */
const rowMakers = {
  'standing orders': makeStandingOrder,
  'my accounts': keepMyAccount,
  payees: savePayee,
} as const;

const servers = await appServers();
const figures: Figure[] = [];
const notes: string[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const browser = await launchChromium();
  const context = await browser.newContext();
  await signIn(context, servers.appUrl);
  const paymentId = await makePayment(context, servers.appUrl);
  for (const [page, make] of Object.entries(rowMakers)) {
    if (!pages.some(({ name }) => name === page)) continue;
    if (!(await make(context, servers.appUrl))) notes.push(`${page} measured without a row of the PSU's`);
  }
  const cookies = await context.cookies(servers.appUrl);
  await browser.close();

  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const { chromium } = await import('playwright');
  const control = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const controlContext = control.contexts()[0];
  if (!controlContext) throw new Error("no default context in Lighthouse's Chromium");
  const controlPage = await controlContext.newPage();
  const cdp = await controlContext.newCDPSession(controlPage);
  /** A signed-in first visit: the session cookie, and nothing cached. */
  const prepareSignedIn = async () => {
    await cdp.send('Network.clearBrowserCache');
    await controlContext.clearCookies();
    await controlContext.addCookies(cookies);
  };
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

  console.log(
    `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on ${servers.appUrl}, Chromium ${await chromeVersion(chrome.port)}`,
  );
  console.log(`  ${'page'.padEnd(24)} ${'settings'.padEnd(8)} performance  accessibility`);
  for (const page of pages) {
    if (page.path.includes('[id]') && !paymentId) {
      notes.push(`${page.name} not measured: no payment could be made`);
      continue;
    }
    const path = page.path.replace('[id]', paymentId ?? '');
    for (const mode of ['mobile', 'desktop'] as const) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      const failing = new Set<string>();
      let metrics = '';
      /** The last run's largest contentful paint in words (largestPaintElement), said where the page is below target. */
      let largestPaint = '';
      for (let run = 0; run < runs; run++) {
        // A run that fails to record its trace (NO_NAVSTART on a busy machine) is run again, twice at most.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 0; ; attempt++) {
          if (page.signedIn) await prepareSignedIn();
          result = await lighthouse(
            `${servers.appUrl}${path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              disableStorageReset: page.signedIn,
              ignoreStatusCode: page.notFound ?? false,
            },
            mode === 'desktop' ? desktopConfig : undefined,
          );
          if (!result?.lhr.runtimeError || attempt >= 2) break;
          notes.push(`${page.name} ${mode}: run again after ${result.lhr.runtimeError.code}`);
        }
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        const finalUrl = new URL(lhr.finalDisplayedUrl);
        if (finalUrl.pathname !== path) throw new Error(`${path} ended on ${finalUrl.pathname}`);
        performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(ref.id);
        }
        const value = (id: string) => lhr.audits[id]?.displayValue ?? '?';
        metrics = `FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, CLS ${value('cumulative-layout-shift')}`;
        largestPaint = largestPaintElement(lhr);
        if (lhr.environment.benchmarkIndex < 1000)
          notes.push(
            `${page.name} ${mode}: benchmarkIndex ${lhr.environment.benchmarkIndex} (a busy or slow machine)`,
          );
      }
      const perf = median(performance);
      const a11y = median(accessibility);
      console.log(
        `  ${page.name.padEnd(24)} ${mode.padEnd(8)} ${String(perf).padStart(11)}  ${String(a11y).padStart(13)}   ${metrics}${failing.size ? `; accessibility audits failing: ${[...failing].join(', ')}` : ''}`,
      );
      if (mode === 'mobile') {
        if (perf < page.target) notes.push(`${page.name} mobile: ${largestPaint}`);
        figures.push(
          {
            name: `Lighthouse performance, ${page.name} (${page.path}, default mobile settings)`,
            value: perf,
            unit: '',
            target: `>= ${page.target}`,
            met: perf >= page.target,
            reference: metrics,
          },
          {
            name: `Lighthouse accessibility, ${page.name} (${page.path})`,
            value: a11y,
            unit: '',
            target: `= ${TARGET_ACCESSIBILITY}`,
            met: a11y >= TARGET_ACCESSIBILITY,
            reference: failing.size ? `failing: ${[...failing].join(', ')}` : undefined,
          },
        );
      } else {
        figures.push({
          name: `Lighthouse performance, ${page.name} (desktop settings)`,
          value: perf,
          unit: '',
          reference: metrics,
        });
      }
    }
  }
} finally {
  await chrome?.kill();
  await servers.stop();
}
printResult('lighthouse', figures, [...new Set(notes)]);

async function chromeVersion(port: number): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/version`);
    return ((await response.json()) as { Browser: string }).Browser;
  } catch {
    return '?';
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
/**
 * Lighthouse's largest-contentful-paint-element audit in words: the element drawn last of the page's largest
 * (its label, as Lighthouse names it) and the phases of its simulated time (time to first byte, load delay, load
 * time, render delay); and when the first and the largest paint were seen in the unthrottled run. Lighthouse's
 * simulation counts, for the largest paint, every request that ended before it was seen (the page's scripts
 * too, where they had loaded by then), and for the first paint only those that block rendering.
 */
function largestPaintElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: Record<string, unknown>[] }[] }
    | undefined;
  const [elementTable, phaseTable] = details?.items ?? [];
  const node = elementTable?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (phaseTable?.items ?? [])
    .map((item) => `${item.phase} ${Math.round(Number(item.timing))} ms`)
    .join(', ');
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  const seen = observed
    ? `; seen unthrottled: first paint ${observed.observedFirstContentfulPaint} ms, largest ${observed.observedLargestContentfulPaint} ms, load ${observed.observedLoad} ms`
    : '';
  return `largest paint ${node ? `"${node.nodeLabel}" (${node.selector})` : 'not named'}${phases ? `; ${phases}` : ''}${seen}`;
}
