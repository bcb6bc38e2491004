import type { MiddlewareHandler } from 'hono';
import { fail } from '../../errors.js';
import { PAYMENT_PRODUCTS, PAYMENT_SERVICES } from '../../pis/payments.js';
import type { SandboxEnv } from '../env.js';

const SERVICE_PATH = /^\/psd2\/api\/v1\/([^/]+)\/([^/]+)/;

/**
 * What this bank does not offer (banks.ts) is answered as a bank without it would: a payment service it lacks
 * with 400 SERVICE_INVALID, a payment product with 404 PRODUCT_UNKNOWN, as an unknown one is (pis-resources.ts).
 */
export const bankOffer: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const match = SERVICE_PATH.exec(c.req.path);
  const { services, products, name } = c.get('bank').profile;
  const service = match?.[1] ?? '';
  const product = match?.[2] ?? '';
  if (
    (PAYMENT_SERVICES as readonly string[]).includes(service) &&
    !(services as string[]).includes(service)
  ) {
    fail(400, 'SERVICE_INVALID', 'payment-service', `${name} does not offer ${service}.`);
  }
  if (
    (PAYMENT_PRODUCTS as readonly string[]).includes(product) &&
    !(products as string[]).includes(product)
  ) {
    fail(404, 'PRODUCT_UNKNOWN', 'payment-product', `${name} does not offer ${product}.`);
  }
  await next();
};
