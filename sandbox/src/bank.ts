import type { BankProfile } from './banks.js';
import type { SandboxConfig, TppClient } from './config.js';
import type { Db, Queryable } from './db/db.js';
import type { FaultStore } from './faults/rules.js';
import type { NotificationWorker } from './notifications/worker.js';
import type { Scheduler } from './scheduler.js';
import type { CertificateRegistry } from './security/certificates.js';

/** The sandbox clock of one bank: real time plus an offset kept in its database (db/queries/clock.ts). */
export interface Clock {
  /** Epoch milliseconds on the sandbox clock, read in `q` (a transaction) or else the bank's database. */
  now(q?: Queryable): Promise<number>;
  /** Moves the clock forward; returns the new time. */
  advance(seconds: number): Promise<number>;
}

/**
 * One simulated bank: its settings, its (lazily opened) database and clock, the base URL of the links it hands
 * out, and its background work. Everything a request needs is reached through the bank the HTTP layer sets on
 * the request (http/env.ts), never through module state, so one process could serve several banks.
 */
export interface Bank {
  /** Which bank this is: name, bank numbers, offer (banks.ts). */
  readonly profile: BankProfile;
  readonly config: SandboxConfig;
  db(): Promise<Db>;
  readonly clock: Clock;
  /** Base of every link the bank hands out (no trailing slash). */
  publicUrl(): string;
  /** Payment steps and webhook deliveries; `tick()` runs a pass now. */
  scheduler(): Promise<Scheduler>;
  /** Something may have added work (a request was answered): the scheduler and the notification worker look now. */
  wake(): void;
  /** Fault rules of this bank, shared by the request middleware, the admin routes and the notification worker. */
  readonly faults: FaultStore;
  /** The notification worker, once the bank listens. */
  notifications(): NotificationWorker | undefined;
  /** Trusted CAs and refused serials for TPP certificates, read from the settings on first use. */
  certificates(): CertificateRegistry;
  findClientById(clientId: string): TppClient | undefined;
  /** The other banks the process plays (server.ts): where a creditor account of theirs is looked up. */
  otherBanks(): readonly Bank[];
  /**
   * Where the bank keeps the answers that disagree with contract/*.yaml, when it checks its answers (tests);
   * undefined when it does not.
   */
  readonly contractViolations?: ((problems: string[]) => void) | undefined;
  /** Counts an exchange checked against a contract (`spec`, `iobws-3.2`, `lean-push`), when the bank checks. */
  readonly contractChecked?: ((contract: string) => void) | undefined;
}
