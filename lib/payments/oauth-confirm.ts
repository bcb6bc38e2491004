import { oauthServerMetadata } from '@/lib/bank/authorisations';
import { exchangeOAuthCode } from '@/lib/bank/oauth-code';
import type { Db } from '@/lib/db';
import type { Payment } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { oauthReturnUri, oauthVerifierOf } from './oauth-request';
import { inPaymentBank } from './payment-bank';
import { confirmAuthorisation, scaStateOf } from './sca';

/**
 * The PSU is back from the bank's OAuth server with a `code` (payment spec 2.5 `scaOAuth`): BG IG 7.6.3 has it
 * exchanged at the token endpoint of the bank's metadata with the verifier of our authorisation request (13.3),
 * and the authorisation then confirmed at its `confirmation` link with the access token so obtained (7.6.4). A
 * bank that gave no `confirmation` link has the authorisation complete with the exchange. False when the bank
 * refuses either, or the code comes back to an authorisation we sent no challenge for; what that means for the
 * PSU is read from the bank next.
 */
export async function confirmWithOAuthCode(
  db: Db,
  payment: Payment,
  code: string,
  ip: string,
): Promise<boolean> {
  const sca = scaStateOf(payment);
  const metadataUrl = sca?.links.scaOAuth;
  const codeVerifier = oauthVerifierOf(payment);
  if (!sca || !metadataUrl || !codeVerifier) {
    logger.warn({ paymentId: payment.id }, 'an OAuth code came back for no authorisation request of ours');
    return false;
  }
  let accessToken: string;
  try {
    accessToken = await inPaymentBank(payment, async () =>
      exchangeOAuthCode({
        tokenEndpoint: (await oauthServerMetadata(metadataUrl)).tokenEndpoint,
        code,
        redirectUri: oauthReturnUri(payment.id),
        codeVerifier,
      }),
    );
  } catch (error) {
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      'OAuth authorisation not confirmed: the code exchange was refused',
    );
    return false;
  }
  if (!sca.links.confirmation) return true;
  return confirmAuthorisation(db, payment, { kind: 'access-token', accessToken }, ip);
}
