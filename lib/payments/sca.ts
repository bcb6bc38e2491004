import { psuIdHeaderFor } from '@/lib/auth/psu-id';
import {
  type AuthorisationContext,
  authorisationStep,
  confirmStraightThrough,
  confirmWithAccessToken,
  readScaStatus,
} from '@/lib/bank/authorisations';
import { authorisationsUrl, type PaymentRef } from '@/lib/bank/payments';
import type { ScaAnswer } from '@/lib/bank/sca-answer';
import type { Db } from '@/lib/db';
import type { Payment, ScaState } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { costsStepOf } from './costs-step';
import { oauthAuthorisationRequest } from './oauth-request';
import { inPaymentBank } from './payment-bank';
import { returnUris } from './return-state';
import { isFinalScaStatus, recordScaStatus, saveAnswer } from './sca-record';
import type { StatusSource } from './status';
import { mayConfirmStraightThrough } from './straight-through';

export type { ScaState };

export { isFinalScaStatus };

/** What the PSU is asked to do next, derived from the bank's links; the payment page renders it. */
export type ScaStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'oauth' }
  | { kind: 'choose-method'; methods: NonNullable<ScaAnswer['scaMethods']> }
  | { kind: 'otp'; challenge: NonNullable<ScaAnswer['challengeData']>; method?: ScaAnswer['chosenScaMethod'] }
  | { kind: 'password' }
  | { kind: 'confirm' }
  /** The bank takes our straight-through confirmation, which this PSU may not give for this account. */
  | { kind: 'holder-confirms' }
  | { kind: 'decoupled' }
  | { kind: 'another-signer' }
  /**
   * The bank awaits the PSU's authorisation but gives no step this app takes: links it does not follow
   * (lib/bank/sca-answer.ts `unusableLinks`, here named), or none at all.
   */
  | { kind: 'cannot-take'; links: string[] }
  | { kind: 'none' };

export function scaStateOf(payment: Pick<Payment, 'sca'>): ScaState | undefined {
  return payment.sca ?? undefined;
}

/** The payment as its bank knows it, for every read and cancellation there: its id and the links it gave. */
export function bankRefOf(payment: Payment, bankPaymentId: string): PaymentRef {
  return {
    service: payment.service,
    product: payment.product,
    paymentId: bankPaymentId,
    links: scaStateOf(payment)?.initiationLinks,
  };
}

/**
 * Whether the bank still awaits the PSU's authorisation of the payment: it waits for one (RCVD), or its status has
 * not moved from the initiation answer's, which came with the SCA links whatever its code (spec 2.5); never once
 * the authorisation has ended.
 */
export function awaitsAuthorisation(payment: Pick<Payment, 'transactionStatus' | 'sca'>): boolean {
  const sca = scaStateOf(payment);
  if (!sca || isFinalScaStatus(sca.scaStatus)) return false;
  return (
    payment.transactionStatus === 'RCVD' ||
    (sca.initiationStatus !== undefined && payment.transactionStatus === sca.initiationStatus)
  );
}

/**
 * The PSU's next step. `mayConfirmStraightThrough`: whether this PSU may give the bank's straight-through
 * confirmation for the payment's debtor account (`mayConfirmStraightThrough` below); without it they are
 * told that only the account's holder can.
 */
export function nextScaStep(payment: Payment, { mayConfirmStraightThrough = false } = {}): ScaStep {
  const sca = scaStateOf(payment);
  if (!sca || payment.phase !== 'initiated') return { kind: 'none' };
  const { links } = sca;
  // A multilevel payment with some signatures: the next signer starts a new authorisation.
  if (payment.transactionStatus === 'PATC' && sca.initiationLinks.startAuthorisation)
    return { kind: 'another-signer' };
  if (!awaitsAuthorisation(payment)) return { kind: 'none' };
  if (links.scaRedirect) return { kind: 'redirect', url: links.scaRedirect };
  if (links.scaOAuth) return { kind: 'oauth' };
  // The challenge comes only "when challenge data is needed" (spec 2.5): an SMS code may come without.
  if (links.authoriseTransaction || links.startAuthorisationWithTransactionAuthorisation)
    return { kind: 'otp', challenge: sca.challengeData ?? {}, method: sca.chosenScaMethod };
  if (
    (links.selectAuthenticationMethod || links.startAuthorisationWithAuthenticationMethodSelection) &&
    sca.scaMethods
  ) {
    return { kind: 'choose-method', methods: sca.scaMethods };
  }
  if (links.updatePsuAuthentication || links.startAuthorisationWithPsuAuthentication)
    return { kind: 'password' };
  if (links.confirmIobwsStraightThroughProcessingAuthorisation)
    return { kind: mayConfirmStraightThrough ? 'confirm' : 'holder-confirms' };
  if (links.startAuthorisation || links.startAuthorisationWithPsuIdentification)
    return { kind: 'another-signer' };
  // An authorisation to read and no step of ours: the PSU approves at the bank (its scaStatus, where not yet read,
  // comes with the next read); one with links we do not follow asks for those.
  if (links.scaStatus && (sca.scaStatus || !sca.unusableLinks?.length)) return { kind: 'decoupled' };
  // Awaiting the PSU with no link we follow and no authorisation to read (an encrypted start, or no links at
  // all, as spec 2.5 and BG allow): the PSU is told that the bank asks for what this app does not offer.
  return { kind: 'cannot-take', links: sca.unusableLinks ?? [] };
}

/** For the payment page: whether its next step is the straight-through confirmation, and this PSU may give it. */
export async function mayConfirmNextStep(db: Db, payment: Payment): Promise<boolean> {
  if (!scaStateOf(payment)?.links.confirmIobwsStraightThroughProcessingAuthorisation) return false;
  return mayConfirmStraightThrough(db, payment);
}

/** The step our payment page offers this PSU: `nextScaStep`, with their right to a straight-through confirmation. */
export async function scaStepFor(db: Db, payment: Payment): Promise<ScaStep> {
  return nextScaStep(payment, { mayConfirmStraightThrough: await mayConfirmNextStep(db, payment) });
}

/** Refused before anything is sent: the PSU may not confirm straight through from this account. */
export class NotAccountHolderError extends Error {
  constructor(paymentId: string) {
    super(
      `The PSU may not confirm payment ${paymentId} straight through: an account it debits is not theirs`,
    );
    this.name = 'NotAccountHolderError';
  }
}

/**
 * Refused before anything is sent: the payment has costs the PSU has not continued past, or stopped at.
 * "Continue to your bank" on the costs page is the only way on; a stop is a stop.
 */
export class CostsUndecidedError extends Error {
  constructor(paymentId: string) {
    super(`No SCA step is taken for payment ${paymentId}: its costs were not accepted`);
    this.name = 'CostsUndecidedError';
  }
}

export function authorisationContext(
  payment: Payment,
  psuIpAddress: string,
  psuId?: string,
): AuthorisationContext {
  const uris = returnUris(payment.id, payment.psuId);
  return {
    psuIpAddress,
    scaLanguage: payment.scaLanguage,
    redirectUri: uris.ok,
    nokRedirectUri: uris.nok,
    psuId,
  };
}

/** The PSU's own way to the bank's SCA is taken only past the costs ("Continue to your bank"); a stop is a stop. */
export function assertPastCosts(payment: Payment): void {
  if (costsStepOf(payment) !== null) throw new CostsUndecidedError(payment.id);
}

/**
 * Confirms the authorisation at its `confirmation` link (BG IG 7.6.4) with what the PSU came back with: the
 * redirect's `confirmationCode`, or the access token the OAuth approach's `code` was exchanged for
 * (lib/payments/oauth-confirm.ts). False when the bank refuses it.
 */
export async function confirmAuthorisation(
  db: Db,
  payment: Payment,
  input: Extract<ScaInput, { kind: 'confirmation-code' | 'access-token' }>,
  ip: string,
): Promise<boolean> {
  try {
    await advanceSca(db, payment, input, authorisationContext(payment, ip), 'redirect');
    return true;
  } catch (error) {
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      'authorisation confirmation refused',
    );
    return false;
  }
}

export type ScaInput =
  | { kind: 'start' }
  | { kind: 'method'; methodId: string }
  | { kind: 'otp'; otp: string }
  | { kind: 'password'; password: string }
  | { kind: 'confirm' }
  /** The redirect's `confirmationCode` the bank hands back, for its `confirmation` link. */
  | { kind: 'confirmation-code'; code: string }
  /** The access token obtained with the OAuth approach's code (BG IG 13.3), which confirms at that link. */
  | { kind: 'access-token'; accessToken: string }
  /** A new authorisation of the payment (BG IG 7.1) in place of one that cannot be finished (lib/payments/oauth-step.ts). */
  | { kind: 'new-authorisation' };

/**
 * Takes the step the PSU asked for at the link the bank gave for it, and records the answer.
 * Returns where the browser goes next, if anywhere.
 */
export function advanceSca(
  db: Db,
  payment: Payment,
  input: ScaInput,
  context: AuthorisationContext,
  source: StatusSource = 'confirmation',
): Promise<{ payment: Payment; redirectTo?: string }> {
  return inPaymentBank(payment, () => advanceScaAtBank(db, payment, input, context, source));
}

async function advanceScaAtBank(
  db: Db,
  payment: Payment,
  input: ScaInput,
  context: AuthorisationContext,
  source: StatusSource,
): Promise<{ payment: Payment; redirectTo?: string }> {
  const sca = scaStateOf(payment);
  if (!sca) throw new Error('No SCA for this payment');
  // The bank's code on return was given at the bank; every other step is the PSU's own here.
  if (input.kind !== 'confirmation-code' && input.kind !== 'access-token') assertPastCosts(payment);
  const { links, initiationLinks } = sca;
  // The signed-in PSU takes this step: identified by PSU-ID where the operator sends it. A plain
  // start ("no data to be uploaded") may be another signer's, so it carries none.
  const identified: AuthorisationContext =
    context.psuId === undefined ? { ...context, psuId: await psuIdHeaderFor(payment.psuId, db) } : context;
  let answer: ScaAnswer;
  // Whether the step starts a new authorisation (a POST to the payment's authorisations), not a step of the one kept.
  let started = true;
  switch (input.kind) {
    case 'start': {
      const plain = initiationLinks.startAuthorisation ?? links.startAuthorisation;
      const identifying =
        initiationLinks.startAuthorisationWithPsuIdentification ??
        links.startAuthorisationWithPsuIdentification;
      if (plain) answer = await authorisationStep('POST', plain, {}, context);
      else answer = await authorisationStep('POST', required(identifying), {}, identified);
      break;
    }
    case 'method': {
      const start = links.startAuthorisationWithAuthenticationMethodSelection;
      started = start !== undefined;
      answer = start
        ? await authorisationStep('POST', start, { authenticationMethodId: input.methodId }, identified)
        : await authorisationStep(
            'PUT',
            required(links.selectAuthenticationMethod),
            { authenticationMethodId: input.methodId },
            identified,
          );
      break;
    }
    case 'otp': {
      const start = links.startAuthorisationWithTransactionAuthorisation;
      const body = { scaAuthenticationData: input.otp };
      started = start !== undefined;
      answer = start
        ? await authorisationStep('POST', start, body, identified)
        : await authorisationStep('PUT', required(links.authoriseTransaction), body, identified);
      break;
    }
    case 'password': {
      const start = links.startAuthorisationWithPsuAuthentication;
      const body = { psuData: { password: input.password } };
      started = start !== undefined;
      answer = start
        ? await authorisationStep('POST', start, body, identified)
        : await authorisationStep('PUT', required(links.updatePsuAuthentication), body, identified);
      break;
    }
    case 'confirm':
      started = false;
      if (!(await mayConfirmStraightThrough(db, payment))) throw new NotAccountHolderError(payment.id);
      // Spec 2.5: a confirmation holding "a reason or id generated by the caller"; lib/bank sends it in the
      // member the bank's dialect names.
      answer = await confirmStraightThrough(
        required(links.confirmIobwsStraightThroughProcessingAuthorisation),
        `greidsla:${payment.id}`,
        identified,
      );
      break;
    case 'confirmation-code':
      started = false;
      answer = await authorisationStep(
        'PUT',
        required(links.confirmation),
        { confirmationCode: input.code },
        identified,
      );
      break;
    case 'access-token':
      started = false;
      answer = await confirmWithAccessToken(required(links.confirmation), input.accessToken, identified);
      break;
    case 'new-authorisation':
      answer = await authorisationStep(
        'POST',
        authorisationsUrl(bankRefOf(payment, required(payment.bankPaymentId ?? undefined))),
        {},
        context,
      );
      break;
  }
  // The next signer of a multilevel payment starts their own authorisation; any other new one is the PSU's again.
  const signer = input.kind === 'start' && payment.transactionStatus === 'PATC';
  const updated = await saveAnswer(db, payment.id, answer, source, started, signer ? 'signer' : 'again');
  if (answer.links.scaRedirect) return { payment: updated, redirectTo: answer.links.scaRedirect };
  if (answer.links.scaOAuth && !isFinalScaStatus(answer.scaStatus))
    return { payment: updated, redirectTo: await oauthAuthorisationRequest(db, updated) };
  return { payment: updated };
}

function required(link: string | undefined): string {
  if (!link) throw new Error('The bank gave no link for this step');
  return link;
}

/** Re-reads the scaStatus of the authorisation in progress (decoupled approval, return from the bank). */
export async function syncScaStatus(
  db: Db,
  payment: Payment,
  source: StatusSource,
  psuIpAddress: string,
): Promise<void> {
  const sca = scaStateOf(payment);
  if (!sca?.links.scaStatus || isFinalScaStatus(sca.scaStatus)) return;
  const link = sca.links.scaStatus;
  const status = await inPaymentBank(payment, () => readScaStatus(link, psuIpAddress));
  await recordScaStatus(db, payment.id, link, status, source);
}
