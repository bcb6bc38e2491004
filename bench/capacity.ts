// Capacity: PSUs paying end to end through the app's server against the sandbox bank, both on one
// PostgreSQL; payments per second and their p95 with one app instance, with two on the same database,
// and with one whose job workers run in a process of their own (JOB_WORKERS=separate, npm run worker),
// printed side by side.
//
//   npx tsx bench/capacity.ts [seconds=30] [psus=8]
//
// Sign-in is aside: each virtual PSU has a session made once through the sign-in form. A payment is
// then, over plain HTTP as a browser would make it: the single-payment form's server action (the app
// saves the payment and initiates it at the bank), the bank's SCA page (sign in, approve), the return
// to the app (which reads the status from the bank) and the payment's page. Measured: payments
// completed per second, the whole payment's time (p50, p95) and the app's share of it (its three
// requests). With two instances the PSUs are split between them, each instance with its own address,
// as behind a load balancer. Load goes to loopback only.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { formAction, ScaBrowser } from '@/sandbox/test/helpers';
import { CREDITOR_IBAN, DEBTOR_IBAN, demo, launchChromium, root, snapshotBuild } from './app-servers';
import { postgresServer } from './postgres-server';
import { type Figure, printResult, summarise } from './support';

const seconds = Math.min(Math.max(Number(process.argv[2] ?? 30), 5), 300);
const psus = Math.min(Math.max(Number(process.argv[3] ?? 8), 1), 64);
const basePort = Number(process.env.BENCH_CAPACITY_PORT ?? 3460);

async function waitFor(url: string, child: ChildProcess, name: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not come up at ${url}`);
}

/** `npm run worker` with the app's settings, once it says its workers have started. */
async function startJobWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const worker = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/job-worker.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...env, LOG_LEVEL: 'info' },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    worker.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"job workers started"')) resolve();
    });
    worker.once('exit', (code) => reject(new Error(`The job worker exited (${code}): ${output}`)));
  });
  worker.stdout?.resume();
  return worker;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * CPU time (user + system) a process and its children (tsx runs the sandbox in a child) have used so
 * far, in ms, from /proc (Linux, 100 ticks a second); 0 elsewhere.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command's closing parenthesis).
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return own + children.reduce((sum, child) => sum + cpuMs(Number(child)), 0);
  } catch {
    return 0;
  }
}

/** The app's processes of a run: its instances, and whether a job worker runs beside them. */
interface Setup {
  instances: number;
  worker: boolean;
}

const setups: Setup[] = [
  { instances: 1, worker: false },
  { instances: 2, worker: false },
  { instances: 1, worker: true },
];

const nameOf = ({ instances, worker }: Setup) =>
  `${instances} instance${instances > 1 ? 's' : ''}${worker ? ' + job worker' : ''}`;

interface Run extends Setup {
  /** CPU the app instances (together), the job worker and the sandbox bank used per payment paid, in ms. */
  appCpuPerPayment: number;
  workerCpuPerPayment: number;
  bankCpuPerPayment: number;
  payments: number;
  failures: number;
  perSecond: number;
  whole: ReturnType<typeof summarise>;
  app: ReturnType<typeof summarise>;
}

/** The id of the single form's server action in the build at `appRoot`. */
function singleActionId(appRoot: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(appRoot, '.next/server/server-reference-manifest.json'), 'utf8'),
  ) as { node: Record<string, { exportedName?: string }> };
  const found = Object.entries(manifest.node).find(
    ([, e]) => e.exportedName === 'initiateSinglePaymentAction',
  );
  if (!found) throw new Error('no initiateSinglePaymentAction in the build');
  return found[0];
}

/** One payment, end to end; answers the whole time and the app's share, in ms. */
async function pay(
  appUrl: string,
  cookie: string,
  actionId: string,
): Promise<{ whole: number; app: number; steps: number[] }> {
  const started = performance.now();
  const steps: number[] = [];
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      steps.push(performance.now() - at);
    }
  };
  const headers = { cookie, origin: appUrl };
  const answer = await timed(async () => {
    const response = await fetch(`${appUrl}/en/payments/new/single`, {
      method: 'POST',
      headers: {
        ...headers,
        'next-action': actionId,
        'content-type': 'text/plain;charset=UTF-8',
        accept: 'text/x-component',
      },
      body: JSON.stringify([
        {
          submissionId: randomUUID(),
          scaLanguage: 'en',
          payment: {
            debtorAccount: { iban: DEBTOR_IBAN },
            creditorAccount: { iban: CREDITOR_IBAN },
            creditorName: 'Guðrún Helgadóttir',
            instructedAmount: { currency: 'ISK', amount: '1' },
            remittanceInformationUnstructured: 'Capacity',
          },
        },
      ]),
    });
    return response.text();
  });
  const scaRedirect = /"redirectTo":"(http[^"]+)"/.exec(answer)?.[1];
  if (!scaRedirect) throw new Error(`no SCA redirect in the action's answer: ${answer.slice(0, 200)}`);
  // At the bank: its SCA page, signed in as the account's holder, approved.
  const bank = new ScaBrowser();
  const login = await bank.get(scaRedirect);
  const signedIn = await bank.post(formAction(login.html, scaRedirect), {
    username: 'jon',
    password: 'sandbox',
  });
  const review = new URL(signedIn.location ?? '', scaRedirect).toString();
  const page = await bank.get(review);
  const decided = await bank.post(formAction(page.html, review), { decision: 'approve' });
  if (!decided.location) throw new Error(`the bank did not send the PSU back (${decided.status})`);
  // Back at the app: the return reads the status, then the payment's page.
  await timed(async () => {
    let url = new URL(decided.location ?? '', scaRedirect).toString();
    for (let hops = 0; hops < 5; hops++) {
      const response = await fetch(url, { headers, redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status >= 400) throw new Error(`${url} answered ${response.status}`);
      const next = response.headers.get('location');
      if (!next) return;
      url = new URL(next, url).toString();
    }
  });
  return { whole: performance.now() - started, app: steps.reduce((a, b) => a + b, 0), steps };
}

async function load(
  appUrls: string[],
  cookies: string[],
  actionId: string,
): Promise<Omit<Run, keyof Setup | 'appCpuPerPayment' | 'workerCpuPerPayment' | 'bankCpuPerPayment'>> {
  const whole: number[] = [];
  const appTimes: number[] = [];
  const actionTimes: number[] = [];
  const returnTimes: number[] = [];
  let failures = 0;
  const firstError: string[] = [];
  const ends = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: psus }, async (_, index) => {
      const appUrl = appUrls[index % appUrls.length] ?? '';
      const cookie = cookies[index] ?? '';
      while (performance.now() < ends) {
        try {
          const timing = await pay(appUrl, cookie, actionId);
          whole.push(timing.whole);
          appTimes.push(timing.app);
          actionTimes.push(timing.steps[0] ?? 0);
          returnTimes.push(timing.steps[1] ?? 0);
        } catch (error) {
          failures += 1;
          if (firstError.length === 0) firstError.push((error as Error).message);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (firstError[0]) console.error(`first failure: ${firstError[0]}`);
  const action = summarise(actionTimes);
  const back = summarise(returnTimes);
  console.log(
    `  the form's action p50 ${action.p50.toFixed(0)} ms, p95 ${action.p95.toFixed(0)} ms; the return and the payment's page p50 ${back.p50.toFixed(0)} ms, p95 ${back.p95.toFixed(0)} ms`,
  );
  return {
    payments: whole.length,
    failures,
    perSecond: whole.length / elapsed,
    whole: summarise(whole),
    app: summarise(appTimes),
  };
}

/** A session of the demo PSU per virtual PSU, each made through the sign-in form: the cookies. */
async function signedInSessions(appUrl: string, count: number): Promise<string[]> {
  const browser = await launchChromium();
  try {
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${appUrl}/en/sign-in`);
      await page.getByLabel('E-mail').fill(demo.email);
      await page.getByLabel('Password').fill(demo.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 60_000 });
      cookies.push(
        (await context.cookies())
          .filter((c) => c.domain === 'localhost')
          .map((c) => `${c.name}=${c.value}`)
          .join('; '),
      );
      await context.close();
    }
    return cookies;
  } finally {
    await browser.close();
  }
}

async function main() {
  const pg = await postgresServer();
  if (!pg) throw new Error('No PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const runDir = mkdtempSync(path.join(tmpdir(), 'greidsla-capacity-'));
  const children: ChildProcess[] = [];
  const runs: Run[] = [];
  try {
    const appRoot = await snapshotBuild(runDir);
    const actionId = singleActionId(appRoot);
    for (const setup of setups) {
      const { instances, worker } = setup;
      const sandboxPort = basePort + 9;
      const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
      const sandbox = spawn(path.join(root, 'node_modules/.bin/tsx'), ['sandbox/src/main.ts'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          SANDBOX_PORT: String(sandboxPort),
          SANDBOX_DATA_DIR: path.join(runDir, `sandbox-${runs.length}`),
          SANDBOX_DATABASE_URL: await pg.createDatabase('capacity_sandbox'),
          LOG_LEVEL: 'warn',
        },
      });
      children.push(sandbox);
      await waitFor(`${sandboxUrl}/sandbox/health`, sandbox, 'The sandbox bank');
      const appEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        DATABASE_URL: await pg.createDatabase('capacity_app'),
        AUTH_SECRET: 'capacity-secret-capacity-secret-capacity-0',
        BANK_BASE_URL: `${sandboxUrl}/psd2`,
        BANK_AUTH_URL: sandboxUrl,
        BANK_EVENTS_BASE_URL: `${sandboxUrl}/events`,
        BANK_BUSINESS_BASE_URL: `${sandboxUrl}/business`,
        RATE_LIMIT_ACTIONS_PER_MINUTE: '10000',
        JOB_WORKERS: worker ? 'separate' : 'app',
        LOG_LEVEL: 'warn',
      };
      const apps: ChildProcess[] = [];
      const appUrls: string[] = [];
      for (let i = 0; i < instances; i++) {
        const port = basePort + i;
        const appUrl = `http://localhost:${port}`;
        const app = spawn(process.execPath, [path.join(root, 'scripts/app-server.mjs')], {
          cwd: appRoot,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: { ...appEnv, PORT: String(port), APP_BASE_URL: appUrl },
        });
        children.push(app);
        apps.push(app);
        // One after the other: the first migrates the new database.
        await waitFor(`http://127.0.0.1:${port}/api/health`, app, `App instance ${i + 1}`);
        appUrls.push(appUrl);
      }
      const jobWorker = worker
        ? await startJobWorker({ ...appEnv, APP_BASE_URL: appUrls[0] ?? '' })
        : undefined;
      if (jobWorker) children.push(jobWorker);
      const cookies = await signedInSessions(appUrls[0] ?? '', psus);
      console.log(`▶ ${nameOf(setup)}: ${psus} PSUs paying for ${seconds} s`);
      // A few payments first, on each instance: the first request of each page loads its code.
      for (const url of appUrls)
        for (let i = 0; i < 3; i++) await pay(url, cookies[0] ?? '', actionId).catch(() => undefined);
      const appsCpu = () => apps.reduce((sum, c) => sum + cpuMs(c.pid), 0);
      const before = { apps: appsCpu(), worker: cpuMs(jobWorker?.pid), bank: cpuMs(sandbox.pid) };
      const measured = await load(appUrls, cookies, actionId);
      const paid = Math.max(measured.payments, 1);
      runs.push({
        ...setup,
        ...measured,
        appCpuPerPayment: (appsCpu() - before.apps) / paid,
        workerCpuPerPayment: jobWorker ? (cpuMs(jobWorker.pid) - before.worker) / paid : 0,
        bankCpuPerPayment: (cpuMs(sandbox.pid) - before.bank) / paid,
      });
      await Promise.all(children.splice(0).reverse().map(stop));
    }
  } finally {
    await Promise.all(children.reverse().map(stop));
    await pg.stop();
    rmSync(runDir, { recursive: true, force: true });
  }

  const ms = (value: number, width = 10) => `${value.toFixed(0)} ms`.padStart(width);
  console.log(
    `\n${'app processes'.padEnd(26)}${'paid/s'.padStart(8)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'app p95'.padStart(10)}${'app CPU/payment'.padStart(17)}${'worker CPU/payment'.padStart(20)}${'bank CPU/payment'.padStart(18)}${'paid'.padStart(6)}${'failed'.padStart(8)}`,
  );
  for (const run of runs) {
    console.log(
      `${nameOf(run).padEnd(26)}${run.perSecond.toFixed(2).padStart(8)}${ms(run.whole.p50)}${ms(run.whole.p95)}${ms(run.app.p95)}${ms(run.appCpuPerPayment, 17)}${ms(run.workerCpuPerPayment, 20)}${ms(run.bankCpuPerPayment, 18)}${String(run.payments).padStart(6)}${String(run.failures).padStart(8)}`,
    );
  }
  const figures: Figure[] = runs.flatMap((run) => [
    {
      name: `Payments end to end through the app on PostgreSQL, ${nameOf(run)} (${psus} PSUs)`,
      value: run.perSecond,
      unit: '/s',
      reference: `whole payment p50 ${run.whole.p50.toFixed(0)} ms, p95 ${run.whole.p95.toFixed(0)} ms; the app's three requests p95 ${run.app.p95.toFixed(0)} ms; app CPU ${run.appCpuPerPayment.toFixed(0)} ms${run.worker ? `, job worker CPU ${run.workerCpuPerPayment.toFixed(0)} ms` : ''} and bank CPU ${run.bankCpuPerPayment.toFixed(0)} ms per payment; ${run.payments} paid, ${run.failures} failed in ${seconds} s`,
    },
  ]);
  printResult('capacity', figures, [
    `${pg.origin}; the sandbox bank, its SCA pages and the load itself run on the same machine.`,
  ]);
}

await main();
