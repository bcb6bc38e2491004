import type { Context } from 'hono';
import { describeAjvError, loadPisContract, mostSpecificError } from '../contract.js';
import { type AuthorisationRow, findAuthorisation } from '../db/queries/authorisations.js';
import {
  findPayment,
  type PaymentProduct,
  type PaymentRow,
  type PaymentService,
} from '../db/queries/payments.js';
import { fail } from '../errors.js';
import { checkRequestDate, PAYMENT_PRODUCTS, PAYMENT_SERVICES } from '../pis/payments.js';
import type { AuthorisationKind } from '../sca/approach.js';
import type { UpdateBody } from '../sca/update.js';
import type { SandboxContext } from './env.js';
import { checkPsuHeaders, checkSignatureHeaders, requireRequestId } from './pis-headers.js';

/** What every PIS route reads from its request before the bank acts: path, own payment, own authorisation, body. */

/**
 * Path parameters. An unknown payment-service is 400 SERVICE_INVALID: the 405 variant is kept for a method
 * a known endpoint does not offer (405 promises an Allow header for an existing resource).
 */
export function pathParams(c: Context): { service: PaymentService; product: PaymentProduct } {
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
export async function ownPayment(c: SandboxContext): Promise<PaymentRow> {
  const { service, product } = pathParams(c);
  requireRequestId(c);
  checkPsuHeaders(c, { ipRequired: false });
  checkRequestDate(c.req.header('Date'), c.get('now'));
  const payment = await findPayment(c.get('db'), c.req.param('paymentId') ?? '');
  if (
    !payment ||
    payment.client_id !== c.get('tppClientId') ||
    payment.payment_service !== service ||
    payment.payment_product !== product
  ) {
    fail(404, 'RESOURCE_UNKNOWN', 'paymentId', 'No payment with this paymentId exists for this TPP.');
  }
  return payment;
}

export async function ownAuthorisation(
  c: SandboxContext,
  payment: PaymentRow,
  kind: AuthorisationKind,
): Promise<AuthorisationRow> {
  const authorisation = await findAuthorisation(c.get('db'), c.req.param('authorisationId') ?? '');
  // An authorisation of another payment of the same TPP: the path names a resource the TPP knows, under the wrong
  // payment. BG IG 14.11: RESOURCE_UNKNOWN is 403 "if other resource in path" (another TPP's stays 404).
  if (authorisation && authorisation.payment_id !== payment.id) {
    const other = await findPayment(c.get('db'), authorisation.payment_id);
    if (other?.client_id === c.get('tppClientId')) {
      fail(403, 'RESOURCE_UNKNOWN', 'authorisationId', 'This authorisation belongs to another payment.');
    }
  }
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
export async function readAuthorisationBody(
  c: Context,
  schema: string,
  emptyAllowed: boolean,
): Promise<UpdateBody> {
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
    const specific = mostSpecificError(validate.errors ?? []);
    const { path, text } = specific
      ? describeAjvError(specific)
      : { path: '', text: 'The body is not valid.' };
    fail(400, 'FORMAT_ERROR', path || null, text);
  }
  return body as UpdateBody;
}

/** The methods each endpoint of the payment interface offers; routes/pis.ts answers any other with 405. */
export const PIS_ENDPOINT_METHODS = {
  initiation: ['POST'],
  payment: ['GET', 'DELETE'],
  status: ['GET'],
  authorisations: ['GET', 'POST'],
  authorisation: ['GET', 'PUT'],
} as const;

type PisEndpoint = keyof typeof PIS_ENDPOINT_METHODS;

const PIS_ENDPOINT_PATHS: ReadonlyArray<readonly [RegExp, PisEndpoint]> = [
  [/^\/psd2\/api\/v1\/[^/]+\/[^/]+\/?$/, 'initiation'],
  [/^\/psd2\/api\/v1\/[^/]+\/[^/]+\/[^/]+\/?$/, 'payment'],
  [/^\/psd2\/api\/v1\/[^/]+\/[^/]+\/[^/]+\/status\/?$/, 'status'],
  [/^\/psd2\/api\/v1\/[^/]+\/[^/]+\/[^/]+\/(cancellation-)?authorisations\/?$/, 'authorisations'],
  [/^\/psd2\/api\/v1\/[^/]+\/[^/]+\/[^/]+\/(cancellation-)?authorisations\/[^/]+\/?$/, 'authorisation'],
];

/**
 * The `Allow` header of a 405 that refuses `method` on `path`: the other methods its endpoint offers. Empty where
 * it offers no other, which RFC 9110 10.2.1 gives for "a 405 response if the resource has been temporarily
 * disabled by configuration" (an initiation endpoint whose POST the bank does not take now).
 */
export function allowBesides(path: string, method: string): string {
  const endpoint = PIS_ENDPOINT_PATHS.find(([pattern]) => pattern.test(path))?.[1];
  const offered: readonly string[] = endpoint ? PIS_ENDPOINT_METHODS[endpoint] : [];
  return offered.filter((offeredMethod) => offeredMethod !== method.toUpperCase()).join(', ');
}

export function methodNotAllowed(endpoint: PisEndpoint) {
  const allow = PIS_ENDPOINT_METHODS[endpoint].join(', ');
  return (c: Context) => {
    c.header('Allow', allow);
    fail(405, 'SERVICE_INVALID', null, `${c.req.method} is not offered here; allowed: ${allow}.`);
  };
}
