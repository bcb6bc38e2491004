import type { PaymentProduct, PaymentRow, PaymentService } from '../../db/queries/payments.js';
import { fail, TppErrorException } from '../../errors.js';
import { earlierOutcome, initiate, recordRefusal } from '../../pis/initiate.js';
import { checkInitiationCounts } from '../../pis/limits.js';
import { checkRequestDate } from '../../pis/payments.js';
import { APPROACH_HEADER, type Approach } from '../../sca/approach.js';
import type { SandboxContext } from '../env.js';
import { sendError } from '../errors.js';
import { tlsClientCertificate } from '../middleware/security.js';
import { setNotificationHeaders } from '../notification-headers.js';
import { checkInitiationHeaders, checkSignatureHeaders, idempotencyKeyOf } from '../pis-headers.js';
import { pathParams } from '../pis-resources.js';
import { respond } from '../respond.js';
import { readScaPreferences } from '../sca-preferences.js';

/** The 201 of a payment made earlier under the same Idempotency-Key: its body, Location and approach again. */
function replay(c: SandboxContext, stored: PaymentRow) {
  const links = stored.response._links as { self?: { href?: string } } | undefined;
  c.header('ASPSP-SCA-Approach', APPROACH_HEADER[(stored.sca_approach ?? 'REDIRECT') as Approach]);
  if (links?.self?.href) c.header('Location', links.self.href);
  setNotificationHeaders(c, stored);
  return respond(c, stored.response, 201);
}

/**
 * POST /psd2/api/v1/{payment-service}/{payment-product}, after authentication. Idempotency (ÍST TS 316,
 * "Idempotency"; the spec only names the header): the uniqueness of a request is based on its key alone, per
 * TPP, and the payload is ignored. A key whose operation succeeded answers that 201 again (body, Location,
 * approach); a key whose operation failed answers that error again, so a retry under the same key never turns a
 * refused initiation into a payment.
 */
export async function initiation(c: SandboxContext): Promise<Response> {
  const { service, product } = pathParams(c);
  const db = c.get('db');
  const clientId = c.get('tppClientId');
  const key = idempotencyKeyOf(c);
  if (key !== null) {
    const earlier = await earlierOutcome(db, clientId, key);
    if (earlier?.kind === 'payment') return replay(c, earlier.payment);
    if (earlier?.error) return sendError(c, earlier.error);
    if (earlier) return c.body(null, earlier.status as 415);
  }
  try {
    const response = await initiationOf(c, clientId, service, product);
    if (key !== null && response.status === 415) await recordRefusal(db, clientId, key, 415, null);
    return response;
  } catch (error) {
    if (key !== null && error instanceof TppErrorException) {
      await recordRefusal(db, clientId, key, error.error.status, error.error);
    }
    throw error;
  }
}

async function initiationOf(
  c: SandboxContext,
  clientId: string,
  service: PaymentService,
  product: PaymentProduct,
): Promise<Response> {
  const headers = checkInitiationHeaders(c, tlsClientCertificate(c));
  checkRequestDate(c.req.header('Date'), c.get('now'));
  const rawBody = await c.req.text();
  checkSignatureHeaders(c, rawBody);
  const contentType = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!contentType.startsWith('application/json')) return c.body(null, 415);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    fail(400, 'FORMAT_ERROR', null, 'The request body is not valid JSON.');
  }
  checkInitiationCounts(service, body);
  const bank = c.get('bank');
  const result = await initiate(
    c.get('db'),
    { clientId, service, product, headers, body, sca: readScaPreferences(c), at: c.get('now') },
    {
      delays: c.get('config').delays,
      publicUrl: bank.publicUrl(),
      otherBanks: () => Promise.all(bank.otherBanks().map((other) => other.db())),
    },
  );
  if (result.kind === 'earlier') return replay(c, result.payment);
  c.header('ASPSP-SCA-Approach', result.approachHeader);
  c.header('Location', result.location);
  setNotificationHeaders(c, {
    tpp_notification_uri: headers.notificationUri,
    tpp_notification_content_preferred: headers.notificationContentPreferred,
  });
  return respond(c, result.response, 201);
}
