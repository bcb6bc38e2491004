import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { sandboxNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { fail } from '../errors.js';
import { authenticateTpp } from '../pis/auth.js';
import { checkPsuHeaders, isUuid, requireRequestId } from '../pis/headers.js';
import { initiatePayment, paymentLinks } from '../pis/initiate.js';
import {
  findAuthorisation,
  findPayment,
  PAYMENT_PRODUCTS,
  PAYMENT_SERVICES,
  type PaymentProduct,
  type PaymentRow,
  type PaymentService,
  recordStatus,
} from '../pis/payments.js';

/**
 * Path parameters. An unknown payment-service is 400 SERVICE_INVALID: the 405 variant is kept for a method
 * a known endpoint does not offer (405 promises an Allow header for an existing resource).
 */
function pathParams(c: Context): { service: PaymentService; product: PaymentProduct } {
  const service = c.req.param('service') ?? '';
  const product = c.req.param('product') ?? '';
  if (!(PAYMENT_SERVICES as readonly string[]).includes(service)) {
    fail(
      400,
      'SERVICE_INVALID',
      'payment-service',
      `Unknown payment service ${service}: use payments, bulk-payments or periodic-payments.`,
    );
  }
  if (!(PAYMENT_PRODUCTS as readonly string[]).includes(product)) {
    fail(
      404,
      'PRODUCT_UNKNOWN',
      'payment-product',
      `Unknown payment product ${product}: use credit-transfers or card-deposits.`,
    );
  }
  return { service: service as PaymentService, product: product as PaymentProduct };
}

/**
 * A payment of another TPP is answered exactly like an unknown id (404 RESOURCE_UNKNOWN), so that one TPP
 * cannot learn which payment ids exist at another.
 */
async function ownPayment(c: Context, ctx: SandboxContext, clientId: string): Promise<PaymentRow> {
  const { service, product } = pathParams(c);
  requireRequestId(c);
  checkPsuHeaders(c, { ipRequired: false });
  const payment = await findPayment(await ctx.db(), c.req.param('paymentId') ?? '');
  if (
    !payment ||
    payment.client_id !== clientId ||
    payment.payment_service !== service ||
    payment.payment_product !== product
  ) {
    fail(404, 'RESOURCE_UNKNOWN', 'paymentId', 'No payment with this paymentId exists for this TPP.');
  }
  return payment;
}

function methodNotAllowed(allow: string) {
  return (c: Context) => {
    c.header('Allow', allow);
    fail(405, 'SERVICE_INVALID', null, `${c.req.method} is not offered here; allowed: ${allow}.`);
  };
}

const SINGLE_INFORMATION_FIELDS = [
  'endToEndIdentification',
  'debtorAccount',
  'debtorId',
  'ultimateDebtor',
  'instructedAmount',
  'exchangeRateInformation',
  'creditorAccount',
  'creditorAgent',
  'creditorAddress',
  'creditorId',
  'ultimateCreditor',
  'chargeBearer',
  'remittanceInformationUnstructured',
  'requestedExecutionDate',
  'icelandicPurposeCode',
  'chargesAccount',
] as const;

/**
 * Payment information. A single payment reads back in the shape of spec 2.6: its listed fields, the debtor's
 * name from the bank's records, `remittanceInformationStructured` as one string (the references joined), and
 * `creditorName`, which 2.6 requires, falling back to the creditor's account identifier when none was sent.
 * Periodic and bulk payments read back as initiated.
 */
async function paymentInformation(ctx: SandboxContext, payment: PaymentRow) {
  if (payment.payment_service !== 'payments')
    return { ...payment.body, transactionStatus: payment.transaction_status };
  const body = payment.body;
  const info: Record<string, unknown> = {};
  for (const field of SINGLE_INFORMATION_FIELDS) {
    if (body[field] !== undefined) info[field] = body[field];
  }
  const creditor = (body.creditorAccount ?? {}) as Record<string, string | null>;
  info.creditorName =
    (typeof body.creditorName === 'string' && body.creditorName) ||
    creditor.iban ||
    creditor.bban ||
    creditor.maskedPan ||
    creditor.msisdn ||
    'Unknown';
  const structured = body.remittanceInformationStructured as Array<{ reference: string }> | undefined;
  if (Array.isArray(structured) && structured.length > 0) {
    info.remittanceInformationStructured = structured
      .map((s) => s.reference)
      .join(' ')
      .slice(0, 140);
  }
  const owner = await (await ctx.db()).query<{ name: string }>(
    'SELECT p.name FROM accounts a JOIN psus p ON p.username = a.owner_username WHERE a.iban = $1',
    [payment.debtor_iban],
  );
  if (owner[0]) info.debtorName = owner[0].name.slice(0, 70);
  info.transactionStatus = payment.transaction_status;
  return info;
}

export function pisRoutes(ctx: SandboxContext) {
  const app = new Hono();

  // Every answer carries the X-Request-ID of its request, as the interface defines for its responses.
  app.use('*', async (c, next) => {
    await next();
    const requestId = c.req.header('X-Request-ID');
    if (requestId && isUuid(requestId)) c.res.headers.set('X-Request-ID', requestId);
  });

  app.post('/:service/:product', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const { service, product } = pathParams(c);
    return initiatePayment(c, ctx, clientId, service, product);
  });
  app.all('/:service/:product', methodNotAllowed('POST'));

  app.get('/:service/:product/:paymentId', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    return c.json(await paymentInformation(ctx, payment));
  });

  // Cancellation without PSU authorisation while the payment has not been executed; afterwards 409.
  app.delete('/:service/:product/:paymentId', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    const cancellable =
      payment.transaction_status === 'RCVD' ||
      payment.transaction_status === 'ACTC' ||
      (payment.payment_service === 'periodic-payments' && payment.transaction_status === 'ACSP');
    if (!cancellable) {
      fail(
        409,
        'STATUS_INVALID',
        null,
        `A payment in status ${payment.transaction_status} can no longer be cancelled.`,
      );
    }
    const db = await ctx.db();
    await db.transaction(async (tx) => {
      const now = await sandboxNow(tx);
      await recordStatus(tx, payment.id, 'CANC', 'cancelled by the TPP', now);
      await tx.query('UPDATE scheduled_transitions SET done = true WHERE payment_id = $1 AND NOT done', [
        payment.id,
      ]);
      await tx.query(
        `UPDATE authorisations SET sca_status = 'failed', updated_at = $2
         WHERE payment_id = $1 AND sca_status NOT IN ('finalised', 'failed', 'exempted')`,
        [payment.id, now],
      );
    });
    return c.body(null, 204);
  });
  app.all('/:service/:product/:paymentId', methodNotAllowed('GET, DELETE'));

  app.get('/:service/:product/:paymentId/status', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    return c.json({ transactionStatus: payment.transaction_status });
  });
  app.all('/:service/:product/:paymentId/status', methodNotAllowed('GET'));

  app.get('/:service/:product/:paymentId/authorisations', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    const rows = await (await ctx.db()).query<{ id: string }>(
      "SELECT id FROM authorisations WHERE payment_id = $1 AND kind = 'payment' ORDER BY created_at, id",
      [payment.id],
    );
    return c.json({ authorisationIds: rows.map((r) => r.id) });
  });

  // A new authorisation (for example after the PSU abandoned the first SCA page) while the payment awaits SCA.
  app.post('/:service/:product/:paymentId/authorisations', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    if (payment.transaction_status !== 'RCVD') {
      fail(
        409,
        'STATUS_INVALID',
        null,
        `The payment is in status ${payment.transaction_status} and needs no authorisation.`,
      );
    }
    const db = await ctx.db();
    const authorisationId = randomUUID();
    const now = await sandboxNow(db);
    await db.query(
      `INSERT INTO authorisations (id, payment_id, kind, sca_status, created_at, updated_at)
       VALUES ($1, $2, 'payment', 'received', $3, $3)`,
      [authorisationId, payment.id, now],
    );
    const links = paymentLinks(
      ctx,
      { id: payment.id, service: payment.payment_service, product: payment.payment_product },
      authorisationId,
    );
    c.header('ASPSP-SCA-Approach', 'REDIRECT');
    c.header('Location', links.scaStatus.href);
    return c.json(
      {
        scaStatus: 'received',
        authorisationId,
        _links: { scaRedirect: links.scaRedirect, scaStatus: links.scaStatus },
      },
      201,
    );
  });
  app.all('/:service/:product/:paymentId/authorisations', methodNotAllowed('GET, POST'));

  app.get('/:service/:product/:paymentId/authorisations/:authorisationId', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    const authorisation = await findAuthorisation(await ctx.db(), c.req.param('authorisationId'));
    if (!authorisation || authorisation.payment_id !== payment.id || authorisation.kind !== 'payment') {
      fail(
        404,
        'RESOURCE_UNKNOWN',
        'authorisationId',
        'No authorisation with this id exists for this payment.',
      );
    }
    return c.json({ scaStatus: authorisation.sca_status });
  });
  app.all('/:service/:product/:paymentId/authorisations/:authorisationId', methodNotAllowed('GET'));

  // Cancellation needs no PSU authorisation in the sandbox (DELETE answers 204), so there are never any.
  app.get('/:service/:product/:paymentId/cancellation-authorisations', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    await ownPayment(c, ctx, clientId);
    return c.json({ authorisationIds: [] });
  });
  app.post('/:service/:product/:paymentId/cancellation-authorisations', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    await ownPayment(c, ctx, clientId);
    fail(
      409,
      'STATUS_INVALID',
      null,
      'Cancellation needs no authorisation at this bank: send DELETE on the payment.',
    );
  });
  app.get('/:service/:product/:paymentId/cancellation-authorisations/:authorisationId', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    await ownPayment(c, ctx, clientId);
    fail(404, 'RESOURCE_UNKNOWN', 'authorisationId', 'No cancellation authorisation with this id exists.');
  });

  return app;
}
