import { type Context, Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { describeAjvError, loadPisContract } from '../contract.js';
import { findAccountHolder } from '../db/queries/accounts.js';
import {
  type AuthorisationRow,
  authorisationIdsOf,
  findAuthorisation,
} from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  findPayment,
  type PaymentProduct,
  type PaymentRow,
  type PaymentService,
} from '../db/queries/payments.js';
import { fail } from '../errors.js';
import { readScaPreferences } from '../http/sca-preferences.js';
import { cancelPayment } from '../pis/approval.js';
import { authenticateTpp } from '../pis/auth.js';
import { checkPsuHeaders, checkSignatureHeaders, isUuid, requireRequestId } from '../pis/headers.js';
import { initiatePayment } from '../pis/initiate.js';
import { PAYMENT_PRODUCTS, PAYMENT_SERVICES } from '../pis/payments.js';
import { preferredFormat, respond } from '../pis/respond.js';
import type { AuthorisationKind } from '../sca/approach.js';
import { authorisationResponse } from '../sca/authorisation-response.js';
import { cancellationNeedsSca } from '../sca/decisions.js';
import { paymentHref } from '../sca/links.js';
import { methodsFor } from '../sca/methods.js';
import { startAuthorisation } from '../sca/start.js';
import { applyUpdate, type UpdateBody } from '../sca/update.js';

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

async function ownAuthorisation(
  c: Context,
  ctx: SandboxContext,
  payment: PaymentRow,
  kind: AuthorisationKind,
): Promise<AuthorisationRow> {
  const authorisation = await findAuthorisation(await ctx.db(), c.req.param('authorisationId') ?? '');
  if (!authorisation || authorisation.payment_id !== payment.id || authorisation.kind !== kind) {
    fail(
      404,
      'RESOURCE_UNKNOWN',
      'authorisationId',
      'No authorisation with this id exists for this payment.',
    );
  }
  return authorisation;
}

/** A start or update body: JSON checked against the contract; a start may have no body at all. */
async function readAuthorisationBody(c: Context, schema: string, emptyAllowed: boolean): Promise<UpdateBody> {
  const raw = await c.req.text();
  checkSignatureHeaders(c, raw);
  if (raw.trim() === '' && emptyAllowed) return {};
  const contentType = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!contentType.startsWith('application/json')) {
    fail(400, 'FORMAT_ERROR', 'Content-Type', 'Send the body as application/json.');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    fail(400, 'FORMAT_ERROR', null, 'The request body is not valid JSON.');
  }
  const validate = loadPisContract().validator(schema);
  if (!validate(body)) {
    const first = validate.errors?.[0];
    const { path, text } = first ? describeAjvError(first) : { path: '', text: 'The body is not valid.' };
    fail(400, 'FORMAT_ERROR', path || null, text);
  }
  return body as UpdateBody;
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
 * Payment information. A single payment reads back in the shape of spec 2.6: its listed fields (a field sent as
 * null reads back absent: 2.6 does not make every one nullable, chargeBearer for one), the debtor's name from the
 * bank's records, `remittanceInformationStructured` as one string (the references joined), `creditorName`, which
 * 2.6 requires, falling back to the creditor's account identifier when none was sent, and for a payment in another
 * currency the `exchangeRateInformation` and `transactionFeesDetails` its initiation answered with.
 * Periodic and bulk payments read back as initiated.
 */
async function paymentInformation(ctx: SandboxContext, payment: PaymentRow) {
  if (payment.payment_service === 'bulk-payments' && payment.element_statuses) {
    // Settled element by element (PART, or RJCT after a partial check): each element shows its own status.
    const statuses = new Map(payment.element_statuses.map((s) => [s.index, s.transactionStatus]));
    const elements = (payment.body.payments as Array<Record<string, unknown>> | undefined) ?? [];
    return {
      ...payment.body,
      payments: elements.map((element, index) => ({
        ...element,
        transactionStatus: statuses.get(index) ?? payment.transaction_status,
      })),
      transactionStatus: payment.transaction_status,
    };
  }
  if (payment.payment_service !== 'payments')
    return { ...payment.body, transactionStatus: payment.transaction_status };
  const body = payment.body;
  const info: Record<string, unknown> = {};
  for (const field of SINGLE_INFORMATION_FIELDS) {
    if (body[field] !== undefined && body[field] !== null) info[field] = body[field];
  }
  for (const field of ['exchangeRateInformation', 'transactionFeesDetails'] as const) {
    if (payment.response[field] !== undefined) info[field] = payment.response[field];
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
  const owner = await findAccountHolder(await ctx.db(), payment.debtor_iban);
  if (owner) info.debtorName = owner.name.slice(0, 70);
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

  // 406 (no body) when Accept names neither JSON nor XML: decided before anything is done, so that a refused
  // initiation, start or update has made no payment or authorisation the TPP never hears of.
  app.use('*', async (c, next) => {
    if (preferredFormat(c.req.header('Accept')) === null) return c.body(null, 406);
    await next();
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
    return respond(c, await paymentInformation(ctx, payment));
  });

  // Cancellation: at once before SCA (RCVD, PATC); with the PSU's authorisation once authorised but not yet
  // executing (ACTC, PDNG, ACWC, a standing order in ACSP): 202 with startAuthorisation; afterwards 405
  // SERVICE_INVALID. The spec does not say which code; BG IG 4.12 names 405 "the DELETE response code in case of
  // cancellation of a payment initiation, where the payment initiation cannot be cancelled" (IOBWS 3.2:
  // CANCELLATION_INVALID or SERVICE_INVALID, of which part 7 allows SERVICE_INVALID for 405).
  app.delete('/:service/:product/:paymentId', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    const db = await ctx.db();
    const immediate =
      payment.transaction_status === 'RCVD' ||
      payment.transaction_status === 'PATC' ||
      (payment.sca_approach === 'IOBWS' && cancellationNeedsSca(payment));
    if (immediate) {
      await db.transaction(async (tx) => {
        await cancelPayment(tx, payment.id, 'cancelled by the TPP', await sandboxNow(tx));
      });
      return c.body(null, 204);
    }
    if (!cancellationNeedsSca(payment)) {
      // What this payment still offers: reading it.
      c.header('Allow', 'GET');
      fail(
        405,
        'SERVICE_INVALID',
        null,
        `A payment in status ${payment.transaction_status} can no longer be cancelled.`,
      );
    }
    const self = paymentHref(ctx.publicUrl(), {
      id: payment.id,
      service: payment.payment_service,
      product: payment.payment_product,
    });
    return respond(
      c,
      {
        transactionStatus: payment.transaction_status,
        _links: {
          startAuthorisation: { href: `${self}/cancellation-authorisations` },
          self: { href: self },
          status: { href: `${self}/status` },
        },
      },
      202,
    );
  });
  app.all('/:service/:product/:paymentId', methodNotAllowed('GET, DELETE'));

  app.get('/:service/:product/:paymentId/status', async (c) => {
    const clientId = await authenticateTpp(c, ctx);
    const payment = await ownPayment(c, ctx, clientId);
    return respond(c, { transactionStatus: payment.transaction_status });
  });
  app.all('/:service/:product/:paymentId/status', methodNotAllowed('GET'));

  for (const kind of ['payment', 'cancellation'] as const) {
    const path = `/:service/:product/:paymentId/${kind === 'payment' ? 'authorisations' : 'cancellation-authorisations'}`;

    app.get(path, async (c) => {
      const clientId = await authenticateTpp(c, ctx);
      const payment = await ownPayment(c, ctx, clientId);
      return respond(c, { authorisationIds: await authorisationIdsOf(await ctx.db(), payment.id, kind) });
    });

    app.post(path, async (c) => {
      const clientId = await authenticateTpp(c, ctx);
      const payment = await ownPayment(c, ctx, clientId);
      const body = await readAuthorisationBody(c, 'StartAuthorisationRequest', true);
      const result = await startAuthorisation(c, ctx, payment, kind, body);
      return result;
    });
    app.all(path, methodNotAllowed('GET, POST'));

    app.get(`${path}/:authorisationId`, async (c) => {
      const clientId = await authenticateTpp(c, ctx);
      const payment = await ownPayment(c, ctx, clientId);
      const authorisation = await ownAuthorisation(c, ctx, payment, kind);
      return respond(c, { scaStatus: authorisation.sca_status });
    });

    app.put(`${path}/:authorisationId`, async (c) => {
      const clientId = await authenticateTpp(c, ctx);
      const payment = await ownPayment(c, ctx, clientId);
      const authorisation = await ownAuthorisation(c, ctx, payment, kind);
      const body = await readAuthorisationBody(c, 'UpdatePsuDataRequest', false);
      const db = await ctx.db();
      const psuId = readScaPreferences(c).psuId;
      const outcome = await db.transaction(async (tx) => {
        const now = await sandboxNow(tx);
        const fresh = (await findAuthorisation(tx, authorisation.id)) ?? authorisation;
        const current = (await findPayment(tx, payment.id)) ?? payment;
        return applyUpdate(tx, ctx.config.delays, current, fresh, body, psuId, now);
      });
      if (!outcome.ok) outcome.error();
      await (await ctx.scheduler()).tick();
      const updated = (await findAuthorisation(db, authorisation.id)) ?? authorisation;
      const current = (await findPayment(db, payment.id)) ?? payment;
      return respond(
        c,
        authorisationResponse(ctx.publicUrl(), current, updated, await methodsFor(db, current), {
          includeId: false,
        }),
      );
    });
    app.all(`${path}/:authorisationId`, methodNotAllowed('GET, PUT'));
  }

  return app;
}
