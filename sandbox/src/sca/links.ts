import type { AuthorisationKind } from './approach.js';

/** Links the bank hands out, all starting with its public URL. */

export type Href = { href: string };
export type PaymentRef = { id: string; service: string; product: string };

export function paymentHref(publicUrl: string, p: PaymentRef): string {
  return `${publicUrl}/psd2/api/v1/${p.service}/${p.product}/${p.id}`;
}

function collection(kind: AuthorisationKind) {
  return kind === 'payment' ? 'authorisations' : 'cancellation-authorisations';
}

export function authorisationHref(
  publicUrl: string,
  p: PaymentRef,
  kind: AuthorisationKind,
  authorisationId: string,
): string {
  return `${paymentHref(publicUrl, p)}/${collection(kind)}/${authorisationId}`;
}

export function oauthMetadataHref(publicUrl: string): string {
  return `${publicUrl}/.well-known/oauth-authorization-server`;
}

/** The bank's SCA pages for an authorisation (redirect approach). */
export function scaRedirectHref(publicUrl: string, authorisationId: string): string {
  return `${publicUrl}/sca/${authorisationId}`;
}
