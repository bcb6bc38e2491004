// The history of a PSU who pays salaries: its first page is 25 bulk payments of `payments` payments each. The
// page's server time (`Server-Timing: app`, its statements' `db` within it), median of `rounds` requests after
// three to warm it, the built app on PGlite:
//
// - with each bulk saved as the app saves one now, with what a list shows of it (`payments.list_overview`):
//   the list reads neither the bulks' payments nor adds them up;
// - with the same bulks saved without it, as the app saved them before: the list reads every payment of each.
//
// Run: npx tsx bench/history-bulks.ts [payments=1000] [rounds=15]   (after `next build`)
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright';
import { serverTimings } from '@/tests/support/server-timing';
import { appServers, DEBTOR_IBAN, demo, launchChromium, signIn } from './app-servers';
import { seedableAppDatabase } from './payment-history-seed';
import { type Figure, ms, printResult, summarise } from './support';

const perBulk = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 15);
const BULKS = 30;

/** The PSU whose bulks are saved with their overviews, and the one whose same bulks are saved without. */
const WITH_OVERVIEW = demo.email;
const WITHOUT_OVERVIEW = 'anna@greidsla.is';

/** `BULKS` paid bulks of each PSU, each of `perBulk` payments to named employees. */
async function seedBulks(appDataDir: string): Promise<void> {
  const { db, psuId, closeDatabase } = await seedableAppDatabase(appDataDir);
  const { payments } = await import('@/lib/db/schema');
  const { bulkOverviewOf } = await import('@/lib/payments/bulk-recipients');
  for (const [email, withOverview] of [
    [WITH_OVERVIEW, true],
    [WITHOUT_OVERVIEW, false],
  ] as const) {
    const psu = { id: await psuId(email) };
    for (let bulk = 1; bulk <= BULKS; bulk++) {
      const body = {
        paymentInformationId: `laun-${bulk}`,
        debtorAccount: { iban: DEBTOR_IBAN },
        payments: Array.from({ length: perBulk }, (_, i) => ({
          creditorAccount: { iban: 'IS870301260012345101696399' },
          ultimateCreditor: `Starfsmaður ${i + 1}`,
          instructedAmount: { currency: 'ISK', amount: String(400_000 + i) },
          remittanceInformationUnstructured: 'Laun',
        })),
      };
      const amount = String(
        body.payments.reduce((sum, { instructedAmount }) => sum + Number(instructedAmount.amount), 0),
      );
      await db.insert(payments).values({
        psuId: psu.id,
        submissionId: randomUUID(),
        idempotencyKey: randomUUID(),
        service: 'bulk-payments',
        product: 'credit-transfers',
        body,
        scaLanguage: 'is',
        uiLocale: 'is',
        phase: 'initiated',
        transactionStatus: 'ACSC',
        bankPaymentId: `bench-bulk-${withOverview ? 'kept' : 'before'}-${bulk}`,
        amount,
        currency: 'ISK',
        creditorAccount: '',
        reference: `laun-${bulk}`,
        elementCount: perBulk,
        listOverview: withOverview ? bulkOverviewOf({ body, amount, currency: 'ISK' }) : null,
      });
    }
  }
  await closeDatabase();
}

/** The history page's server time and its statements' time for the PSU of `email`, median over the rounds. */
async function historyServerTime(
  browser: Browser,
  appUrl: string,
  email: string,
): Promise<{ app: number; db: number }> {
  const context = await browser.newContext();
  try {
    await signIn(context, appUrl, { email, password: demo.password });
    const app: number[] = [];
    const db: number[] = [];
    for (let i = 0; i < 3 + rounds; i++) {
      const response = await context.request.get(`${appUrl}/is/payments`);
      const page = await response.text();
      if (!response.ok() || !page.includes('Starfsmaður 2') || !page.includes('til viðbótar'))
        throw new Error(`the history of ${email} did not name the bulks (${response.status()})`);
      const timing = serverTimings(response.headers()['server-timing'] ?? null);
      if (i < 3 || !timing.app || !timing.db) continue;
      app.push(timing.app.dur);
      db.push(timing.db.dur);
    }
    return { app: summarise(app).p50, db: summarise(db).p50 };
  } finally {
    await context.close();
  }
}

const servers = await appServers({ appEnv: { SERVER_TIMING: '1' }, prepareAppData: seedBulks });
const browser = await launchChromium();
let kept: { app: number; db: number };
let before: { app: number; db: number };
try {
  kept = await historyServerTime(browser, servers.appUrl, WITH_OVERVIEW);
  before = await historyServerTime(browser, servers.appUrl, WITHOUT_OVERVIEW);
} finally {
  await browser.close();
  await servers.stop();
}
const name = `History of ${BULKS} bulks of ${perBulk.toLocaleString('en')} payments: page server time, median`;
console.log(`${name}:`);
console.log(`  saved with their overviews  ${ms(kept.app)} (statements ${ms(kept.db)})`);
console.log(`  saved without (as before)   ${ms(before.app)} (statements ${ms(before.db)})`);
const figures: Figure[] = [
  {
    name: `${name} (bulks saved with their overviews)`,
    value: kept.app,
    unit: 'ms',
    reference: `statements ${ms(kept.db)}; saved without overviews ${ms(before.app)} (statements ${ms(before.db)})`,
  },
];
printResult('history-bulks', figures);
