import { randomBytes } from 'node:crypto';
import type { ExecutionDelays } from '../config.js';
import type { Queryable } from '../db/db.js';
import { ownerOfAccount } from '../db/queries/accounts.js';
import {
  authorisationInsert,
  closeAuthorisation,
  countSigners,
  findAuthorisation,
  updateAuthorisation,
} from '../db/queries/authorisations.js';
import { findPayment, type PaymentRow, recordStatus } from '../db/queries/payments.js';
import { signersOf } from '../db/queries/psus.js';
import { transitionInsert } from '../db/queries/scheduled-transitions.js';
import { type Insert, insertAll } from '../db/queries/sql.js';
import { approvePayment, cancelPayment, rejectPayment, SCA_AUTO_APPROVE } from '../pis/approval.js';
import { sha256Hex } from '../shared/secrets.js';
import type { Approach, AuthorisationKind } from './approach.js';

/**
 * How an authorisation comes into being and how it ends: finalised (the payment approved, or cancelled for a
 * cancellation), failed (the payment rejected), or, for OAuth, unconfirmed until the TPP sends the code back.
 */

/** A decoupled PSU "approves in the app" by itself after this long (sandbox clock), unless decided before. */
export const DECOUPLED_AUTO_APPROVE_SECONDS = 30;
const OAUTH_CODE_SECONDS = 600;
/** scaStatus values after which an authorisation takes no further step. */
export const FINAL_SCA = new Set(['finalised', 'failed', 'exempted']);

/** What a new authorisation sub-resource is made of. */
export interface NewAuthorisation {
  id: string;
  paymentId: string;
  kind: AuthorisationKind;
  scaStatus: string;
  approach: Approach;
  methodId: string | null;
  psuUsername?: string | null;
  redirectUri?: string | null;
  nokRedirectUri?: string | null;
}

/**
 * The rows of a new authorisation sub-resource, for `insertAll`: a decoupled one also starts the timer of its
 * automatic approval.
 */
export function authorisationInserts(a: NewAuthorisation, now: number, delays: ExecutionDelays): Insert[] {
  const row = authorisationInsert(
    {
      id: a.id,
      payment_id: a.paymentId,
      kind: a.kind,
      sca_status: a.scaStatus,
      psu_username: a.psuUsername ?? null,
      approach: a.approach,
      method_id: a.methodId,
      tpp_redirect_uri: a.redirectUri ?? null,
      tpp_nok_redirect_uri: a.nokRedirectUri ?? null,
    },
    now,
  );
  if (a.approach !== 'DECOUPLED' || a.scaStatus !== 'started') return [row];
  // The PSU "approves in the app" by itself after a while unless approved or declined before.
  return [
    row,
    transitionInsert({
      payment_id: a.paymentId,
      to_status: SCA_AUTO_APPROVE,
      due_at: now + DECOUPLED_AUTO_APPROVE_SECONDS * 1000,
      params: { acsp: delays.acsp, acsc: delays.acsc },
      authorisation_id: a.id,
    }),
  ];
}

/** A new authorisation sub-resource (authorisationInserts), in one statement. */
export async function insertAuthorisation(
  tx: Queryable,
  a: NewAuthorisation,
  now: number,
  delays: ExecutionDelays,
) {
  await insertAll(tx, authorisationInserts(a, now, delays));
}

const PAYMENT_OPEN = new Set(['RCVD', 'PATC']);
/** Statuses in which a cancellation needs the PSU's authorisation (before that, DELETE alone cancels). */
export function cancellationNeedsSca(payment: PaymentRow): boolean {
  const s = payment.transaction_status;
  return (
    s === 'ACTC' ||
    s === 'PDNG' ||
    s === 'ACWC' ||
    (payment.payment_service === 'periodic-payments' && s === 'ACSP')
  );
}

/**
 * Finalises an authorisation: for a payment, ACTC (or PATC while a multilevel payment lacks signatures); for a
 * cancellation, CANC. Returns false when the authorisation or payment was no longer open (a concurrent decision).
 */
export async function finaliseAuthorisation(
  tx: Queryable,
  delays: ExecutionDelays,
  authorisationId: string,
  now: number,
  username: string | null,
  reason = 'SCA finalised',
): Promise<boolean> {
  const auth = await findAuthorisation(tx, authorisationId);
  const payment = auth ? await findPayment(tx, auth.payment_id) : undefined;
  if (!auth || !payment) return false;
  const open =
    auth.kind === 'payment' ? PAYMENT_OPEN.has(payment.transaction_status) : cancellationNeedsSca(payment);
  if (!open) return false;
  if (!(await closeAuthorisation(tx, authorisationId, 'finalised', now, username))) return false;
  if (auth.kind === 'cancellation') {
    await cancelPayment(tx, payment.id, 'cancellation authorised by the PSU', now);
    return true;
  }
  if (payment.sca_approach === 'MULTILEVEL' && payment.psu_username) {
    const signers = await signersOf(tx, (await ownerOfAccount(tx, payment.debtor_iban)) ?? '');
    const count = await countSigners(tx, payment.id);
    if (count < signers.length) {
      if (payment.transaction_status !== 'PATC')
        await recordStatus(tx, payment.id, 'PATC', `${count} of ${signers.length} signatures`, now);
      return true;
    }
  }
  await approvePayment(tx, payment, now, delays, reason);
  return true;
}

/** Fails an authorisation: a payment is rejected (RJCT); a cancellation simply does not happen. */
export async function failAuthorisation(
  tx: Queryable,
  authorisationId: string,
  now: number,
  reason: string,
  username: string | null = null,
): Promise<boolean> {
  const row = await closeAuthorisation(tx, authorisationId, 'failed', now, username);
  if (!row) return false;
  if (row.kind === 'payment') {
    const payment = await findPayment(tx, row.payment_id);
    if (payment && PAYMENT_OPEN.has(payment.transaction_status))
      await rejectPayment(tx, payment.id, reason, now);
  }
  return true;
}

/** The decoupled PSU "approves in the app" by itself: the SCA_AUTO_APPROVE step of an authorisation. */
export async function autoApproveDecoupled(
  tx: Queryable,
  authorisationId: string,
  params: Record<string, unknown> | null,
  now: number,
) {
  const auth = await findAuthorisation(tx, authorisationId);
  if (auth?.sca_status !== 'started') return;
  await finaliseAuthorisation(
    tx,
    { acsp: Number(params?.acsp ?? 1), acsc: Number(params?.acsc ?? 2) },
    authorisationId,
    now,
    null,
    "approved in the bank's app",
  );
}

/**
 * An OAuth authorisation approved on the bank's pages: unconfirmed until the TPP has exchanged the code for an
 * access token and confirmed the authorisation with it (BG IG 7.6.3, 13.3). The code lives ten minutes, as RFC
 * 6749 4.1.2 recommends at most.
 */
export async function issueOAuthCode(tx: Queryable, authorisationId: string, now: number, username: string) {
  const code = randomBytes(24).toString('base64url');
  await updateAuthorisation(tx, authorisationId, {
    sca_status: 'unconfirmed',
    updated_at: now,
    psu_username: username,
    oauth_code_hash: sha256Hex(code),
    oauth_code_expires_at: now + OAUTH_CODE_SECONDS * 1000,
    oauth_code_used_at: null,
  });
  return code;
}
