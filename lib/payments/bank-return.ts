import { currentPsuId } from '@/lib/auth/session';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import type { Payment } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { findOwnPayment } from './history';
import { psuIpAddress } from './psu-request';
import { isValidReturnState } from './return-state';
import { confirmWithCode, isFinalScaStatus, scaStateOf, syncScaStatus } from './sca';
import { syncPaymentStatus } from './sync';

/**
 * How the bank sends the PSU back after SCA: `redirect` to TPP-Redirect-URI or TPP-Nok-Redirect-URI
 * (`outcome`, and a `confirmationCode` where the bank asks us to confirm the authorisation), or `oauth`
 * to our OAuth redirect URI with a `code` (the scaOAuth approach), which confirms the authorisation.
 */
export type BankReturnVia = 'redirect' | 'oauth';

export interface BankReturn {
  paymentId: string;
  url: Pick<URL, 'pathname' | 'search' | 'searchParams'>;
  headers: Headers;
}

/** What the PSU's authorisation came to, by what the bank sent them back with. */
async function authorisationOutcome(
  db: Db,
  payment: Payment,
  via: BankReturnVia,
  query: URLSearchParams,
  ip: string,
): Promise<'ok' | 'nok'> {
  if (via === 'oauth') {
    const code = query.get('code');
    return code && (await confirmWithCode(db, payment, code, ip)) ? 'ok' : 'nok';
  }
  const outcome = query.get('outcome') === 'ok' ? 'ok' : 'nok';
  const confirmationCode = query.get('confirmationCode');
  const sca = scaStateOf(payment);
  if (confirmationCode && sca?.links.confirmation && !isFinalScaStatus(sca.scaStatus)) {
    // The bank asked for an authorisation confirmation (BG IG 5.1.2, 7.6.4): the authorisation is
    // finalised only once we PUT the code it sent the PSU back with to its `confirmation` link.
    return (await confirmWithCode(db, payment, confirmationCode, ip)) ? outcome : 'nok';
  }
  await syncScaStatus(db, payment, 'redirect', ip).catch((error: unknown) =>
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      'scaStatus read failed',
    ),
  );
  return outcome;
}

/**
 * The PSU is back from the bank: where their browser goes next. Only the signed-in PSU whose payment
 * it is, with the `state` bound to both (lib/payments/return-state.ts), gets anything done; the status
 * they are shown is read from the bank, never taken from the URL.
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
  if (!payment || !isValidReturnState(query.get('state') ?? '', payment.id, psuId)) {
    logger.warn(
      { paymentId: request.paymentId, via, known: Boolean(payment) },
      'return from the bank refused: not this PSU\u2019s payment or a bad state',
    );
    return new URL('/payments?return=invalid', base);
  }
  const ip = psuIpAddress(request.headers);
  const outcome = await authorisationOutcome(db, payment, via, query, ip);
  await syncPaymentStatus(db, payment, 'redirect', ip);
  return new URL(`/${payment.uiLocale}/payments/${payment.id}?outcome=${outcome}`, base);
}
