import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { sandboxNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { fail } from '../errors.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { sha256Hex } from '../lib/secrets.js';
import { checkInitiationHeaders, checkSignatureHeaders } from './headers.js';
import {
  findPaymentByIdempotencyKey,
  type PaymentProduct,
  type PaymentRow,
  type PaymentService,
} from './payments.js';
import { validateInitiationBody } from './validate-body.js';

export function paymentLinks(
  ctx: SandboxContext,
  payment: { id: string; service: string; product: string },
  authorisationId: string,
) {
  const base = ctx.publicUrl();
  const self = `${base}/psd2/api/v1/${payment.service}/${payment.product}/${payment.id}`;
  return {
    scaRedirect: { href: `${base}/sca/${authorisationId}` },
    self: { href: self },
    status: { href: `${self}/status` },
    scaStatus: { href: `${self}/authorisations/${authorisationId}` },
  };
}

function replay(c: Context, stored: PaymentRow) {
  const links = stored.response._links as { self?: { href?: string } } | undefined;
  c.header('ASPSP-SCA-Approach', 'REDIRECT');
  if (links?.self?.href) c.header('Location', links.self.href);
  c.header('X-Request-ID', c.req.header('X-Request-ID') ?? '');
  return c.json(stored.response, 201);
}

function isUniqueViolation(error: unknown, index: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === index || (e.message ?? '').includes(index));
}

/** POST /psd2/api/v1/{payment-service}/{payment-product}, after authentication and the path checks. */
export async function initiatePayment(
  c: Context,
  ctx: SandboxContext,
  clientId: string,
  service: PaymentService,
  product: PaymentProduct,
) {
  const headers = checkInitiationHeaders(c);
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
  const db = await ctx.db();
  const requestHash = sha256Hex(`${service}\n${product}\n${canonicalJson(body)}`);

  // Same key and same request: the first answer again. Same key, other request: a client bug, reported as such.
  const idempotent = async () => {
    if (!headers.idempotencyKey) return undefined;
    const stored = await findPaymentByIdempotencyKey(db, clientId, headers.idempotencyKey);
    if (!stored) return undefined;
    if (stored.request_hash !== requestHash) {
      fail(
        400,
        'PARAMETER_NOT_CONSISTENT',
        'Idempotency-Key',
        'This Idempotency-Key was already used for a different request.',
      );
    }
    return replay(c, stored);
  };
  const earlier = await idempotent();
  if (earlier) return earlier;

  const now = await sandboxNow(db);
  const validated = await validateInitiationBody(db, service, body, now);
  const duplicateBulk = () =>
    fail(
      400,
      'FORMAT_ERROR',
      'paymentInformationId',
      'This paymentInformationId was already used for a bulk payment: the bulk is rejected as a duplicate.',
    );
  if (validated.paymentInformationId !== null) {
    const used = await db.query(
      'SELECT 1 FROM payments WHERE client_id = $1 AND payment_information_id = $2',
      [clientId, validated.paymentInformationId],
    );
    if (used.length > 0) duplicateBulk();
  }

  const paymentId = randomUUID();
  const authorisationId = randomUUID();
  const response = {
    transactionStatus: 'RCVD',
    paymentId,
    _links: paymentLinks(ctx, { id: paymentId, service, product }, authorisationId),
  };
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO payments (id, client_id, payment_service, payment_product, body, transaction_status, debtor_iban,
           total_currency, total_minor, payment_information_id, idempotency_key, request_hash, response,
           psu_accept_language, tpp_redirect_uri, tpp_nok_redirect_uri, tpp_notification_uri,
           tpp_notification_content_preferred, psu_ip_address, x_request_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, 'RCVD', $6, $7, $8::numeric, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17,
           $18, $19, $20, $20)`,
        [
          paymentId,
          clientId,
          service,
          product,
          JSON.stringify(body),
          validated.debtor.iban,
          validated.debtor.currency,
          validated.totalMinor.toString(),
          validated.paymentInformationId,
          headers.idempotencyKey,
          requestHash,
          JSON.stringify(response),
          headers.language,
          headers.redirectUri,
          headers.nokRedirectUri,
          headers.notificationUri,
          headers.notificationContentPreferred,
          headers.psuIpAddress,
          headers.requestId,
          now,
        ],
      );
      await tx.query(
        'INSERT INTO payment_status_history (payment_id, transaction_status, reason, at) VALUES ($1, $2, $3, $4)',
        [paymentId, 'RCVD', 'initiated', now],
      );
      await tx.query(
        `INSERT INTO authorisations (id, payment_id, kind, sca_status, created_at, updated_at)
         VALUES ($1, $2, 'payment', 'received', $3, $3)`,
        [authorisationId, paymentId, now],
      );
    });
  } catch (error) {
    // A concurrent request won the race for the same key or bulk id.
    if (isUniqueViolation(error, 'payments_idempotency')) {
      const again = await idempotent();
      if (again) return again;
    }
    if (isUniqueViolation(error, 'payments_bulk_information_id')) duplicateBulk();
    throw error;
  }
  c.header('ASPSP-SCA-Approach', 'REDIRECT');
  c.header('Location', response._links.self.href);
  c.header('X-Request-ID', headers.requestId);
  return c.json(response, 201);
}
