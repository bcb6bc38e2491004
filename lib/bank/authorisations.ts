import { z } from 'zod';
import { settings } from '@/lib/config';
import { timedBankCall } from '@/lib/server/server-timing';
import { withChallengeImage } from './challenge-image';
import { callBank } from './client';
import { BankProtocolError, BankUnavailableError } from './errors';
import { bankFetchWithRetry } from './retry';
import { type ScaAnswer, scaFieldsSchema, toScaAnswer } from './sca-answer';
import { currentBank, currentDialect } from './scope';
import { bankTlsFetch } from './tls';

export interface AuthorisationContext {
  psuIpAddress: string;
  scaLanguage: 'is' | 'en';
  redirectUri: string;
  nokRedirectUri: string;
  psuId?: string;
}

function headersFor(context: AuthorisationContext) {
  return {
    'PSU-IP-Address': context.psuIpAddress,
    'PSU-Accept-Language': context.scaLanguage,
    'PSU-ID': context.psuId,
    'TPP-Redirect-Preferred': 'true',
    'TPP-Redirect-URI': context.redirectUri,
    'TPP-Nok-Redirect-URI': context.nokRedirectUri,
  };
}

function parse(body: unknown): ScaAnswer {
  const parsed = scaFieldsSchema.safeParse(body);
  if (!parsed.success)
    throw new BankProtocolError('The bank answered an authorisation call without SCA data');
  return toScaAnswer(parsed.data);
}

/**
 * One step of an authorisation, at a link the bank gave: POST to start one, PUT to update one with
 * a method, an OTP, a password or a confirmation. `{}` starts one with nothing to upload.
 */
export async function authorisationStep(
  method: 'POST' | 'PUT',
  url: string,
  body: Record<string, unknown>,
  context: AuthorisationContext,
): Promise<ScaAnswer> {
  const response = await callBank('payments', { method, url, json: body, headers: headersFor(context) });
  return withChallengeImage(parse(response.body));
}

/**
 * The straight-through confirmation (ÍST TS 310 "Payment processing flow"), at the bank's
 * `confirmIobwsStraightThroughProcessingAuthorisation` link, with `reference` (an id of ours) in the member its
 * dialect names: `confirmationCode` (payment spec 2.5) or `confirmationMessage` (IOBWS 3.2).
 */
export function confirmStraightThrough(
  url: string,
  reference: string,
  context: AuthorisationContext,
): Promise<ScaAnswer> {
  return authorisationStep(
    'PUT',
    url,
    currentDialect('payments').straightThroughConfirmation(reference),
    context,
  );
}

/**
 * The confirmation of an OAuth SCA authorisation (BG IG 7.6.4) at the bank's `confirmation` link: `{}` with the
 * access token obtained with the authorisation's code (13.3), never our client credentials token, and never
 * retried with another one: a refusal of this token is the bank's answer.
 */
export async function confirmWithAccessToken(
  url: string,
  accessToken: string,
  context: AuthorisationContext,
): Promise<ScaAnswer> {
  const bank = currentBank('payments');
  const response = await timedBankCall(() =>
    bankFetchWithRetry({
      api: 'payments',
      method: 'PUT',
      url,
      json: {},
      headers: { ...headersFor(context), Authorization: `Bearer ${accessToken}` },
      subscriptionKey: bank.credentials.subscriptionKey,
    }),
  );
  return withChallengeImage(parse(response.body));
}

export async function readScaStatus(url: string, psuIpAddress?: string): Promise<string> {
  const response = await callBank('payments', {
    method: 'GET',
    url,
    headers: { 'PSU-IP-Address': psuIpAddress },
  });
  const status = parse(response.body).scaStatus;
  if (!status) throw new BankProtocolError('The bank answered a scaStatus read without a status');
  return status;
}

// RFC 8414: both endpoints are required of a server that issues codes; without the token endpoint the code the
// PSU brings back could not be exchanged (BG IG 13.3), so such metadata is refused before the PSU is sent.
const oauthMetadataSchema = z.object({ authorization_endpoint: z.url(), token_endpoint: z.url() });

export interface OAuthServerMetadata {
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The authorisation endpoint from the bank's OAuth server metadata (`oauthServerMetadata`). */
export async function oauthAuthorizationEndpoint(metadataUrl: string): Promise<string> {
  return (await oauthServerMetadata(metadataUrl)).authorizationEndpoint;
}

/**
 * The authorisation and token endpoints from the bank's OAuth server metadata (RFC 8414), behind `scaOAuth`:
 * read with the bank's TLS settings (its CA, our certificate) and timeout, as every bank call.
 */
export async function oauthServerMetadata(metadataUrl: string): Promise<OAuthServerMetadata> {
  let response: Response;
  let body: string;
  try {
    response = await bankTlsFetch(metadataUrl, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(settings().BANK_TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    // A plain GET of a public document: no request id of ours goes with it.
    throw BankUnavailableError.from(error, '');
  }
  const parsed = oauthMetadataSchema.safeParse(jsonOrNull(body));
  if (!response.ok || !parsed.success)
    throw new BankProtocolError('The bank\u2019s OAuth metadata has no authorization or token endpoint');
  return {
    authorizationEndpoint: parsed.data.authorization_endpoint,
    tokenEndpoint: parsed.data.token_endpoint,
  };
}
