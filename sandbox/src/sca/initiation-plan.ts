import { randomUUID } from 'node:crypto';
import { APPROACH_HEADER, type Approach, type ScaDecision } from './approach.js';
import {
  authorisationHref,
  type Href,
  oauthMetadataHref,
  type PaymentRef,
  paymentHref,
  scaRedirectHref,
} from './links.js';
import { methodObject } from './methods.js';
import { challengeFor, decoupledMessage, multilevelMessage } from './texts.js';

export interface InitiationSca {
  headerValue: string;
  transactionStatus: 'RCVD' | 'ACTC';
  authorisation: { id: string; scaStatus: string; approach: Approach; methodId: string | null } | null;
  /** The response's `_links` and further members (scaMethods, chosenScaMethod, challengeData, psuMessage). */
  links: Record<string, Href>;
  extra: Record<string, unknown>;
}

/** What the initiation response says about SCA, and the authorisation it creates (if any). */
export function planInitiation(
  publicUrl: string,
  p: PaymentRef,
  decision: ScaDecision,
  language: 'is' | 'en',
): InitiationSca {
  const self = { href: paymentHref(publicUrl, p) };
  const status = { href: `${self.href}/status` };
  const start = { href: `${self.href}/authorisations` };
  const id = randomUUID();
  const scaStatus = { href: authorisationHref(publicUrl, p, 'payment', id) };
  const headerValue = APPROACH_HEADER[decision.approach];
  const approach = decision.approach;

  if (decision.exempted) {
    return {
      headerValue,
      transactionStatus: 'ACTC',
      authorisation: { id, scaStatus: 'exempted', approach, methodId: null },
      links: { self, status, scaStatus },
      extra: {},
    };
  }
  if (decision.explicit) {
    const name =
      approach === 'DECOUPLED'
        ? 'startAuthorisationWithPsuIdentification'
        : approach === 'EMBEDDED'
          ? 'startAuthorisationWithPsuAuthentication'
          : 'startAuthorisation';
    return {
      headerValue,
      transactionStatus: 'RCVD',
      authorisation: null,
      links: { [name]: start, self, status },
      extra:
        approach === 'MULTILEVEL' ? { psuMessage: multilevelMessage(language, decision.signers.length) } : {},
    };
  }
  switch (approach) {
    case 'OAUTH':
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: { id, scaStatus: 'received', approach, methodId: null },
        links: {
          scaOAuth: { href: oauthMetadataHref(publicUrl) },
          confirmation: scaStatus,
          self,
          status,
          scaStatus,
        },
        extra: {},
      };
    case 'DECOUPLED':
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: {
          id,
          scaStatus: 'started',
          approach,
          methodId: decision.methods[0]?.authenticationMethodId ?? null,
        },
        links: { self, status, scaStatus },
        extra: { psuMessage: decoupledMessage(language) },
      };
    case 'EMBEDDED': {
      const only = decision.methods.length === 1 ? decision.methods[0] : undefined;
      if (only) {
        // One method: chosen implicitly, so scaMethodSelected is the first status (BG IG 14.x).
        return {
          headerValue,
          transactionStatus: 'RCVD',
          authorisation: {
            id,
            scaStatus: 'scaMethodSelected',
            approach,
            methodId: only.authenticationMethodId,
          },
          links: { authoriseTransaction: scaStatus, self, status, scaStatus },
          extra: {
            chosenScaMethod: methodObject(only, language),
            challengeData: challengeFor(only, p.id, language),
          },
        };
      }
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: null,
        links: { startAuthorisationWithAuthenticationMethodSelection: start, self, status },
        extra: { scaMethods: decision.methods.map((method) => methodObject(method, language)) },
      };
    }
    case 'IOBWS':
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: { id, scaStatus: 'received', approach, methodId: null },
        links: { self, status, scaStatus, confirmIobwsStraightThroughProcessingAuthorisation: scaStatus },
        extra: {},
      };
    default:
      // REDIRECT, in the exact shape the sandbox always answered.
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: { id, scaStatus: 'received', approach: 'REDIRECT', methodId: null },
        links: { scaRedirect: { href: scaRedirectHref(publicUrl, id) }, self, status, scaStatus },
        extra: {},
      };
  }
}
