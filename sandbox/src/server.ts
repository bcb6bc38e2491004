import { type BankRuntime, bankRuntime, type ContractCheck, schemaOf } from './bank-runtime.js';
import { type BankProfile, DEFAULT_BANK } from './banks.js';
import {
  type BusinessCertificateSettings,
  type CertificatePolicy,
  DEFAULT_CLIENT,
  DEFAULT_IDP_CLIENT,
  type ExecutionDelays,
  type IdpClient,
  type SandboxConfig,
  type TlsListenerConfig,
  type TppClient,
} from './config.js';
import { contractViolationsFile } from './contract-violations-file.js';
import { blankCluster, type Db, holdsCluster } from './db/db.js';
import { acquireDataDirLock } from './db/lock.js';
import { migrate } from './db/migrations.js';
import { serveBanks } from './http/banks.js';
import { listen } from './http/listen.js';
import type { NotificationOptions } from './notifications/worker.js';
import { seed } from './seed/seed.js';

/**
 * Where banks' PGlite data dirs are yet to be made (a first start): one blank cluster with small shared buffers
 * (`blankCluster`), initialised once and loaded into each of them.
 */
function sharedBlankCluster(
  dataDirs: readonly (string | undefined)[],
  databaseUrl: string | undefined,
): (() => Promise<Blob>) | undefined {
  const missing = dataDirs.filter((dir) => dir !== undefined && !holdsCluster(dir));
  if (databaseUrl || missing.length === 0) return undefined;
  let cluster: Promise<Blob> | undefined;
  let left = missing.length;
  return () => {
    cluster ??= blankCluster();
    const taken = cluster;
    // Once each has taken it, the tarball (40 MB) is let go.
    left -= 1;
    if (left === 0) cluster = undefined;
    return taken;
  };
}

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
  clients?: TppClient[];
  delays?: Partial<ExecutionDelays>;
  tokenTtlSeconds?: number;
  /** The least time between two looks of a background worker for due work (due-timer.ts); 250 ms. */
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
  /** The business certificate on the business token request and every business call (off by default). */
  businessCertificate?: BusinessCertificateSettings;
  /** Lifetime of a sandbox token made in the portal; default 30 days. */
  sandboxTokenTtlSeconds?: number;
  /**
   * Check every answer against contract/*.yaml (http/middleware/contract-check.ts); `close()` then fails naming
   * every answer that disagreed. Default: on under Vitest (every test's sandbox started in the test process).
   */
  contractCheck?: boolean;
  /**
   * With `contractCheck`: where each disagreeing answer is also written as it is given (started empty), for a process
   * that did not start this sandbox and checks afterwards (the Playwright run's global teardown).
   */
  contractViolationsFile?: string;
  /** The most bytes a request body may have; default the largest bulk payment the bank accepts. */
  maxBodyBytes?: number;
  /** Clients of the electronic-ID provider at `/idp`; default the app's (DEFAULT_IDP_CLIENT). */
  idpClients?: IdpClient[];
  /**
   * More banks in the same process, each under `/banks/{id}` with its own database (PGlite: beside `dataDir`
   * in `{dataDir}-banks/{id}`; PostgreSQL: schema `sandbox_{id}`), clock, credentials and background work.
   */
  otherBanks?: readonly BankProfile[];
}

export interface RunningSandbox {
  url: string;
  /** The answers that disagreed with contract/*.yaml so far (with `contractCheck`). */
  contractViolations(): string[];
  /** https://<host>:<port> of the TLS listener, when `tls` was given. */
  tlsUrl?: string;
  close(): Promise<void>;
}

function defaultLog(message: string, error?: unknown) {
  if (error) console.error(`[sandbox] ${message}`, error);
  else console.log(`[sandbox] ${message}`);
}

/** Migrates and seeds the default bank's database (tests on PostgreSQL: `openTestBankDatabase`). */
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
    businessCertificate: options.businessCertificate,
    sandboxTokenTtlSeconds: options.sandboxTokenTtlSeconds,
    maxBodyBytes: options.maxBodyBytes,
    idpClients: options.idpClients ?? [DEFAULT_IDP_CLIENT],
  };

  // The lock is taken before anything else, so a second process stops with a clear message.
  const releaseLock = !config.databaseUrl && config.dataDir ? acquireDataDirLock(config.dataDir) : () => {};
  const checking = options.contractCheck ?? process.env.VITEST !== undefined;
  const contractCheck: ContractCheck | undefined = checking
    ? options.contractViolationsFile
      ? contractViolationsFile(options.contractViolationsFile)
      : {}
    : undefined;
  const otherBanks = options.otherBanks ?? [];
  const dataDirOf = (profile: BankProfile) =>
    profile === DEFAULT_BANK ? config.dataDir : config.dataDir && `${config.dataDir}-banks/${profile.id}`;
  const newCluster = sharedBlankCluster([DEFAULT_BANK, ...otherBanks].map(dataDirOf), config.databaseUrl);
  const runtimes: { path: string; runtime: BankRuntime }[] = [
    {
      path: '',
      runtime: bankRuntime(
        DEFAULT_BANK,
        config,
        { dataDir: dataDirOf(DEFAULT_BANK), databaseUrl: config.databaseUrl, newCluster },
        log,
        contractCheck,
      ),
    },
    ...otherBanks.map((profile) => ({
      path: `/banks/${profile.id}`,
      runtime: bankRuntime(
        profile,
        { ...config, clients: [profile.client] },
        {
          dataDir: dataDirOf(profile),
          databaseUrl: config.databaseUrl,
          schema: schemaOf(profile, false),
          newCluster,
        },
        log,
        contractCheck,
      ),
    })),
  ];
  for (const { runtime } of runtimes) runtime.meet(runtimes.map((other) => other.runtime.bank));
  const contractViolations = () => runtimes.flatMap(({ runtime }) => runtime.contractViolations());
  const closeBanks = async () => {
    for (const { runtime } of runtimes) await runtime.close();
    releaseLock();
  };

  try {
    // Opened on first use; started here so that a broken database fails the start, not the first request.
    for (const { runtime } of runtimes) await runtime.bank.scheduler();
  } catch (error) {
    await closeBanks();
    throw error;
  }

  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(
      serveBanks(
        runtimes.map(({ path, runtime }) => ({ path, bank: runtime.bank })),
        log,
      ),
      { port: config.port, host, tls: config.tls },
    );
  } catch (error) {
    // For example the port is taken: leave nothing open behind.
    await closeBanks();
    throw error;
  }
  const base = (config.publicUrl ?? listening.url).replace(/\/+$/, '');
  for (const { path, runtime } of runtimes) runtime.listening(`${base}${path}`, options.notifications);

  let closing: Promise<void> | undefined;
  return {
    url: listening.url,
    tlsUrl: listening.tlsUrl,
    contractViolations,
    close() {
      closing ??= (async () => {
        await listening.close();
        await closeBanks();
        const violations = contractViolations();
        if (violations.length > 0) {
          throw new Error(
            `The sandbox gave ${violations.length} answer(s) that contract/*.yaml does not allow:\n${violations.join('\n')}`,
          );
        }
      })();
      return closing;
    },
  };
}
