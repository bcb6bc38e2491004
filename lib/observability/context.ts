import { AsyncLocalStorage } from 'node:async_hooks';
import { processGlobal } from '@/lib/server/process-global';

/**
 * What the work in progress is for, in our own ids: the PSU's account (psus.id, never a kennitala or an
 * e-mail address), the payment, the job. Read by the observers of every bank call (the audit trail,
 * traces) so that no call site has to pass them on.
 */
export interface WorkContext {
  psuId?: string;
  paymentId?: string;
  job?: string;
}

const storage = processGlobal('work-context', () => new AsyncLocalStorage<WorkContext>());

/** Runs `work` with `fields` added to the context it runs in. */
export function inWorkContext<T>(fields: WorkContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, work);
}

export function workContext(): WorkContext {
  return storage.getStore() ?? {};
}
