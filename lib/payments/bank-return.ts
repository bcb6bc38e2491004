import { currentPsuId } from '@/lib/auth/session';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import type { Payment } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { findOwnPayment } from './history';
import { confirmWithOAuthCode } from './oauth-confirm';
import { psuIpAddress } from './psu-request';
import { isValidReturnState } from './return-state';
import { confirmAuthorisation, isFinalScaStatus, scaStateOf } from './sca';
import { continueChangeAfterReturn } from './standing-order-change';
import { refreshFromBank } from './sync';

/**
 * How the bank sends the PSU back after SCA: `redirect` to TPP-Redirect-URI or TPP-Nok-Redirect-URI
 * (with a `confirmationCode` where the bank asks us to confirm the authorisation), or `oauth` to our
 * OAuth redirect URI with a `code` (the scaOAuth approach), which is exchanged for the token that confirms
 * the authorisation.
 */
export type BankReturnVia = 'redirect' | 'oauth';

export interface BankReturn {
  paymentId: string;
  url: Pick<URL, 'pathname' | 'search' | 'searchParams'>;
  headers: Headers;
}

/**
 * Finishes the PSU's authorisation where the return asks us to: the OAuth `code` is exchanged for an access
 * token that confirms the authorisation (BG IG 7.6.3, 13.3, 7.6.4); a redirect's `confirmationCode`, where the
 * bank gave a `confirmation` link (BG IG 5.1.2, 7.6.4), is PUT to that link. A refusal is logged; what it means
 * for the PSU is read from the bank next.
 */
async function confirmIfAsked(
  db: Db,
  payment: Payment,
  via: BankReturnVia,
  query: URLSearchParams,
  ip: string,
): Promise<Payment> {
  const code = via === 'oauth' ? query.get('code') : query.get('confirmationCode');
  const sca = scaStateOf(payment);
  const asked = via === 'oauth' || (sca?.links.confirmation && !isFinalScaStatus(sca.scaStatus));
  if (!code || !asked) return payment;
  if (via === 'oauth') await confirmWithOAuthCode(db, payment, code, ip);
  else await confirmAuthorisation(db, payment, { kind: 'confirmation-code', code }, ip);
  return (await findOwnPayment(db, payment.psuId, payment.id)) ?? payment;
}

/**
 * The PSU is back from the bank: where their browser goes next. Only the signed-in PSU whose payment
 * it is, with the `state` bound to both (lib/payments/return-state.ts), gets anything done. What they
 * are shown is read from the bank here (scaStatus and transaction status), never taken from the URL:
 * which of our addresses the bank chose says nothing a PSU can rely on, and is only logged.
 */
export async function returnFromBank(via: BankReturnVia, request: BankReturn): Promise<URL> {
  const base = settings().APP_BASE_URL;
  const psuId = await currentPsuId();
  if (!psuId) {
    const returnTo = `${request.url.pathname}${request.url.search}`;
    return new URL(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`, base);
  }
  const db = await getDb();
  const payment = await findOwnPayment(db, psuId, request.paymentId);
  const query = request.url.searchParams;
  const change = query.get('change') ?? undefined;
  if (!payment || !isValidReturnState(query.get('state') ?? '', payment.id, psuId, change)) {
    logger.warn(
      { paymentId: request.paymentId, via, known: Boolean(payment) },
      'return from the bank refused: not this PSU\u2019s payment or a bad state',
    );
    return new URL('/payments?return=invalid', base);
  }
  logger.info({ paymentId: payment.id, via, address: query.get('outcome') }, 'PSU back from the bank');
  const ip = psuIpAddress(request.headers);
  const confirmed = await confirmIfAsked(db, payment, via, query, ip);
  await refreshFromBank(db, confirmed, 'redirect', ip);
  // Back from cancelling a standing order that the PSU is changing: its new order follows.
  const next = await continueChangeAfterReturn(db, confirmed, {
    psuIpAddress: ip,
    psuUserAgent: request.headers.get('user-agent') ?? undefined,
    change,
  });
  if (next) return new URL(next, base);
  return new URL(`/${payment.uiLocale}/payments/${payment.id}`, base);
}
