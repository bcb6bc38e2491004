import type { Queryable } from '../db/db.js';
import { type AuthorisationRow, findAuthorisation } from '../db/queries/authorisations.js';
import { findPayment, type PaymentRow } from '../db/queries/payments.js';
import type { ScaMethod } from '../db/queries/psus.js';
import type { Approach } from './approach.js';
import { FINAL_SCA } from './decisions.js';
import { authorisationHref, type Href, oauthMetadataHref, paymentHref, scaRedirectHref } from './links.js';
import { methodObject, methodsFor } from './methods.js';
import { challengeFor, decoupledMessage } from './texts.js';

/** The body of an authorisation sub-resource (start or update answer): its scaStatus, texts and links. */
export function authorisationResponse(
  publicUrl: string,
  payment: PaymentRow,
  auth: AuthorisationRow,
  methods: ScaMethod[],
  options: { includeId: boolean },
) {
  const p = { id: payment.id, service: payment.payment_service, product: payment.payment_product };
  const kind = auth.kind;
  const href = { href: authorisationHref(publicUrl, p, kind, auth.id) };
  const links: Record<string, Href> = {};
  const body: Record<string, unknown> = { scaStatus: auth.sca_status };
  if (options.includeId) body.authorisationId = auth.id;
  const language = payment.psu_accept_language;
  const approach = (auth.approach ?? 'REDIRECT') as Approach;
  if (!FINAL_SCA.has(auth.sca_status)) {
    switch (approach) {
      case 'OAUTH':
        links.scaOAuth = { href: oauthMetadataHref(publicUrl) };
        links.confirmation = href;
        break;
      case 'DECOUPLED':
        body.psuMessage = decoupledMessage(language);
        break;
      case 'EMBEDDED':
        if (auth.sca_status === 'received' || auth.sca_status === 'psuIdentified') {
          links.updatePsuAuthentication = href;
        } else if (auth.sca_status === 'psuAuthenticated') {
          body.scaMethods = methods.map((method) => methodObject(method, language));
          links.selectAuthenticationMethod = href;
        } else if (auth.sca_status === 'scaMethodSelected') {
          const method = methods.find((m) => m.authenticationMethodId === auth.method_id);
          if (method) {
            body.chosenScaMethod = methodObject(method, language);
            body.challengeData = challengeFor(method, payment.id, language);
          }
          links.authoriseTransaction = href;
        }
        break;
      case 'IOBWS':
        links.confirmIobwsStraightThroughProcessingAuthorisation = href;
        break;
      default:
        links.scaRedirect = { href: scaRedirectHref(publicUrl, auth.id) };
    }
  }
  links.scaStatus = href;
  links.status = { href: `${paymentHref(publicUrl, p)}/status` };
  body._links = links;
  return body;
}

/**
 * The answer about an authorisation as it stands now (read after the scheduler ran what its update made due);
 * `methods` as offered when it was started, else the payment's methods now.
 */
export async function currentAuthorisationResponse(
  db: Queryable,
  publicUrl: string,
  payment: PaymentRow,
  authorisationId: string,
  options: { includeId: boolean; methods?: ScaMethod[] },
) {
  const authorisation = await findAuthorisation(db, authorisationId);
  if (!authorisation) throw new Error('authorisation vanished');
  const current = (await findPayment(db, payment.id)) ?? payment;
  const methods = options.methods ?? (await methodsFor(db, current));
  return authorisationResponse(publicUrl, current, authorisation, methods, options);
}
