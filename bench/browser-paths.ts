// The PSU's paths as the browser's clock sees them, warm, in Debian's Chromium (Playwright), each split
// into the bank's time and the app's:
//
// - sign-in → history: from pressing "Sign in" to the history drawn (no bank call on the way);
// - form → bank page: from pressing "Continue to your bank" to the bank's SCA page drawn. The bank's
//   time is the app's calls to it while the form was sent (the app's `Server-Timing: bank`) plus the
//   bank page itself (its navigation start to drawn); the app's is the rest (target < 30 ms median);
// - approve → status page: from pressing "Approve" at the bank to our payment page drawn. The bank's
//   time is what the sandbox spent on the approval (its `Server-Timing: sandbox`) plus the app's calls
//   to it on the way back (`bank`); the app's is the rest (target < 30 ms median);
// - the history with 100,000 payments: the first page and a deep one (row 90,000), loaded afresh;
// - the bulk table with 1,000 rows: a keystroke in a cell, and a paste of 1,000 rows of CSV followed
//   by "Import the pasted text": the longest interaction each time, as INP counts it (Event Timing;
//   target < 100 ms);
// - the browser's floor: a form posted on one site, redirected to a static page of another, drawn, with no
//   app and no bank behind it (bench/browser-floor.ts), the part of the paths above that is Chromium's own;
// - the single form sent empty and then corrected: the press that shows its errors, and a keystroke in
//   a field that shows one (each form field is checked again as it changes once the form was sent), as
//   INP counts them (target < 100 ms).
//
// "Drawn" is the page's largest contentful paint (after the element that shows it is there), or, for a
// client-side navigation, the first frame after it appears. A press is the click event's time stamp.
// The app runs built (scripts/app-server.mjs) with SERVER_TIMING=1 on PGlite, beside the sandbox bank.
//
// Run: npx tsx bench/browser-paths.ts [rounds=20] [payments=100000]   (after `next build`)
import { performance } from 'node:perf_hooks';
import type { BrowserContext, Page } from 'playwright';
import {
  appServers,
  CREDITOR_IBAN,
  DEBTOR_IBAN,
  demo,
  launchChromium,
  openPaymentForm,
  signIn,
} from './app-servers';
import { browserFloor } from './browser-floor';
import {
  drawn,
  longestInteraction,
  observeInteractions,
  recordClicks,
  serverTimingsDuring,
  watchSoftNavigation,
} from './browser-timing';
import { finalStatuses, insertPaymentHistory, seedableAppDatabase } from './payment-history-seed';
import { type Figure, ms, printResult, summarise } from './support';

const rounds = Number(process.argv[2] ?? 20);
const historySize = Number(process.argv[3] ?? 100_000);
const warmup = 2;
const TARGET_APP_MS = 30;
const TARGET_INP_MS = 100;
const BULK_ROWS = 1000;

/** The demo PSU's history: `historySize` settled payments, and the cursor of the page after row 90%. */
let deepCursor: string | undefined;
async function seedHistory(appDataDir: string): Promise<void> {
  const started = performance.now();
  const { db, psuId, closeDatabase } = await seedableAppDatabase(appDataDir);
  const { sql } = await import('drizzle-orm');
  const { encodeCursor } = await import('@/lib/db/queries/payments');
  const { rowsOf } = await import('./support');
  const psu = { id: await psuId(demo.email) };
  await insertPaymentHistory(db, psu.id, historySize, finalStatuses);
  const [deep] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from payments where psu_id = ${psu.id}
      order by created_at desc, id desc offset ${Math.round(historySize * 0.9) - 1} limit 1`),
  );
  deepCursor = deep ? encodeCursor(deep) : undefined;
  await closeDatabase();
  console.log(
    `  seeded ${historySize.toLocaleString('en')} payments for ${demo.email} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const servers = await appServers({
  prepareAppData: seedHistory,
  appEnv: {
    SERVER_TIMING: '1',
    // One PSU signs in and pays many times a minute from one address.
    RATE_LIMIT_ACTIONS_PER_MINUTE: '10000',
    RATE_LIMIT_SIGN_IN_PER_IP: '10000',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '1000',
  },
});
const { appUrl } = servers;
const sandboxOrigin = new URL(servers.sandboxUrl || appUrl).origin;
const appOrigin = new URL(appUrl).origin;

interface Split {
  total: number;
  bank: number;
  app: number;
}
const paths = {
  signIn: [] as Split[],
  toBank: [] as Split[],
  approve: [] as Split[],
  historyFirst: [] as number[],
  historyDeep: [] as number[],
  historyServer: [] as number[],
  historyDeepServer: [] as number[],
  keystroke: [] as number[],
  paste: [] as number[],
  pasteToTable: [] as number[],
  invalidSend: [] as number[],
  correctionKeystroke: [] as number[],
  floor: [] as number[],
};

async function signInPath(context: BrowserContext, clicks: { last(): number }): Promise<Split> {
  const page = await context.newPage();
  try {
    await page.goto(`${appUrl}/en/sign-in`);
    await page.getByLabel('E-mail').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    const soft = await watchSoftNavigation(page, 'h1');
    const origin = await page.evaluate(() => performance.timeOrigin);
    const timings = await serverTimingsDuring(page, async () => {
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page
        .getByRole('heading', { name: 'Payments' })
        .waitFor({ timeout: 60_000 })
        .catch(async (error: Error) => {
          const shown = (
            await page
              .locator('main')
              .textContent()
              .catch(() => '')
          )?.slice(0, 300);
          throw new Error(`sign-in did not reach the history (${page.url()}: ${shown}): ${error.message}`);
        });
    });
    const sameDocument = (await page.evaluate(() => performance.timeOrigin)) === origin;

    const end = sameDocument ? await soft() : (await drawn(page, 'tbody tr')).drawnAt;
    const total = end - clicks.last();
    const bank = timings.sum('bank', appOrigin);
    return { total, bank, app: total - bank };
  } finally {
    await page.close();
  }
}

/** Form → bank page, then approve → our payment page; one new payment. */
async function paymentPaths(page: Page, clicks: { last(): number }, n: number): Promise<[Split, Split]> {
  await openPaymentForm(page, appUrl, 'single');
  await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill(String(1000 + n));
  await page.getByLabel('Message to the recipient').fill(`Bench ${n}`);
  await page.getByRole('radio', { name: 'English' }).check();
  let bankPage: Awaited<ReturnType<typeof drawn>> | undefined;
  const toBankTimings = await serverTimingsDuring(page, async () => {
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.waitForURL((url) => url.origin === sandboxOrigin, { timeout: 30_000 });
    bankPage = await drawn(page, 'input[name="username"]');
  });
  if (!bankPage) throw new Error('the bank page was not drawn');
  const toBankTotal = bankPage.drawnAt - clicks.last();
  const toBankBank = toBankTimings.sum('bank', appOrigin) + (bankPage.drawnAt - bankPage.timeOrigin);
  const toBank = { total: toBankTotal, bank: toBankBank, app: toBankTotal - toBankBank };

  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const approveButton = page.getByRole('button', { name: 'Approve' });
  await approveButton.waitFor();
  let statusPage: Awaited<ReturnType<typeof drawn>> | undefined;
  const approveTimings = await serverTimingsDuring(page, async () => {
    await approveButton.click();
    await page.waitForURL(
      (url) => url.origin === appOrigin && /\/en\/payments\/[0-9a-f-]{36}/.test(url.pathname),
      {
        timeout: 30_000,
      },
    );
    statusPage = await drawn(page, '[data-testid="status-history"] li');
  });
  if (!statusPage) throw new Error('the payment page was not drawn');
  const approveTotal = statusPage.drawnAt - clicks.last();
  const approveBank = approveTimings.sum('sandbox', sandboxOrigin) + approveTimings.sum('bank', appOrigin);
  return [toBank, { total: approveTotal, bank: approveBank, app: approveTotal - approveBank }];
}

async function historyPage(page: Page, query: string): Promise<{ drawnMs: number; serverMs: number }> {
  await page.goto(`${appUrl}/en/payments${query}`);
  const shown = await drawn(page, 'tbody tr');
  return { drawnMs: shown.drawnAt - shown.timeOrigin, serverMs: shown.serverTiming.app ?? Number.NaN };
}

function bulkCsv(): string {
  const lines = ['creditorAccount;creditorKennitala;amount;currency;remittanceInformationUnstructured'];
  for (let i = 1; i <= BULK_ROWS; i++) lines.push(`${CREDITOR_IBAN};;${i * 10};ISK;Laun ${i}`);
  return `${lines.join('\n')}\n`;
}

/** Paste 1,000 rows and import them; then a keystroke in a cell of the full table. */
async function bulkTable(page: Page): Promise<{ paste: number; toTable: number; keystroke: number }> {
  await page.goto(`${appUrl}/en/payments/new/bulk`);
  await page.getByLabel('From account (IBAN)').fill(DEBTOR_IBAN);
  await page.locator('summary', { hasText: 'Or paste CSV text' }).click();
  const textarea = page.locator('#bulk-csv-paste');
  await page.evaluate((text) => navigator.clipboard.writeText(text), bulkCsv());
  await textarea.focus();
  await observeInteractions(page);
  await page.keyboard.press('Control+V');
  await page.waitForFunction(
    (rows) =>
      ((document.querySelector('#bulk-csv-paste') as HTMLTextAreaElement | null)?.value.split('\n').length ??
        0) > rows,
    BULK_ROWS,
  );
  const pasteInteraction = await longestInteraction(page);
  const started = performance.now();
  await page.getByRole('button', { name: 'Import the pasted text' }).click();
  await page.getByText(`${BULK_ROWS.toLocaleString('en')} payments read`).waitFor({ timeout: 60_000 });
  const toTable = performance.now() - started;
  const importInteraction = await longestInteraction(page);
  // The table is virtualised: the first row is drawn; typing there updates the state of all 1,000.
  const cell = page.getByLabel('Amount, payment 1', { exact: true });
  await cell.click();
  await longestInteraction(page);
  await page.keyboard.press('End');
  await longestInteraction(page);
  await page.keyboard.press('5');
  const keystroke = await longestInteraction(page);
  return { paste: Math.max(pasteInteraction, importInteraction), toTable, keystroke };
}

/** The single form sent empty, then corrected: the longest interaction of the press and of a keystroke. */
async function formCorrection(page: Page): Promise<{ invalidSend: number; keystroke: number }> {
  await page.goto(`${appUrl}/en/payments/new/single`);
  const send = page.getByRole('button', { name: 'Continue to your bank' });
  await send.waitFor();
  // The form's schema loads when the PSU first reaches the form: loaded before the press is timed.
  await page.getByLabel('Recipient’s name').focus();
  await page.waitForLoadState('networkidle');
  await observeInteractions(page);
  await send.click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  const invalidSend = await longestInteraction(page);
  await page.getByLabel('Amount').click();
  await longestInteraction(page);
  await page.keyboard.press('5');
  const keystroke = await longestInteraction(page);
  return { invalidSend, keystroke };
}

const browser = await launchChromium();
try {
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin });
  const clicks = await recordClicks(context);
  console.log(
    `Browser paths on ${appUrl} (sandbox ${servers.sandboxUrl}), ${rounds} rounds after ${warmup} warm-up, Chromium ${browser.version()}`,
  );
  for (let i = 0; i < warmup + rounds; i++) {
    const counted = i >= warmup;
    const fresh = await browser.newContext({ locale: 'en-GB' });
    const freshClicks = await recordClicks(fresh);
    const signedIn = await signInPath(fresh, freshClicks);
    await fresh.close();
    if (counted) paths.signIn.push(signedIn);
    if (i === 0) await signIn(context, appUrl);
    const page = await context.newPage();
    const [toBank, approve] = await paymentPaths(page, clicks, i);
    if (counted) paths.toBank.push(toBank);
    if (counted) paths.approve.push(approve);
    const first = await historyPage(page, '');
    if (counted) paths.historyFirst.push(first.drawnMs);
    if (counted) paths.historyServer.push(first.serverMs);
    if (deepCursor) {
      const deep = await historyPage(page, `?after=${deepCursor}`);
      if (counted) paths.historyDeep.push(deep.drawnMs);
      if (counted) paths.historyDeepServer.push(deep.serverMs);
    }
    await page.close();
    console.log(
      `  round ${i + 1}${counted ? '' : ' (warm-up)'}: sign-in ${signedIn.total.toFixed(0)} ms; to bank ${toBank.total.toFixed(0)} ms (bank ${toBank.bank.toFixed(0)}); approve ${approve.total.toFixed(0)} ms (bank ${approve.bank.toFixed(0)}); history ${first.drawnMs.toFixed(0)} ms`,
    );
  }
  const bulkRounds = Math.max(3, Math.ceil(rounds / 4));
  for (let i = 0; i < 1 + bulkRounds; i++) {
    const page = await context.newPage();
    const bulk = await bulkTable(page);
    await page.close();
    const formPage = await context.newPage();
    const correction = await formCorrection(formPage);
    await formPage.close();
    if (i === 0) continue;
    paths.keystroke.push(bulk.keystroke);
    paths.paste.push(bulk.paste);
    paths.pasteToTable.push(bulk.toTable);
    paths.invalidSend.push(correction.invalidSend);
    paths.correctionKeystroke.push(correction.keystroke);
  }
  paths.floor = await browserFloor(context, clicks, rounds);
} finally {
  await browser.close();
  await servers.stop();
}

const figures: Figure[] = [];
const splitFigures = (label: string, splits: Split[], target?: number) => {
  const total = summarise(splits.map((s) => s.total));
  const bank = summarise(splits.map((s) => s.bank));
  const app = summarise(splits.map((s) => s.app));
  console.log(
    `  ${label.padEnd(34)} total p50 ${ms(total.p50, 1)}  bank p50 ${ms(bank.p50, 1)}  app-added p50 ${ms(app.p50, 1)} p95 ${ms(app.p95, 1)}  (n=${app.n})`,
  );
  figures.push({
    name: `${label}: time the app adds (total − bank), median, in Chromium`,
    value: app.p50,
    unit: 'ms',
    ...(target === undefined ? {} : { target: `< ${target} ms`, met: app.p50 < target }),
    reference: `total p50 ${ms(total.p50, 1)} (p95 ${ms(total.p95, 1)}), of which bank p50 ${ms(bank.p50, 1)}; app-added p95 ${ms(app.p95, 1)}; n=${app.n}`,
  });
};
splitFigures('Sign-in → history', paths.signIn);
splitFigures('Form → bank page', paths.toBank, TARGET_APP_MS);
splitFigures('Approve at the bank → status page', paths.approve, TARGET_APP_MS);
// What Chromium itself takes to leave one site's page by a form and draw another's (bench/browser-floor.ts):
// part of every path above, whatever the app does.
const floor = summarise(paths.floor);
const approveApp = summarise(paths.approve.map((split) => split.app));
console.log(
  `  Browser floor (post, 303, static page) drawn p50 ${ms(floor.p50, 1)} p95 ${ms(floor.p95, 1)}  (n=${floor.n})`,
);
figures.push({
  name: 'Browser floor: a form posted on one site, redirected (303) to a static page of another, drawn, median, in Chromium',
  value: floor.p50,
  unit: 'ms',
  reference: `p95 ${ms(floor.p95, 1)}; no app and no bank behind it; the approval path's median app-added time less this median: ${ms(approveApp.p50 - floor.p50, 1)}; n=${floor.n}`,
});
for (const [label, drawnTimes, server] of [
  ['first page', paths.historyFirst, paths.historyServer],
  ['deep page (row 90%)', paths.historyDeep, paths.historyDeepServer],
] as const) {
  if (!drawnTimes.length) continue;
  const page = summarise(drawnTimes);
  const serverSummary = summarise(server);
  console.log(
    `  History ${label.padEnd(26)} drawn p50 ${ms(page.p50, 1)} p95 ${ms(page.p95, 1)}; server (app) p50 ${ms(serverSummary.p50, 1)}`,
  );
  figures.push({
    name: `History with ${historySize.toLocaleString('en')} payments, ${label}: navigation to drawn (LCP), median`,
    value: page.p50,
    unit: 'ms',
    reference: `p95 ${ms(page.p95, 1)}; the app's server time p50 ${ms(serverSummary.p50, 1)}; n=${page.n}`,
  });
}
for (const [label, values] of [
  [`Bulk table, keystroke in a cell with ${BULK_ROWS.toLocaleString('en')} rows`, paths.keystroke],
  [`Bulk table, paste of ${BULK_ROWS.toLocaleString('en')} rows and import`, paths.paste],
  ['Single form, sending it empty (its errors shown)', paths.invalidSend],
  ['Single form, a keystroke in a field with an error', paths.correctionKeystroke],
] as const) {
  const summary = summarise(values);
  console.log(`  ${label.padEnd(58)} INP p50 ${ms(summary.p50, 0)} max ${ms(summary.max, 0)}`);
  figures.push({
    name: `${label}: INP (longest interaction), median of ${summary.n} page loads`,
    value: summary.p50,
    unit: 'ms',
    target: `< ${TARGET_INP_MS} ms`,
    met: summary.p50 < TARGET_INP_MS,
    reference: `max ${ms(summary.max, 0)}${label.includes('paste') ? `; import pressed to "${BULK_ROWS} payments read" p50 ${ms(summarise(paths.pasteToTable).p50, 0)}` : ''}`,
  });
}
printResult('browser-paths', figures, [
  `${rounds} rounds after ${warmup} warm-up; built app with SERVER_TIMING=1 on PGlite, sandbox bank on PGlite, Chromium headless`,
  'bank time: the app’s Server-Timing `bank` (its calls to the bank) plus, to the bank page, the bank page’s own navigation to drawn, and, on approval, the sandbox’s Server-Timing `sandbox`',
  'INP figures are Event Timing durations; 16 ms stands for "under the browser’s 16 ms floor"',
]);
