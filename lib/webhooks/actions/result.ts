import type { ManageFailure } from '../manage';

/** What an events-page action answers: a value the page explains in the operator's language. */
export type ActionFailure = { ok: false; reason: ManageFailure | 'notOperator' | 'invalidInput' };
