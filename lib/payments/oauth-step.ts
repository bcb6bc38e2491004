import type { Db } from '@/lib/db';
import type { Payment } from '@/lib/db/schema';
import { oauthCodeWasLost } from './oauth-confirm';
import { oauthAuthorisationRequest } from './oauth-request';
import { inPaymentBank } from './payment-bank';
import { advanceSca, assertPastCosts, authorisationContext, scaStateOf } from './sca';

/**
 * The OAuth authorisation request the PSU's browser is sent to (RFC 6749 4.1.1, BG IG 13.1), `state` bound to the
 * PSU, with the PKCE challenge of the authorisation's verifier (lib/payments/oauth-request.ts).
 *
 * An authorisation the bank holds as `unconfirmed` has the PSU's approval, and waits for a confirmation with the
 * token of its code (BG IG 7.6.4) that we cannot give: the code's exchange failed where the bank may have spent it
 * (lib/payments/oauth-confirm.ts). Where we lost its code so, we know the approval was given whatever our last read
 * of its scaStatus said (that read may have failed on the same return). Its authorisation server takes no second
 * approval of it, so the PSU approves a new authorisation of the same payment (BG IG 7.1; 7.3 restarts a failed SCA
 * so), with a verifier of its own. Both are of one payment resource, which the bank makes once, whichever of them
 * is finalised.
 */
export async function oauthRedirect(db: Db, payment: Payment, psuIpAddress: string): Promise<string> {
  assertPastCosts(payment);
  const approved = scaStateOf(payment)?.scaStatus === 'unconfirmed' || (await oauthCodeWasLost(db, payment));
  if (!approved) return inPaymentBank(payment, () => oauthAuthorisationRequest(db, payment));
  const { redirectTo } = await advanceSca(
    db,
    payment,
    { kind: 'new-authorisation' },
    authorisationContext(payment, psuIpAddress),
  );
  if (!redirectTo) throw new Error('The bank started a new authorisation without its OAuth step');
  return redirectTo;
}
