import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { type AccountRow, accountFunds } from '../db/queries/accounts.js';
import { sandboxNow } from '../db/queries/clock.js';
import { findInitiationFailure, insertInitiationFailure } from '../db/queries/initiation-failures.js';
import {
  findPayment,
  findPaymentByIdempotencyKey,
  insertPayment,
  type PaymentProduct,
  type PaymentRow,
  type PaymentService,
  paymentInformationIdUsed,
} from '../db/queries/payments.js';
import { fail, sendError, type TppError, TppErrorException } from '../errors.js';
import { readScaPreferences } from '../http/sca-preferences.js';
import { APPROACH_HEADER, type Approach, decideApproach } from '../sca/approach.js';
import { insertAuthorisation } from '../sca/decisions.js';
import { planInitiation } from '../sca/initiation-plan.js';
import { canonicalJson } from '../shared/canonical-json.js';
import { convertMinor, exchangeRate, fromMinorUnits, toMinorUnits } from '../shared/money.js';
import { sha256Hex } from '../shared/secrets.js';
import { approvePayment } from './approval.js';
import { checkInitiationHeaders, checkSignatureHeaders, idempotencyKeyOf } from './headers.js';
import { respond } from './respond.js';
import { validateInitiationBody } from './validate-body.js';

function replay(c: Context, stored: PaymentRow) {
  const links = stored.response._links as { self?: { href?: string } } | undefined;
  c.header('ASPSP-SCA-Approach', APPROACH_HEADER[(stored.sca_approach ?? 'REDIRECT') as Approach]);
  if (links?.self?.href) c.header('Location', links.self.href);
  c.header('X-Request-ID', c.req.header('X-Request-ID') ?? '');
  return respond(c, stored.response, 201);
}

function isUniqueViolation(error: unknown, index: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === index || (e.message ?? '').includes(index));
}

/**
 * Idempotency (ÍST TS 316, "Idempotency"; the spec only names the header): the uniqueness of a request is based
 * on its key alone, per TPP, and the payload is ignored. A key whose operation succeeded answers that 201 again
 * (body, Location, approach); a key whose operation failed answers that error again, so a retry under the same
 * key never turns a refused initiation into a payment.
 */
async function earlierOutcome(
  c: Context,
  db: Queryable,
  clientId: string,
  key: string,
): Promise<Response | undefined> {
  const stored = await findPaymentByIdempotencyKey(db, clientId, key);
  if (stored) return replay(c, stored);
  const failure = await findInitiationFailure<TppError>(db, clientId, key);
  if (!failure) return undefined;
  if (failure.error) return sendError(c, failure.error);
  return c.body(null, failure.status as 415);
}

async function recordFailure(
  db: Queryable,
  clientId: string,
  key: string,
  status: number,
  error: TppError | null,
) {
  await insertInitiationFailure(db, { clientId, key, status, error, at: await sandboxNow(db) });
}

/** POST /psd2/api/v1/{payment-service}/{payment-product}, after authentication and the path checks. */
export async function initiatePayment(
  c: Context,
  ctx: SandboxContext,
  clientId: string,
  service: PaymentService,
  product: PaymentProduct,
) {
  const key = idempotencyKeyOf(c);
  const db = await ctx.db();
  if (key !== null) {
    const earlier = await earlierOutcome(c, db, clientId, key);
    if (earlier) return earlier;
  }
  try {
    const response = await initiate(c, ctx, clientId, service, product);
    if (key !== null && response.status === 415) await recordFailure(db, clientId, key, 415, null);
    return response;
  } catch (error) {
    if (key !== null && error instanceof TppErrorException) {
      await recordFailure(db, clientId, key, error.error.status, error.error);
    }
    throw error;
  }
}

async function initiate(
  c: Context,
  ctx: SandboxContext,
  clientId: string,
  service: PaymentService,
  product: PaymentProduct,
): Promise<Response> {
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

  // A concurrent request with the same key may have made the payment meanwhile: its answer, as above.
  const idempotent = async () => {
    if (!headers.idempotencyKey) return undefined;
    const stored = await findPaymentByIdempotencyKey(db, clientId, headers.idempotencyKey);
    return stored ? replay(c, stored) : undefined;
  };

  const now = await sandboxNow(db);
  const validated = await validateInitiationBody(db, service, body, now);
  const duplicateBulk = () =>
    fail(
      400,
      'FORMAT_ERROR',
      'paymentInformationId',
      'This paymentInformationId was already used for a bulk payment: the bulk is rejected as a duplicate.',
    );
  if (
    validated.paymentInformationId !== null &&
    (await paymentInformationIdUsed(db, clientId, validated.paymentInformationId))
  ) {
    duplicateBulk();
  }

  const body_ = body as Record<string, unknown>;
  const creditorIban =
    service === 'payments'
      ? ((body_.creditorAccount as { iban?: string | null } | undefined)?.iban ?? null)
      : null;
  const decision = await decideApproach(db, validated.debtor, creditorIban, readScaPreferences(c));
  if (decision.approach === 'REDIRECT' && !headers.redirectUri) {
    fail(
      400,
      'FORMAT_ERROR',
      'TPP-Redirect-URI',
      'TPP-Redirect-URI is required: this PSU is authenticated with the redirect SCA approach.',
    );
  }
  const fees = foreignCurrencyFees(service, body_, validated.debtor);
  const totalMinor = validated.totalMinor + fees.totalFeesMinor;
  const noFundsPreferred = headers.rejectionNoFundsPreferred;
  if (noFundsPreferred === true && service !== 'periodic-payments' && !isForwardDated(body_, now)) {
    // The integrated funds check the TPP asked for: reject the initiation rather than wait for funds.
    if (!(await fundsAvailable(db, validated.debtor.iban, totalMinor))) {
      fail(400, 'INSUFFICIENT_FUNDS', 'debtorAccount', 'The debtor account does not hold enough funds.');
    }
  }

  const paymentId = randomUUID();
  const plan = planInitiation(
    ctx.publicUrl(),
    { id: paymentId, service, product },
    decision,
    headers.language,
  );
  const response: Record<string, unknown> = {
    transactionStatus: plan.transactionStatus,
    paymentId,
    ...fees.response,
    ...plan.extra,
    _links: plan.links,
  };
  try {
    await db.transaction(async (tx) => {
      await insertPayment(
        tx,
        {
          id: paymentId,
          client_id: clientId,
          payment_service: service,
          payment_product: product,
          body: body as Record<string, unknown>,
          debtor_iban: validated.debtor.iban,
          total_currency: validated.debtor.currency,
          total_minor: totalMinor,
          payment_information_id: validated.paymentInformationId,
          idempotency_key: headers.idempotencyKey,
          request_hash: requestHash,
          response,
          psu_accept_language: headers.language,
          tpp_redirect_uri: headers.redirectUri,
          tpp_nok_redirect_uri: headers.nokRedirectUri,
          tpp_notification_uri: headers.notificationUri,
          tpp_notification_content_preferred: headers.notificationContentPreferred,
          psu_ip_address: headers.psuIpAddress,
          x_request_id: headers.requestId,
          created_at: now,
          sca_approach: decision.approach,
          psu_username: decision.psuUsername,
          no_funds_preferred: noFundsPreferred,
        },
        'initiated',
      );
      if (plan.authorisation) {
        await insertAuthorisation(
          tx,
          {
            id: plan.authorisation.id,
            paymentId,
            kind: 'payment',
            scaStatus: plan.authorisation.scaStatus,
            approach: plan.authorisation.approach,
            methodId: plan.authorisation.methodId,
            psuUsername: plan.authorisation.scaStatus === 'exempted' ? decision.psuUsername : null,
          },
          now,
          ctx.config.delays,
        );
      }
      if (plan.transactionStatus === 'ACTC') {
        const created = await findPayment(tx, paymentId);
        if (created) await approvePayment(tx, created, now, ctx.config.delays, 'SCA exempted (own accounts)');
      }
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
  c.header('ASPSP-SCA-Approach', plan.headerValue);
  c.header('Location', plan.links.self?.href ?? '');
  c.header('X-Request-ID', headers.requestId);
  return respond(c, response, 201);
}

function isForwardDated(body: Record<string, unknown>, now: number): boolean {
  const date = body.requestedExecutionDate;
  return typeof date === 'string' && Date.parse(date) > now + 60_000;
}

async function fundsAvailable(db: Queryable, iban: string, minor: bigint): Promise<boolean> {
  const funds = await accountFunds(db, iban);
  if (!funds) return false;
  return funds.balanceMinor - funds.heldMinor >= minor;
}

/** Fixed sandbox price list for a payment in another currency than the debtor account. */
const TRANSFER_FEE_ISK = 450n;
const CONVERSION_FEE_PERCENT = 1n;

function foreignCurrencyFees(service: PaymentService, body: Record<string, unknown>, debtor: AccountRow) {
  type Amount = { currency: string; amount: string };
  const amounts: Amount[] =
    service === 'bulk-payments'
      ? ((body.payments as Array<{ instructedAmount: Amount }>) ?? []).map((p) => p.instructedAmount)
      : body.instructedAmount
        ? [body.instructedAmount as Amount]
        : [];
  const foreign = amounts.filter((a) => a.currency !== debtor.currency);
  const first = foreign[0];
  if (!first) return { totalFeesMinor: 0n, response: {} };
  let converted = 0n;
  for (const a of foreign)
    converted += convertMinor(toMinorUnits(a.amount, a.currency), a.currency, debtor.currency);
  const conversion = (converted * CONVERSION_FEE_PERCENT + 99n) / 100n;
  const transfer = convertMinor(TRANSFER_FEE_ISK, 'ISK', debtor.currency);
  const money = (minor: bigint) => ({
    currency: debtor.currency,
    amount: fromMinorUnits(minor, debtor.currency),
  });
  return {
    totalFeesMinor: conversion + transfer,
    response: {
      transactionFees: money(conversion + transfer),
      currencyConversionFee: money(conversion),
      transactionFeeIndicator: true,
      transactionFeesDetails: [
        { feeType: 'TRANSFER', value: money(transfer) },
        { feeType: 'CURRENCY_CONVERSION', value: money(conversion) },
      ],
      exchangeRateInformation: {
        unitCurrency: first.currency,
        exchangeRate: exchangeRate(first.currency, debtor.currency),
        rateType: 'SALE',
      },
    },
  };
}
