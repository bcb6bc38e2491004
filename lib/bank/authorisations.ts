import { z } from 'zod';
import { settings } from '@/lib/config';
import { withChallengeImage } from './challenge-image';
import { callBank } from './client';
import { BankProtocolError, BankUnavailableError } from './errors';
import { type ScaAnswer, scaFieldsSchema, toScaAnswer } from './sca-answer';
import { currentDialect } from './scope';
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

const oauthMetadataSchema = z.object({ authorization_endpoint: z.url() });

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The authorisation endpoint from the bank's OAuth server metadata (RFC 8414), behind `scaOAuth`:
 * read with the bank's TLS settings (its CA, our certificate) and timeout, as every bank call.
 */
export async function oauthAuthorizationEndpoint(metadataUrl: string): Promise<string> {
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
    throw new BankProtocolError('The bank\u2019s OAuth metadata has no authorization endpoint');
  return parsed.data.authorization_endpoint;
}
