import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Bank } from './bank.js';
import type { BankProfile } from './banks.js';
import type { SandboxConfig } from './config.js';
import { type Db, holdsCluster, openPglite, openPostgres, SCHEMA } from './db/db.js';
import { migrate } from './db/migrations.js';
import { advanceClock, sandboxNow } from './db/queries/clock.js';
import { nextStepOrDeliveryAt } from './db/queries/due-work.js';
import { FaultStore } from './faults/rules.js';
import {
  type NotificationOptions,
  type NotificationWorker,
  startNotificationWorker,
} from './notifications/worker.js';
import { SCA_AUTO_APPROVE } from './pis/approval.js';
import { drainDueTransitions } from './pis/execution.js';
import { notificationViolations } from './published-check.js';
import { autoApproveDecoupled } from './sca/decisions.js';
import { Scheduler } from './scheduler.js';
import { type CertificateRegistry, certificateRegistry } from './security/certificates.js';
import { seed } from './seed/seed.js';
import { runDueDeliveries } from './webhooks/deliveries.js';

/** One bank of the process with its background work: started once the process listens, closed with it. */
export interface BankRuntime {
  bank: Bank;
  /** Sets the base of the bank's links and starts its notification worker. */
  listening(publicUrl: string, notifications: Partial<NotificationOptions> | undefined): void;
  /** The other banks of the process, once they are all made. */
  meet(others: readonly Bank[]): void;
  /** The bank's answers that disagreed with contract/*.yaml so far (when checked). */
  contractViolations(): string[];
  close(): Promise<void>;
}

export interface BankStorage {
  /** PGlite data dir; none (and no databaseUrl): in memory. */
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema of this bank. */
  schema?: string;
  /** Where `dataDir` holds no cluster yet: the cluster it starts from (`blankCluster`); without it, one is initialised. */
  newCluster?: (() => Promise<Blob>) | undefined;
}

/** How a bank checks its answers against contract/*.yaml (http/middleware/contract-check.ts). */
export interface ContractCheck {
  /** Told of each disagreeing answer as it is given, besides the log and the bank's own list. */
  onViolations?: ((violations: readonly string[]) => void) | undefined;
  /** Told of each exchange checked, by the contract it was checked against (the run's counts). */
  onChecked?: ((contract: string) => void) | undefined;
}

/** The database schema of a bank in a shared PostgreSQL database: `sandbox`, or `sandbox_{id}` for the others. */
export const schemaOf = (profile: BankProfile, isDefault: boolean) =>
  isDefault ? SCHEMA : `${SCHEMA}_${profile.id.replace(/[^a-z0-9]/g, '_')}`;

/**
 * One simulated bank: its database (opened on first use, migrated and seeded with the profile's customers), its
 * clock, scheduler, fault rules, certificates and notification worker. Nothing is shared with another bank.
 */
export function bankRuntime(
  profile: BankProfile,
  config: SandboxConfig,
  storage: BankStorage,
  log: (message: string, error?: unknown) => void,
  contractCheck?: ContractCheck,
): BankRuntime {
  let dbPromise: Promise<Db> | undefined;
  const db = () => {
    dbPromise ??= (async () => {
      const fresh = storage.dataDir !== undefined && !holdsCluster(storage.dataDir);
      if (storage.dataDir && !storage.databaseUrl) mkdirSync(dirname(storage.dataDir), { recursive: true });
      const opened = storage.databaseUrl
        ? await openPostgres(storage.databaseUrl, storage.schema)
        : await openPglite({
            dataDir: storage.dataDir,
            loadDataDir: fresh ? await storage.newCluster?.() : undefined,
          });
      await migrate(opened);
      await seed(opened, profile);
      return opened;
    })();
    return dbPromise;
  };
  let publicUrl: string | undefined;
  let schedulerPromise: Promise<Scheduler> | undefined;
  const scheduler = () => {
    schedulerPromise ??= db().then((opened) => {
      // Payment steps first, then webhook deliveries (a settled payment's claim.paid goes out in the same pass).
      const s = new Scheduler(
        [
          () => drainDueTransitions(opened, { [SCA_AUTO_APPROVE]: autoApproveDecoupled }),
          () => runDueDeliveries(opened, publicUrl ?? ''),
        ],
        config.schedulerIntervalMs,
        (error) => log(`${profile.id}: scheduler pass failed`, error),
        () => nextStepOrDeliveryAt(opened),
        () => notifications?.wake(),
      );
      s.start();
      return s;
    });
    return schedulerPromise;
  };
  let notifications: NotificationWorker | undefined;
  let otherBanks: readonly Bank[] = [];
  let certificates: CertificateRegistry | undefined;
  const violations: string[] = [];
  const recordViolations = (problems: string[]) => {
    const recorded = problems.map((problem) => `${profile.id}: ${problem}`);
    violations.push(...recorded);
    // At error level: an answer outside the contract is a defect of this bank, whoever asked.
    for (const problem of problems) log(`${profile.id}: answer disagrees with the contract`, problem);
    contractCheck?.onViolations?.(recorded);
  };
  const bank: Bank = {
    profile,
    config,
    db,
    clock: {
      now: async (q) => sandboxNow(q ?? (await db())),
      advance: async (seconds) => advanceClock(await db(), seconds),
    },
    publicUrl: () => publicUrl ?? '',
    scheduler,
    wake: () => {
      void schedulerPromise?.then((running) => running.wake());
      notifications?.wake();
    },
    faults: new FaultStore(db),
    notifications: () => notifications,
    certificates: () => {
      certificates ??= certificateRegistry(config);
      return certificates;
    },
    findClientById: (clientId) => config.clients.find((client) => client.clientId === clientId),
    otherBanks: () => otherBanks,
    contractViolations: contractCheck ? recordViolations : undefined,
    contractChecked: contractCheck ? (contract) => contractCheck.onChecked?.(contract) : undefined,
  };
  return {
    bank,
    listening(url, options) {
      publicUrl = url;
      notifications = startNotificationWorker(
        db,
        bank.faults,
        { intervalMs: config.schedulerIntervalMs, ...options },
        (error) => log(`${profile.id}: notification pass failed`, error),
        // The notifications of a bank that speaks IOBWS 3.2 are checked against the published Lean Push contract.
        contractCheck && profile.dialect === 'iobws-3.2'
          ? (body, requestId) => {
              bank.contractChecked?.('lean-push');
              const problems = notificationViolations(body, requestId);
              if (problems.length > 0) recordViolations(problems.map((problem) => `${problem} (lean-push)`));
            }
          : undefined,
      );
    },
    meet(others) {
      otherBanks = others.filter((other) => other !== bank);
    },
    contractViolations: () => [...violations],
    async close() {
      await notifications?.stop();
      if (schedulerPromise) await (await schedulerPromise).stop();
      if (dbPromise) await (await dbPromise).close();
    },
  };
}
