import { AsyncLocalStorage } from 'node:async_hooks';
import { processGlobal } from '@/lib/server/process-global';
import { type Dialect, dialectNamed } from './dialects';
import { bankById, bankDirectory, type DirectoryBank } from './directory';

/**
 * The bank a piece of work talks to. Everything about one payment runs inside `inBank(payment's bank, …)`, and
 * every call below it (lib/bank/client.ts) goes to that bank, with that bank's token, URLs and keys, so that no
 * token, status read or link crosses from one bank to another.
 */
const scope = processGlobal('bank-scope', () => ({ storage: new AsyncLocalStorage<DirectoryBank>() }));

export class UnknownBankError extends Error {
  override name = 'UnknownBankError';
}

/** Runs `work` with `bank` (an entry or a directory id) as the bank of every call it makes. */
export function inBank<T>(bank: DirectoryBank | string, work: () => Promise<T>): Promise<T> {
  const entry = typeof bank === 'string' ? bankById(bank) : bank;
  if (!entry) return Promise.reject(new UnknownBankError(`No bank ${String(bank)} in the bank directory`));
  return scope.storage.run(entry, work);
}

/**
 * The bank of the work in progress. Outside `inBank` a directory of one is its bank; with several, a call is
 * refused, payments and business interfaces (claims, webhooks) alike, since guessing its bank could send it,
 * and the bank's token, to the wrong one.
 */
export function currentBank(api: 'payments' | 'business'): DirectoryBank {
  const scoped = scope.storage.getStore();
  if (scoped) return scoped;
  const directory = bankDirectory();
  const [only] = directory;
  if (only && directory.length === 1) return only;
  throw new UnknownBankError(
    `A call to the ${api} interface without a bank, with ${directory.length} banks listed`,
  );
}

/** The dialect of the bank of the work in progress (lib/bank/dialects): read only inside lib/bank. */
export function currentDialect(api: 'payments' | 'business'): Dialect {
  return dialectNamed(currentBank(api).dialect);
}
