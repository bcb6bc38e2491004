// "The app" for the crash-recovery test: the app's own modules in a child process, no build needed.
// Its settings come from the environment (APP_DATA_DIR or DATABASE_URL, BANK_*), as in the app.
//
//   tsx tests/crash/app-process.ts initiate <run> <from> <to>   initiate (and confirm) payments from..to-1,
//                                                               skipping submissions already saved
//   tsx tests/crash/app-process.ts recover <run> <timeoutMs>    start the jobs (the sweeps at start) and
//                                                               wait until every payment is settled
//
// One JSON line per event on stdout. Payments are IOBWS straight-through (`bokhald`): SCA is one API call.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { submissionOf } from './submission';

const [mode, run = 'run', a = '0', b = '0'] = process.argv.slice(2);
const BOKHALD = 'IS950515260012346403164039';
const CREDITOR = 'IS030115260123450101302989';

function say(event: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

/** The bank's payments as its admin surface lists them, or undefined when it could not be read. */
async function bankPayments(
  bankBase: string,
): Promise<{ payments: { paymentId: string; transactionStatus: string }[] } | undefined> {
  try {
    const response = await fetch(`${bankBase}/sandbox/payments`);
    if (response.ok) return (await response.json()) as Awaited<ReturnType<typeof bankPayments>>;
    say({ event: 'bank-unreadable', status: response.status });
  } catch (error) {
    say({ event: 'bank-unreadable', error: error instanceof Error ? error.message : String(error) });
  }
  return undefined;
}

async function main() {
  const { getDb, closeDatabase } = await import('@/lib/db');
  const schema = await import('@/lib/db/schema');
  const db = await getDb();
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  if (!psu) throw new Error('no demo PSU');

  if (mode === 'initiate') {
    const { initiateOnce } = await import('@/lib/payments/initiation');
    const sca = await import('@/lib/payments/sca');
    for (let i = Number(a); i < Number(b); i++) {
      const submissionId = submissionOf(run, i);
      const [existing] = await db
        .select({ id: schema.payments.id })
        .from(schema.payments)
        .where(and(eq(schema.payments.psuId, psu.id), eq(schema.payments.submissionId, submissionId)));
      if (existing) continue;
      say({ event: 'sending', i });
      const outcome = await initiateOnce({
        psuId: psu.id,
        submissionId,
        service: 'payments',
        product: 'credit-transfers',
        body: {
          debtorAccount: { iban: BOKHALD },
          creditorAccount: { iban: CREDITOR },
          instructedAmount: { currency: 'ISK', amount: '1000' },
          remittanceInformationUnstructured: `crash ${run} ${i}`,
        },
        scaLanguage: 'is',
        uiLocale: 'is',
        summary: { amount: '1000', currency: 'ISK', creditorAccount: CREDITOR },
        psuIpAddress: '10.0.0.1',
      });
      let confirmed = false;
      if (outcome.ok) {
        const [payment] = await db
          .select()
          .from(schema.payments)
          .where(eq(schema.payments.id, outcome.paymentId));
        if (payment && (await sca.scaStepFor(db, payment)).kind === 'confirm') {
          try {
            await sca.advanceSca(
              db,
              payment,
              { kind: 'confirm' },
              sca.authorisationContext(payment, '10.0.0.1'),
            );
            confirmed = true;
          } catch (error) {
            say({
              event: 'confirm-failed',
              i,
              error: error instanceof Error ? error.message : String(error),
            });
          }
        }
      }
      say({
        event: 'done',
        i,
        ok: outcome.ok,
        confirmed,
        ...(outcome.ok ? {} : { messageKey: outcome.messageKey }),
      });
    }
    await closeDatabase();
    return;
  }

  if (mode === 'recover') {
    const { startJobs, stopJobs } = await import('@/lib/jobs');
    const { finalStatusList } = await import('@/lib/payments/status');
    await startJobs();
    say({ event: 'jobs-started' });
    const bankBase = new URL(process.env.BANK_AUTH_URL ?? '').origin;
    const deadline = Date.now() + Number(a === '0' ? 60_000 : a);
    let settled = false;
    while (Date.now() < deadline) {
      const rows = await db.select().from(schema.payments).where(eq(schema.payments.psuId, psu.id));
      const unsent = rows.filter((r) => r.phase === 'new' || r.phase === 'sending').length;
      const bank = await bankPayments(bankBase);
      if (!bank) {
        // The bank just restarted, on a busy machine: read it again on the next round.
        await sleep(500);
        continue;
      }
      const byId = new Map(bank.payments.map((p) => [p.paymentId, p.transactionStatus]));
      const behind = rows.filter((r) => {
        const atBank = r.bankPaymentId ? byId.get(r.bankPaymentId) : undefined;
        // A final status at the bank must be in the app; RCVD (awaiting the PSU) is read as it is.
        return atBank !== undefined && finalStatusList.includes(atBank) && r.transactionStatus !== atBank;
      }).length;
      say({ event: 'progress', unsent, behind, total: rows.length });
      if (unsent === 0 && behind === 0) {
        settled = true;
        break;
      }
      await sleep(500);
    }
    say({ event: 'recovered', settled });
    await stopJobs();
    await closeDatabase();
    return;
  }
  throw new Error(`unknown mode ${mode}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    say({ event: 'error', error: error instanceof Error ? error.stack : String(error) });
    process.exit(1);
  },
);
