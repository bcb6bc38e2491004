import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { oauthServerMetadata } from '@/lib/bank/authorisations';
import { currentBank } from '@/lib/bank/scope';
import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import { databaseNow } from '@/lib/db/clock';
import { type Payment, payments, type ScaState } from '@/lib/db/schema';
import { returnState } from './return-state';

/**
 * The OAuth SCA approach's authorisation request (payment spec 2.5 `scaOAuth`; BG IG 13.1, RFC 6749 4.1.1) with
 * its PKCE challenge (RFC 7636, S256), and the verifier kept for the code's exchange (lib/payments/oauth-confirm.ts).
 */

export function oauthReturnUri(paymentId: string): string {
  return `${settings().APP_BASE_URL}/api/payments/${paymentId}/oauth`;
}

/** Which authorisation the OAuth SCA in progress is: the link its confirmation goes to, else its scaStatus. */
export function authorisationOf(sca: ScaState): string {
  return sca.links.confirmation ?? sca.links.scaStatus ?? sca.links.scaOAuth ?? '';
}

/** The verifier of the payment's OAuth authorisation in progress, once the PSU was sent to the bank for it. */
export function oauthVerifierOf(payment: Pick<Payment, 'sca'>): string | undefined {
  const sca = payment.sca;
  return sca?.oauth && sca.oauth.authorisation === authorisationOf(sca) ? sca.oauth.verifier : undefined;
}

/**
 * The verifier of the payment's authorisation in progress, made and kept with its SCA state the first time: the
 * PSU sent to the bank again (another tab, a second press) meets the same challenge, so that whichever request the
 * bank answers last, the code comes back to a verifier we hold.
 */
async function verifierOfAuthorisation(db: Db, paymentId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ sca: payments.sca })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    const sca = current?.sca;
    if (!sca) throw new Error('No SCA for this payment');
    const kept = oauthVerifierOf({ sca });
    if (kept) return kept;
    // RFC 7636 7.1: 32 random octets, base64url: 43 characters, 256 bits.
    const verifier = randomBytes(32).toString('base64url');
    await tx
      .update(payments)
      .set({
        sca: { ...sca, oauth: { authorisation: authorisationOf(sca), verifier } },
        updatedAt: databaseNow(),
      })
      .where(eq(payments.id, paymentId));
    return verifier;
  });
}

/** Where the PSU's browser is sent: the bank's authorisation endpoint, `state` bound to the PSU, PKCE's challenge. */
export async function oauthAuthorisationRequest(db: Db, payment: Payment): Promise<string> {
  const sca = payment.sca;
  if (!sca?.links.scaOAuth || !payment.bankPaymentId) throw new Error('No OAuth SCA for this payment');
  const { authorizationEndpoint } = await oauthServerMetadata(sca.links.scaOAuth);
  const verifier = await verifierOfAuthorisation(db, payment.id);
  const endpoint = new URL(authorizationEndpoint);
  endpoint.search = new URLSearchParams({
    response_type: 'code',
    client_id: currentBank('payments').credentials.clientId,
    redirect_uri: oauthReturnUri(payment.id),
    scope: `PIS:${payment.bankPaymentId}`,
    state: returnState(payment.id, payment.psuId),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return endpoint.toString();
}
