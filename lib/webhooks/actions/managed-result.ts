import { type ActionResult, failure, success } from '@/lib/actions/result';
import type { Managed } from '../manage';

/** What the events page's actions answer: the bank's outcome, or why not, in the operator's words. */
export function managedResult<T extends object>(managed: Managed<T>): ActionResult<T> {
  if (!managed.ok) return failure(`events.failure.${managed.reason}`);
  const { ok: _ok, ...data } = managed;
  return success(data as unknown as T);
}
