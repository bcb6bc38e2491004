import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { processGlobal } from './process-global';

/**
 * Where one request's time went, for its `Server-Timing` header: its calls to the bank (their times
 * summed, and how many), and its database statements (the time at least one was under way, so that
 * statements waiting on each other count once, and how many).
 */
export interface RequestTime {
  bankMs: number;
  bankCalls: number;
  dbMs: number;
  dbStatements: number;
  /** Statements under way now, and since when at least one has been. */
  dbOpen: number;
  dbSince: number;
}

// Opened by scripts/app-server.mjs around each request when SERVER_TIMING=1 (under the same
// process-global name), and read back there to write the `Server-Timing` header. Outside such a
// request there is no record and nothing is timed.
const storage = processGlobal('serverTiming', () => new AsyncLocalStorage<RequestTime>());

/** Whether the app's server times its requests (SERVER_TIMING=1, for the benchmarks). */
export function serverTimingOn(): boolean {
  return process.env.SERVER_TIMING === '1';
}

/** Runs one call to the bank, adding its time to the request's `Server-Timing` record if there is one. */
export async function timedBankCall<T>(call: () => Promise<T>): Promise<T> {
  const record = storage.getStore();
  if (!record) return call();
  const started = performance.now();
  try {
    return await call();
  } finally {
    record.bankMs += performance.now() - started;
    record.bankCalls += 1;
  }
}

/** Runs one database statement, adding it to the request's `Server-Timing` record if there is one. */
export async function timedStatement<T>(statement: () => Promise<T>): Promise<T> {
  const record = storage.getStore();
  if (!record) return statement();
  if (record.dbOpen++ === 0) record.dbSince = performance.now();
  record.dbStatements += 1;
  try {
    return await statement();
  } finally {
    if (--record.dbOpen === 0) record.dbMs += performance.now() - record.dbSince;
  }
}
