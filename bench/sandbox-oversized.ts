// What one costly request does to the others at the sandbox bank (PGlite, a data dir in the temp dir): the
// time a normal single payment takes alone, while another client sends a 1.8 MB payment of 100,000 structured
// references (refused unread for its size), and while another sends the largest bulk the bank accepts
// (1,000 payments with 10 structured references each, every reference looked up as a possible claim id).
// Run: npx tsx bench/sandbox-oversized.ts [alone=30]
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CLIENT, type TppClient } from '../sandbox/src/config';
import { MAX_BULK_PAYMENTS, MAX_STRUCTURED_REFERENCES } from '../sandbox/src/pis/limits';
import { startSandbox } from '../sandbox/src/server';
import { sandboxDataDir } from '../sandbox/src/testing';
import { initiateAt, NORMAL_PAYMENT, tppToken } from './sandbox-client';
import { type Figure, formatSummary, printResult, summarise } from './support';

const aloneRuns = Number(process.argv[2] ?? 30);
const ATTACKER: TppClient = {
  clientId: 'bench-other-tpp',
  clientSecret: 'bench-other-secret',
  subscriptionKey: 'bench-other-key',
};
const DEBTOR = 'IS140159260076545510730339';
const CREDITOR = 'IS030115260123450101302989';

const attack = JSON.stringify({
  debtorAccount: { iban: DEBTOR },
  creditorAccount: { iban: CREDITOR },
  instructedAmount: { currency: 'ISK', amount: '15000' },
  remittanceInformationStructured: Array.from({ length: 100_000 }, (_, i) => ({
    reference: String(i).padStart(6, '0'),
  })),
});

const largestBulk = () =>
  JSON.stringify({
    paymentInformationId: `bench-${randomUUID().slice(0, 20)}`,
    debtorAccount: { iban: DEBTOR },
    payments: Array.from({ length: MAX_BULK_PAYMENTS }, (_, i) => ({
      instructedAmount: { currency: 'ISK', amount: '1' },
      creditorAccount: { iban: CREDITOR },
      remittanceInformationUnstructured: `Reikningur ${i}`,
      remittanceInformationStructuredArray: Array.from({ length: MAX_STRUCTURED_REFERENCES }, (_, r) => ({
        reference: `${i}-${r}`,
      })),
    })),
  });

async function timed(
  base: string,
  bearer: string,
  body: string,
  options: Parameters<typeof initiateAt>[3] = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const status = await initiateAt(base, bearer, body, options);
  return { status, ms: performance.now() - started };
}

/** Normal payments back to back from one client while `costly` is under way; their times. */
async function during(costly: Promise<unknown>, normalOnce: () => Promise<{ status: number; ms: number }>) {
  let done = false;
  const finished = costly.finally(() => {
    done = true;
  });
  const times: number[] = [];
  do {
    const answer = await normalOnce();
    if (answer.status !== 201) throw new Error(`a normal payment was answered ${answer.status}`);
    times.push(answer.ms);
  } while (!done);
  await finished;
  return times;
}

const dataDir = await sandboxDataDir();
const sandbox = await startSandbox({
  port: 0,
  dataDir,
  clients: [DEFAULT_CLIENT, ATTACKER],
  log: () => {},
});
try {
  const base = sandbox.url;
  const psuToken = await tppToken(base);
  const otherToken = await tppToken(base, ATTACKER);
  const normalOnce = () => timed(base, psuToken, NORMAL_PAYMENT);
  for (let i = 0; i < 5; i++) await normalOnce();

  const alone: number[] = [];
  for (let i = 0; i < aloneRuns; i++) alone.push((await normalOnce()).ms);

  let attackAnswer = { status: 0, ms: 0 };
  const duringAttack = await during(
    timed(base, otherToken, attack, { client: ATTACKER }).then((a) => {
      attackAnswer = a;
    }),
    normalOnce,
  );

  let bulkAnswer = { status: 0, ms: 0 };
  const duringBulk = await during(
    timed(base, otherToken, largestBulk(), { client: ATTACKER, service: 'bulk-payments' }).then((a) => {
      bulkAnswer = a;
    }),
    normalOnce,
  );

  const aloneSummary = summarise(alone);
  const attackSummary = summarise(duringAttack);
  const bulkSummary = summarise(duringBulk);
  const mb = (Buffer.byteLength(attack) / 1e6).toFixed(2);
  console.log(`Normal single payment alone:              ${formatSummary(aloneSummary)}`);
  console.log(
    `${mb} MB payment, 100,000 references:        HTTP ${attackAnswer.status} in ${attackAnswer.ms.toFixed(1)} ms`,
  );
  console.log(`Normal single payment meanwhile:          ${formatSummary(attackSummary)}`);
  console.log(
    `Largest accepted bulk (${MAX_BULK_PAYMENTS} x ${MAX_STRUCTURED_REFERENCES} refs):   HTTP ${bulkAnswer.status} in ${bulkAnswer.ms.toFixed(0)} ms`,
  );
  console.log(`Normal single payment meanwhile:          ${formatSummary(bulkSummary)}`);
  const figures: Figure[] = [
    { name: 'Sandbox: normal single payment alone, p50 (PGlite)', value: aloneSummary.p50, unit: 'ms' },
    {
      name: `Sandbox: ${mb} MB payment of 100,000 structured references, time to its ${attackAnswer.status}`,
      value: attackAnswer.ms,
      unit: 'ms',
    },
    {
      name: 'Sandbox: normal single payment while it is sent, max',
      value: attackSummary.max,
      unit: 'ms',
      reference: `alone p50 ${aloneSummary.p50.toFixed(1)} ms`,
    },
    {
      name: `Sandbox: largest accepted bulk (${MAX_BULK_PAYMENTS} payments, ${MAX_STRUCTURED_REFERENCES} references each), time to its ${bulkAnswer.status}`,
      value: bulkAnswer.ms,
      unit: 'ms',
    },
    {
      name: 'Sandbox: normal single payment while that bulk is checked, p95',
      value: bulkSummary.p95,
      unit: 'ms',
      reference: `max ${bulkSummary.max.toFixed(1)} ms, n=${bulkSummary.n}`,
    },
  ];
  printResult('sandbox-oversized', figures);
} finally {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
