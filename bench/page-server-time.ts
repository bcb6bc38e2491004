// Each page's own server time beyond its database statements (target: under 20 ms at the median). The
// built app runs with SERVER_TIMING=1 on PGlite beside the sandbox bank; every page of the build
// (bench/page-visits.ts) is asked for `rounds` times, one request after another, as the demo PSU, after
// three requests to warm it. Each answer's `Server-Timing` says how long the app took until it sent its
// headers, less its calls to the bank (`app`), and how long its database statements were under way
// (`db`, part of `app`): the figure is `app` less `db`, the median over the rounds.
// Run: npx tsx bench/page-server-time.ts [rounds=30]   (after `next build`; starts its own servers on :3400/:4410)

import { serverTimings } from '@/tests/support/server-timing';
import { appServers, launchChromium } from './app-servers';
import { pageVisits } from './page-visits';
import { type Figure, printResult, summarise } from './support';

const rounds = Number(process.argv[2] ?? 30);
const warmup = 3;
const TARGET_MS = 20;

interface Timing {
  app: number;
  db: number;
  statements: number;
  bank: number;
}

/** What an answer's `Server-Timing` says: the app's and the database's times, the statements, the bank's time. */
function timingOf(header: string | null): Timing | undefined {
  const { app, db, bank } = serverTimings(header);
  if (!app || !db) return undefined;
  return { app: app.dur, db: db.dur, statements: Number.parseInt(db.desc ?? '', 10), bank: bank?.dur ?? 0 };
}

const servers = await appServers({ appEnv: { SERVER_TIMING: '1', RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000' } });
const browser = await launchChromium();
const figures: Figure[] = [];
const notes: string[] = [];
try {
  const { visits, storageState, notes: unvisited } = await pageVisits(browser, servers);
  notes.push(...unvisited);
  await browser.close();
  const cookie = storageState.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  console.log(
    `Each page's server time beyond its database statements, median of ${rounds} requests (target < ${TARGET_MS} ms), ${servers.appUrl}`,
  );
  console.log(
    `  ${'page'.padEnd(44)} ${'app'.padStart(8)} ${'db'.padStart(8)} ${'beyond'.padStart(8)} ${'statements'.padStart(10)}`,
  );
  for (const { pattern, path, signedIn } of visits) {
    const timings: Timing[] = [];
    let failure: string | undefined;
    for (let i = 0; i < warmup + rounds && !failure; i++) {
      const answer = await fetch(`${servers.appUrl}${path}`, {
        headers: signedIn ? { cookie } : {},
        redirect: 'manual',
      });
      await answer.arrayBuffer();
      const timing = timingOf(answer.headers.get('server-timing'));
      // A page whose answer is a redirect (the start page) is measured by that answer.
      if (answer.status >= 400 || !timing) failure = `HTTP ${answer.status}`;
      else if (i >= warmup) timings.push(timing);
    }
    const page = pattern.replace('[locale]', 'is');
    if (failure) {
      console.log(`  ${page.padEnd(44)} not measured: ${failure}`);
      notes.push(`${page} not measured: ${failure}`);
      continue;
    }
    const app = summarise(timings.map((t) => t.app)).p50;
    const db = summarise(timings.map((t) => t.db)).p50;
    const beyond = summarise(timings.map((t) => t.app - t.db));
    const statements = summarise(timings.map((t) => t.statements)).p50;
    const bank = summarise(timings.map((t) => t.bank)).p50;
    console.log(
      `  ${page.padEnd(44)} ${app.toFixed(1).padStart(8)} ${db.toFixed(1).padStart(8)} ${beyond.p50.toFixed(1).padStart(8)} ${String(statements).padStart(10)}${bank ? `  (bank ${bank.toFixed(1)} ms, not in app)` : ''}`,
    );
    figures.push({
      name: `Server time beyond its database statements, ${page}, median`,
      value: beyond.p50,
      unit: 'ms',
      target: `< ${TARGET_MS} ms`,
      met: beyond.p50 < TARGET_MS,
      reference: `app ${app.toFixed(1)} ms, of which ${statements} statements ${db.toFixed(1)} ms; p95 beyond ${beyond.p95.toFixed(1)} ms; n=${timings.length}`,
    });
  }
} finally {
  await browser.close().catch(() => {});
  await servers.stop();
}
notes.push(
  `${rounds} requests per page after ${warmup} to warm it, one at a time, built app with SERVER_TIMING=1 on PGlite`,
);
printResult('page-server-time', figures, notes);
