import { z } from 'zod';
import { type BankNote, boundedBankText } from './bank-text';
import { withChallengeImage } from './challenge-image';
import { callBank } from './client';
import { type PaymentCosts, readCosts } from './costs';
import type { ClaimToPay, WireProduct } from './dialects';
import { BankError, BankProtocolError } from './errors';
import { type ScaAnswer, scaFieldsSchema, toScaAnswer } from './sca-answer';
import { currentBank, currentDialect } from './scope';

export type { ClaimToPay };

export type PaymentService = 'payments' | 'bulk-payments' | 'periodic-payments';
export type PaymentProduct = 'credit-transfers' | 'card-deposits';

// What a 201 must carry to be read (spec 2.5); its SCA members, the links among them, are read one by one
// (scaFieldsSchema), one outside its type left out.
const initiationResponseSchema = z.object({
  transactionStatus: z.string().min(1),
  paymentId: z.string().min(1),
  _links: z.record(z.string(), z.unknown()),
});

const statusResponseSchema = z.object({
  transactionStatus: z.string().min(1),
  psuMessage: z.unknown().optional(),
  // BG IG 4.14.1, IOBWS 3.2: whether a funds check found the money, with ACTC, ACWC or ACCP; read leniently.
  fundsAvailable: z.unknown().optional(),
});

export type InitiationResponse = z.infer<typeof initiationResponseSchema>;

export interface InitiatePaymentInput {
  service: PaymentService;
  product: PaymentProduct;
  body: unknown;
  idempotencyKey: string;
  psuIpAddress: string;
  scaLanguage: 'is' | 'en';
  redirectUri: string;
  nokRedirectUri: string;
  /** Where the bank may post status notifications, with what it should send (`status=...`). */
  notification?: { uri: string; contentPreferred: string };
  /** The PSU's kennitala, where the operator sends it (BANK_SEND_PSU_ID). */
  psuId?: string;
  psuUserAgent?: string;
  /**
   * The claim a single credit transfer pays (a bill, lib/bills): at a bank that takes `claim-payments`
   * (IOBWS 3.2), it is sent as a claim payment; elsewhere as the credit transfer it is.
   */
  claim?: ClaimToPay;
}

/** What is sent for a payment: its product and body as its bank's dialect has them. */
function wirePayment(input: InitiatePaymentInput): { product: WireProduct; body: unknown } {
  const bank = currentBank('payments');
  const dialect = currentDialect('payments');
  const ours = (input.body ?? {}) as Record<string, unknown>;
  if (
    input.claim &&
    bank.claimPayments &&
    dialect.toClaimPaymentBody &&
    input.service === 'payments' &&
    input.product === 'credit-transfers'
  )
    return { product: 'claim-payments', body: dialect.toClaimPaymentBody(ours, input.claim) };
  return { product: input.product, body: dialect.toBankBody(input.service, ours) };
}

/**
 * A refusal of an initiation, its messages' paths naming the members of our body they came from (the dialect's
 * `fromBankPath`), so that each is told beside the form's field. A claim payment's body is not ours: as it is.
 */
function inOurNames(error: BankError, service: PaymentService, product: WireProduct): BankError {
  const { fromBankPath } = currentDialect('payments');
  if (!fromBankPath || product === 'claim-payments') return error;
  return error.withPaths((path) => fromBankPath(service, path));
}

/** `{payments URL}{prefix}/{service}/{product}`: payment spec 2.1 `/api/v1/…`, IOBWS 3.2 `/v1/…`. */
function servicePath(service: PaymentService, product: WireProduct): string {
  return `${currentBank('payments').urls.payments}${currentDialect('payments').paymentsPrefix}/${service}/${product}`;
}

export interface Initiated {
  paymentId: string;
  transactionStatus: string;
  scaRedirect?: string;
  /** What the bank said about SCA: its links (absolute), methods, challenge and message. */
  sca: ScaAnswer;
  /** Fees and exchange rate as the answer gave them (spec 2.5); members we could not read left out. */
  costs: PaymentCosts;
  /** Names of cost members the answer carried in a shape we could not read. */
  unreadableCosts: string[];
  /** WARNING messages of the answer (spec part 7). */
  notes: BankNote[];
  requestId: string;
  /** The product the bank was sent: `claim-payments` where a bill went as a claim payment. */
  product: WireProduct;
}

export async function initiatePayment(input: InitiatePaymentInput): Promise<Initiated> {
  const wire = wirePayment(input);
  const response = await callBank('payments', {
    method: 'POST',
    url: servicePath(input.service, wire.product),
    json: wire.body,
    headers: {
      'PSU-IP-Address': input.psuIpAddress,
      'PSU-ID': input.psuId,
      'PSU-Accept-Language': input.scaLanguage,
      'PSU-User-Agent': input.psuUserAgent,
      'TPP-Redirect-Preferred': 'true',
      'TPP-Redirect-URI': input.redirectUri,
      'TPP-Nok-Redirect-URI': input.nokRedirectUri,
      'Idempotency-Key': input.idempotencyKey,
      'TPP-Notification-URI': input.notification?.uri,
      'TPP-Notification-Content-Preferred': input.notification?.contentPreferred,
    },
  }).catch((error: unknown) => {
    throw error instanceof BankError ? inOurNames(error, input.service, wire.product) : error;
  });
  const answer = readInitiationAnswer(response.body);
  if (!answer) throw new BankProtocolError('The bank answered the initiation without a payment id');
  return {
    ...answer,
    sca: await withChallengeImage(answer.sca),
    requestId: response.requestId,
    product: wire.product,
  };
}

/**
 * The 201 answer of an initiation as we keep it (spec 2.5), read within the spec's types: only a missing
 * paymentId, transactionStatus or `_links` makes it unreadable. A member we cannot use (a cost in a shape
 * we cannot show, a link that is no URL, an unusable OTP length) is left out, never the answer with it.
 * The challenge image behind a link is not read here (`withChallengeImage`).
 */
export function readInitiationAnswer(body: unknown): Omit<Initiated, 'requestId' | 'product'> | undefined {
  const parsed = initiationResponseSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const sca = toScaAnswer(scaFieldsSchema.parse(body));
  const { costs, unreadable } = readCosts(body);
  return {
    paymentId: parsed.data.paymentId,
    transactionStatus: parsed.data.transactionStatus,
    scaRedirect: sca.links.scaRedirect,
    sca,
    costs,
    unreadableCosts: unreadable,
    notes: sca.notes ?? [],
  };
}

export interface PaymentRef {
  service: PaymentService;
  product: PaymentProduct;
  paymentId: string;
  /** The `_links` of the initiation answer (absolute): `self` and `status` are used where given. */
  links?: Record<string, string>;
}

/**
 * The payment resource (`self`) or its status (`status`) at the link the bank gave with the initiation;
 * built from the path the reference documents only when the bank gave none.
 */
function paymentUrl(ref: PaymentRef, link: 'self' | 'status'): string {
  const given = ref.links?.[link];
  if (given) return given;
  const self = `${servicePath(ref.service, ref.product)}/${encodeURIComponent(ref.paymentId)}`;
  return link === 'self' ? self : `${self}/status`;
}

/** Where a new authorisation sub-resource of the payment is started (BG IG 7.1: POST …/{paymentId}/authorisations). */
export function authorisationsUrl(ref: PaymentRef): string {
  return `${paymentUrl(ref, 'self')}/authorisations`;
}

/** What a status read says: the payment's transactionStatus, and the bank's words for the PSU with it, if any. */
export interface PaymentStatusAnswer {
  transactionStatus: string;
  /** IOBWS 3.2 and the Berlin Group give a status answer a psuMessage ("text to show to the PSU"). */
  psuMessage?: string;
  /** Whether the bank's funds check found the money (BG IG 4.14.1, IOBWS 3.2), where it says. */
  fundsAvailable?: boolean;
}

/**
 * The payment's transactionStatus, with the bank's psuMessage. `psuIpAddress` is the PSU's, when they are the
 * reason for the read (back from the bank, looking at the payment); a read the app makes on its own carries none
 * (the header is optional here, and would otherwise claim a PSU who is not there).
 */
export async function readPaymentStatus(
  ref: PaymentRef,
  psuIpAddress?: string,
): Promise<PaymentStatusAnswer> {
  const response = await callBank('payments', {
    method: 'GET',
    url: paymentUrl(ref, 'status'),
    headers: { 'PSU-IP-Address': psuIpAddress },
  });
  const parsed = statusResponseSchema.safeParse(response.body);
  if (!parsed.success) throw new BankProtocolError('The bank answered the status read without a status');
  const psuMessage = boundedBankText(parsed.data.psuMessage);
  const { fundsAvailable } = parsed.data;
  return {
    transactionStatus: parsed.data.transactionStatus,
    ...(psuMessage ? { psuMessage } : {}),
    ...(typeof fundsAvailable === 'boolean' ? { fundsAvailable } : {}),
  };
}

/**
 * The payment information (spec 2.6), read at the payment's `self` link: `GET {base_url}/api/v1/
 * {payment-service}/{payment-product}/{paymentId}`. The body as the bank gave it.
 */
export async function readPaymentInformation(ref: PaymentRef): Promise<unknown> {
  const response = await callBank('payments', { method: 'GET', url: paymentUrl(ref, 'self') });
  return currentDialect('payments').fromBankPaymentInformation(ref.service, response.body);
}

/**
 * A cancellation done, or left for the PSU to confirm at the bank (its page, `sca`; its app, `pending`), with the
 * address of that cancellation authorisation's scaStatus where the bank's answer gave it.
 */
export type CancellationOutcome =
  | { kind: 'cancelled' }
  | { kind: 'sca'; redirectTo: string; scaStatusUrl?: string }
  | { kind: 'pending'; psuMessage?: string; scaStatusUrl?: string };

export interface CancellationContext {
  psuIpAddress: string;
  scaLanguage: 'is' | 'en';
  redirectUri: string;
  nokRedirectUri: string;
  /** The PSU's kennitala, where the operator sends it; used where the bank asks to identify the PSU. */
  psuId?: string;
}

// Links that ask the TPP for something (a page, a start, data) rather than point at a resource.
const actionLinks = /^(scaRedirect|scaOAuth|confirmation|start|update|select|authorise|confirm)/;

/**
 * Asks the bank to cancel a payment (DELETE on the payment's `self` link). 204: the DELETE cancelled
 * it. 202: the PSU must authorise the cancellation (reference: RECEIVED_202_PaymentInitiationCancel),
 * by the links the answer gives: the bank's page (`scaRedirect`), or a start of a cancellation
 * authorisation (`startAuthorisation`, or `startAuthorisationWithPsuIdentification` with PSU-ID),
 * whose answer leads to the bank's page or, decoupled, to the bank's app (`pending`). A 202 that asks for
 * nothing is taken by its transactionStatus (ÍST TS 310 has no cancellation authorisation); one whose
 * authorisation we cannot take (embedded data, OAuth) is an error.
 */
export async function cancelPayment(
  ref: PaymentRef,
  context: CancellationContext,
): Promise<CancellationOutcome> {
  const headers = {
    'PSU-IP-Address': context.psuIpAddress,
    'PSU-Accept-Language': context.scaLanguage,
    'TPP-Redirect-Preferred': 'true',
    'TPP-Redirect-URI': context.redirectUri,
    'TPP-Nok-Redirect-URI': context.nokRedirectUri,
  };
  const response = await callBank('payments', { method: 'DELETE', url: paymentUrl(ref, 'self'), headers });
  const answer = scaAnswerOf(response.body);
  const asksMore = Object.keys(answer.links).some((name) => actionLinks.test(name));
  if (response.status !== 202 && !asksMore) return { kind: 'cancelled' };
  // A 202 that asks nothing of the PSU (ÍST TS 310 has no cancellation authorisation): the bank took the request,
  // and its transactionStatus, read again next, says where the payment stands.
  if (!asksMore && answer.scaStatus === undefined)
    return { kind: transactionStatusOf(response.body) === 'CANC' ? 'cancelled' : 'pending' };
  if (answer.links.scaRedirect) return afterCancellationStart(answer);
  const plain = answer.links.startAuthorisation;
  const identifying = answer.links.startAuthorisationWithPsuIdentification;
  if (plain || identifying) {
    const started = await callBank('payments', {
      method: 'POST',
      url: (plain ?? identifying) as string,
      headers: { ...headers, 'PSU-ID': plain ? undefined : context.psuId },
      json: {},
    });
    return afterCancellationStart(scaAnswerOf(started.body));
  }
  return afterCancellationStart(answer);
}

function transactionStatusOf(body: unknown): string | undefined {
  const parsed = statusResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.transactionStatus : undefined;
}

function scaAnswerOf(body: unknown): ScaAnswer {
  const parsed = scaFieldsSchema.safeParse(body ?? {});
  return toScaAnswer(parsed.success ? parsed.data : {});
}

function afterCancellationStart(answer: ScaAnswer): CancellationOutcome {
  const { scaStatus: scaStatusUrl } = answer.links;
  const read = scaStatusUrl ? { scaStatusUrl } : {};
  if (answer.links.scaRedirect) return { kind: 'sca', redirectTo: answer.links.scaRedirect, ...read };
  const status = answer.scaStatus;
  if (status === 'finalised' || status === 'exempted') return { kind: 'cancelled' };
  const actions = Object.keys(answer.links).filter((name) => actionLinks.test(name));
  // Decoupled: an authorisation under way with nothing for us to send; the PSU approves in the app.
  if (status && status !== 'failed' && actions.length === 0)
    return { kind: 'pending', psuMessage: answer.psuMessage, ...read };
  throw new BankProtocolError(
    `The bank asked for a cancellation authorisation this app cannot take (scaStatus ${status ?? 'none'}; links ${actions.join(', ') || 'none'})`,
  );
}
