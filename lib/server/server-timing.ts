import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { processGlobal } from './process-global';

/** The bank's share of one request: the time its calls to the bank took, summed, and how many. */
export interface BankTime {
  bankMs: number;
  bankCalls: number;
}

// Opened by scripts/app-server.mjs around each request when SERVER_TIMING=1 (under the same
// process-global name), and read back there to write the `Server-Timing` header. Outside such a
// request there is no record and a bank call is not timed.
const storage = processGlobal('serverTiming', () => new AsyncLocalStorage<BankTime>());

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
