import type { Queryable } from '../db/db.js';
import { updateAuthorisation, waitingOAuthAuthorisationId } from '../db/queries/authorisations.js';
import { findPayment } from '../db/queries/payments.js';

/**
 * OAuth SCA of one payment (`scope=PIS:{paymentId}`): the payment's OAuth authorisation that waits for the PSU
 * remembers where to send the code (`redirect_uri`, `state`), and the PSU goes on to the bank's pages. Returns
 * the authorisation, or why there is none for this client.
 */
export async function beginOAuthSca(
  db: Queryable,
  request: { clientId: string; paymentId: string | undefined; redirectUri: string; state: string | null },
): Promise<{ authorisationId: string } | { refused: 'payment' | 'authorisation' }> {
  const payment = request.paymentId ? await findPayment(db, request.paymentId) : undefined;
  if (!payment || payment.client_id !== request.clientId) return { refused: 'payment' };
  const authorisationId = await waitingOAuthAuthorisationId(db, payment.id);
  if (!authorisationId) return { refused: 'authorisation' };
  await updateAuthorisation(db, authorisationId, {
    oauth_redirect_uri: request.redirectUri,
    oauth_state: request.state,
  });
  return { authorisationId };
}
