import type { Bank } from './bank.js';
import {
  type CertificatePolicy,
  DEFAULT_CLIENT,
  DEFAULT_IDP_CLIENT,
  type ExecutionDelays,
  type IdpClient,
  type SandboxConfig,
  type TlsListenerConfig,
  type TppClient,
} from './config.js';
import { type Db, openPglite, openPostgres } from './db/db.js';
import { acquireDataDirLock } from './db/lock.js';
import { migrate } from './db/migrations.js';
import { advanceClock, sandboxNow } from './db/queries/clock.js';
import { FaultStore } from './faults/rules.js';
import { createApp } from './http/app.js';
import { listen } from './http/listen.js';
import {
  type NotificationOptions,
  type NotificationWorker,
  startNotificationWorker,
} from './notifications/worker.js';
import { SCA_AUTO_APPROVE } from './pis/approval.js';
import { drainDueTransitions } from './pis/execution.js';
import { autoApproveDecoupled } from './sca/decisions.js';
import { Scheduler } from './scheduler.js';
import { type CertificateRegistry, certificateRegistry } from './security/certificates.js';
import { seed } from './seed/seed.js';
import { runDueDeliveries } from './webhooks/deliveries.js';

export interface StartSandboxOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** PGlite data dir. Omitted (and no databaseUrl): an in-memory database. */
  dataDir?: string;
  /** PostgreSQL connection string; the sandbox works in schema `sandbox`. */
  databaseUrl?: string;
  /** Base of the links handed out; default http://<host>:<port>. */
  publicUrl?: string;
  /** A gzipped PGlite data dir to start from (tests: a migrated, seeded template). */
  pgliteTemplate?: Blob;
  clients?: TppClient[];
  delays?: Partial<ExecutionDelays>;
  tokenTtlSeconds?: number;
  schedulerIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** Required as `X-Sandbox-Admin-Key` on `/sandbox/*` from other hosts than loopback. */
  adminKey?: string;
  /** Status notification delivery: timeout, retry schedule (defaults in notifications/worker.ts). */
  notifications?: Partial<NotificationOptions>;
  /** An HTTPS listener as well, asking for TPP client certificates (src/security). */
  tls?: TlsListenerConfig;
  /** Extra trusted CAs, blocked and revoked certificate serials (src/security). */
  certificates?: CertificatePolicy;
  /** The most bytes a request body may have; default the largest bulk payment the bank accepts. */
  maxBodyBytes?: number;
  /** Clients of the electronic-ID provider at `/idp`; default the app's (DEFAULT_IDP_CLIENT). */
  idpClients?: IdpClient[];
}

export interface RunningSandbox {
  url: string;
  /** https://<host>:<port> of the TLS listener, when `tls` was given. */
  tlsUrl?: string;
  close(): Promise<void>;
}

function defaultLog(message: string, error?: unknown) {
  if (error) console.error(`[sandbox] ${message}`, error);
  else console.log(`[sandbox] ${message}`);
}

export async function prepareDatabase(db: Db): Promise<void> {
  await migrate(db);
  await seed(db);
}

export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const log = options.log ?? defaultLog;
  const host = options.host ?? '127.0.0.1';
  const config: SandboxConfig = {
    port: options.port,
    host,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    publicUrl: options.publicUrl,
    clients: options.clients ?? [DEFAULT_CLIENT],
    delays: { acsp: options.delays?.acsp ?? 1, acsc: options.delays?.acsc ?? 2 },
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    schedulerIntervalMs: options.schedulerIntervalMs ?? 250,
    adminKey: options.adminKey,
    tls: options.tls,
    certificates: options.certificates,
    maxBodyBytes: options.maxBodyBytes,
    idpClients: options.idpClients ?? [DEFAULT_IDP_CLIENT],
  };

  // The lock is taken before anything else, so a second process stops with a clear message.
  const releaseLock = !config.databaseUrl && config.dataDir ? acquireDataDirLock(config.dataDir) : () => {};

  let dbPromise: Promise<Db> | undefined;
  const db = () => {
    dbPromise ??= (async () => {
      const opened = config.databaseUrl
        ? await openPostgres(config.databaseUrl)
        : await openPglite({ dataDir: config.dataDir, loadDataDir: options.pgliteTemplate });
      await prepareDatabase(opened);
      return opened;
    })();
    return dbPromise;
  };
  let publicUrl = config.publicUrl;
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
        (error) => log('scheduler pass failed', error),
      );
      s.start();
      return s;
    });
    return schedulerPromise;
  };
  let notifications: NotificationWorker | undefined;
  let certificates: CertificateRegistry | undefined;
  const bank: Bank = {
    config,
    db,
    clock: {
      now: async (q) => sandboxNow(q ?? (await db())),
      advance: async (seconds) => advanceClock(await db(), seconds),
    },
    publicUrl: () => publicUrl ?? '',
    scheduler,
    faults: new FaultStore(db),
    notifications: () => notifications,
    certificates: () => {
      certificates ??= certificateRegistry(config);
      return certificates;
    },
    findClientById: (clientId) => config.clients.find((client) => client.clientId === clientId),
  };

  try {
    // Opened on first use; started here so that a broken database fails the start, not the first request.
    await scheduler();
  } catch (error) {
    releaseLock();
    throw error;
  }

  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(createApp(bank, log).fetch, { port: config.port, host, tls: config.tls });
  } catch (error) {
    // For example the port is taken: leave nothing open behind.
    await (await scheduler()).stop();
    await (await db()).close();
    releaseLock();
    throw error;
  }
  publicUrl = (config.publicUrl ?? listening.url).replace(/\/+$/, '');
  notifications = startNotificationWorker(
    db,
    bank.faults,
    { intervalMs: config.schedulerIntervalMs, ...options.notifications },
    (error) => log('notification pass failed', error),
  );
  const worker = notifications;

  let closing: Promise<void> | undefined;
  return {
    url: listening.url,
    tlsUrl: listening.tlsUrl,
    close() {
      closing ??= (async () => {
        await listening.close();
        await worker.stop();
        if (schedulerPromise) await (await schedulerPromise).stop();
        if (dbPromise) await (await dbPromise).close();
        releaseLock();
      })();
      return closing;
    },
  };
}
