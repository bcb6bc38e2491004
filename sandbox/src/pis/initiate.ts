import { randomUUID } from 'node:crypto';
import type { ExecutionDelays } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import { accountFunds } from '../db/queries/accounts.js';
import { sandboxNow } from '../db/queries/clock.js';
import { insertInitiationFailure } from '../db/queries/initiation-failures.js';
import {
  findIdempotencyOutcome,
  findPayment,
  findPaymentByIdempotencyKey,
  type PaymentProduct,
  type PaymentRow,
  type PaymentService,
  paymentInformationIdUsed,
  paymentInserts,
} from '../db/queries/payments.js';
import { insertAll } from '../db/queries/sql.js';
import { fail, type TppError } from '../errors.js';
import { APPROACH_HEADER, decideApproach, onBankPages, type ScaPreferences } from '../sca/approach.js';
import { authorisationInserts } from '../sca/decisions.js';
import { planInitiation } from '../sca/initiation-plan.js';
import { canonicalJson } from '../shared/canonical-json.js';
import { sha256Hex } from '../shared/secrets.js';
import { approvePayment } from './approval.js';
import { checkProductFor, type OtherBanks } from './creditor-checks.js';
import { foreignCurrencyFees } from './fees.js';
import { validateInitiationBody } from './validate-body.js';

/** The headers of part 4.1 of an initiation, checked and read by the HTTP layer (http/pis-headers.ts). */
export interface InitiationHeaders {
  requestId: string;
  language: 'is' | 'en';
  psuIpAddress: string;
  redirectUri: string | null;
  nokRedirectUri: string | null;
  rejectionNoFundsPreferred: boolean | null;
  notificationUri: string | null;
  notificationContentPreferred: string | null;
  idempotencyKey: string | null;
}

/** What an initiation asks for, as plain values. */
export interface InitiationRequest {
  clientId: string;
  service: PaymentService;
  product: PaymentProduct;
  headers: InitiationHeaders;
  sca: ScaPreferences;
  /** The parsed JSON body, checked here against the contract. */
  body: unknown;
  /** The sandbox clock at the request, read once for it (http/middleware/tpp-auth.ts). */
  at: number;
}

/** A new payment (its 201 answer), or the payment a concurrent request with the same Idempotency-Key made. */
export type InitiationResult =
  | { kind: 'created'; response: Record<string, unknown>; approachHeader: string; location: string }
  | { kind: 'earlier'; payment: PaymentRow };

/** What an Idempotency-Key already stands for: the payment it made, or the refusal it got. */
export type EarlierOutcome =
  | { kind: 'payment'; payment: PaymentRow }
  | { kind: 'refused'; status: number; error: TppError | null };

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
export async function earlierOutcome(
  db: Queryable,
  clientId: string,
  key: string,
): Promise<EarlierOutcome | undefined> {
  const { payment, refusal } = await findIdempotencyOutcome<TppError>(db, clientId, key);
  if (payment) return { kind: 'payment', payment };
  return refusal && { kind: 'refused', status: refusal.status, error: refusal.error };
}

/** The refusal of an initiation under an Idempotency-Key: a retry under the key gets it again. */
export async function recordRefusal(
  db: Queryable,
  clientId: string,
  key: string,
  status: number,
  error: TppError | null,
) {
  await insertInitiationFailure(db, { clientId, key, status, error, at: await sandboxNow(db) });
}

/**
 * A payment initiation: the body against the contract and the bank's rules, the SCA approach, fees and the
 * integrated funds check; then the payment (RCVD, or ACTC when exempted) and its first authorisation, in one
 * statement (with the approval of an exempted one, one transaction).
 */
export async function initiate(
  db: Db,
  request: InitiationRequest,
  bank: { delays: ExecutionDelays; publicUrl: string; otherBanks?: OtherBanks },
): Promise<InitiationResult> {
  const { clientId, service, product, headers, body } = request;
  const requestHash = sha256Hex(`${service}\n${product}\n${canonicalJson(body)}`);

  // A concurrent request with the same key may have made the payment meanwhile: its answer, as above.
  const idempotent = async (): Promise<InitiationResult | undefined> => {
    if (!headers.idempotencyKey) return undefined;
    const payment = await findPaymentByIdempotencyKey(db, clientId, headers.idempotencyKey);
    return payment && { kind: 'earlier', payment };
  };

  const now = request.at;
  const validated = await validateInitiationBody(db, service, product, body, now, bank.otherBanks);
  await checkProductFor(db, product, validated.debtor.iban);
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
  const decided = await decideApproach(db, validated.debtor, request.sca);
  const decision = validated.amountStatedByPsu ? onBankPages(decided) : decided;
  // "Mandated for the redirect approach" (spec 4.1): every answer that carries ASPSP-SCA-Approach REDIRECT, so
  // OAuth and multilevel too. A missing mandated header is FORMAT_ERROR with the header as its path (BG IG
  // 14.11: "format of certain request fields ... This applies to headers and body entries").
  if (APPROACH_HEADER[decision.approach] === 'REDIRECT' && !headers.redirectUri) {
    fail(
      400,
      'FORMAT_ERROR',
      'TPP-Redirect-URI',
      'TPP-Redirect-URI is required: this payment is authorised with the redirect SCA approach.',
    );
  }
  const fees = foreignCurrencyFees(service, body_, validated.debtor);
  const totalMinor = validated.totalMinor + fees.totalFeesMinor;
  const noFundsPreferred = headers.rejectionNoFundsPreferred;
  if (
    noFundsPreferred === true &&
    service !== 'periodic-payments' &&
    !validated.amountStatedByPsu &&
    !isForwardDated(body_, now)
  ) {
    // The integrated funds check the TPP asked for: reject the initiation rather than wait for funds.
    if (!(await fundsAvailable(db, validated.debtor.iban, totalMinor))) {
      fail(400, 'INSUFFICIENT_FUNDS', 'debtorAccount', 'The debtor account does not hold enough funds.');
    }
  }

  const paymentId = randomUUID();
  const plan = planInitiation(
    bank.publicUrl,
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
  const inserts = [
    ...paymentInserts(
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
    ),
    ...(plan.authorisation
      ? authorisationInserts(
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
          bank.delays,
        )
      : []),
  ];
  try {
    // The payment, its first status and its authorisation in one statement; a payment exempted from SCA is
    // approved in the same transaction.
    if (plan.transactionStatus !== 'ACTC') await insertAll(db, inserts);
    else {
      await db.transaction(async (tx) => {
        await insertAll(tx, inserts);
        const created = await findPayment(tx, paymentId);
        if (created) await approvePayment(tx, created, now, bank.delays, 'SCA exempted (own accounts)');
      });
    }
  } catch (error) {
    // A concurrent request won the race for the same key or bulk id.
    if (isUniqueViolation(error, 'payments_idempotency')) {
      const again = await idempotent();
      if (again) return again;
    }
    if (isUniqueViolation(error, 'payments_bulk_information_id')) duplicateBulk();
    throw error;
  }
  return {
    kind: 'created',
    response,
    approachHeader: plan.headerValue,
    location: plan.links.self?.href ?? '',
  };
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
