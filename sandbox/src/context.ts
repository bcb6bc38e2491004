import type { SandboxConfig, TppClient } from './config.js';
import type { Db } from './db/db.js';
import type { Scheduler } from './scheduler.js';

/** What every route needs: settings, the (lazily opened) database, the public base URL. */
export interface SandboxContext {
  config: SandboxConfig;
  db(): Promise<Db>;
  publicUrl(): string;
  scheduler(): Promise<Scheduler>;
  findClientById(clientId: string): TppClient | undefined;
}
