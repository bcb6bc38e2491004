// What the events page's actions answer: the refusal of a change, and the page drawn afresh after one.
import { type ActionFailure, failure } from '@/lib/actions/result';
import { showingChangeOn } from '@/lib/actions/showing-change';
import type { ManageFailure } from '../manage';

/** Why an events-page action was not done (the bank's refusal, or ours), as a message of the operator's texts. */
export function refusalOf({ reason }: { reason: ManageFailure }): ActionFailure {
  return failure(`events.failure.${reason}`);
}

/** Passes an events-page action's answer on, the page drawn afresh with what the bank now holds. */
export const shownOnEventsPage = showingChangeOn('/[locale]/events');
