import type { ExecutionDelays } from '../config.js';
import type { Db } from '../db/db.js';
import { type AuthorisationRow, findAuthorisation } from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import { changingPayment } from '../db/queries/payments.js';
import { failAuthorisation, finaliseAuthorisation } from './decisions.js';

/**
 * The PSU approves or declines a decoupled authorisation in the bank's app. False when it was no longer
 * `started` (decided already, or approved automatically).
 */
export async function decideInBankApp(
  db: Db,
  delays: ExecutionDelays,
  authorisation: AuthorisationRow,
  decision: 'approve' | 'decline',
): Promise<boolean> {
  return changingPayment(db, authorisation.payment_id, async (tx) => {
    const now = await sandboxNow(tx);
    const current = await findAuthorisation(tx, authorisation.id);
    if (current?.sca_status !== 'started') return false;
    return decision === 'approve'
      ? finaliseAuthorisation(tx, delays, authorisation.id, now, null, "approved in the bank's app")
      : failAuthorisation(
          tx,
          authorisation.id,
          now,
          authorisation.kind === 'payment' ? "SCA declined in the bank's app" : 'cancellation declined',
        );
  });
}
