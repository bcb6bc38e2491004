import { randomUUID } from 'node:crypto';
import type { ExecutionDelays } from '../config.js';
import type { Db } from '../db/db.js';
import { ownerOfAccount } from '../db/queries/accounts.js';
import { findAuthorisation } from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import { changingPayment, type PaymentRow } from '../db/queries/payments.js';
import { type ScaMethod, usernameByKennitala } from '../db/queries/psus.js';
import { fail } from '../errors.js';
import { checkAuthorisable } from '../pis/payments.js';
import { type Approach, type AuthorisationKind, mayActFor } from './approach.js';
import { cancellationNeedsSca, insertAuthorisation } from './decisions.js';
import { methodsFor } from './methods.js';
import { applyUpdate, type UpdateBody } from './update.js';

/** TPP-Redirect-URI / TPP-Nok-Redirect-URI of a start: absent, or an absolute http(s) URL. */
function httpUrl(value: string | undefined, name: string): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {}
  return fail(400, 'FORMAT_ERROR', name, `${name} must be an absolute http(s) URL.`);
}

/** What a start request says besides its body: the PSU-ID and the TPP's redirect URIs as sent. */
export interface StartRequest {
  psuId: string | null;
  redirectUri: string | undefined;
  nokRedirectUri: string | undefined;
}

/**
 * POST …/authorisations or …/cancellation-authorisations: a new authorisation sub-resource in the payment's
 * approach (a cancellation of an OAuth or multilevel payment is authorised on the redirect pages by one PSU).
 * A body (embedded: psuData, authenticationMethodId, scaAuthenticationData; IOBWS: confirmationMessage) is
 * applied to it at once, as the "startAuthorisationWith…" links describe. Errors that must still commit (a
 * wrong OTP) are thrown after the commit.
 */
export async function startAuthorisation(
  db: Db,
  delays: ExecutionDelays,
  payment: PaymentRow,
  kind: AuthorisationKind,
  body: UpdateBody,
  request: StartRequest,
): Promise<{ id: string; approach: Approach; methods: ScaMethod[] }> {
  const paymentApproach = (payment.sca_approach ?? 'REDIRECT') as Approach;
  if (kind === 'payment') {
    checkAuthorisable(payment, await sandboxNow(db));
    if (payment.transaction_status !== 'RCVD' && payment.transaction_status !== 'PATC') {
      fail(
        409,
        'STATUS_INVALID',
        null,
        `The payment is in status ${payment.transaction_status} and needs no authorisation.`,
      );
    }
  } else if (!cancellationNeedsSca(payment) || paymentApproach === 'IOBWS') {
    fail(
      409,
      'STATUS_INVALID',
      null,
      payment.transaction_status === 'RCVD' ||
        payment.transaction_status === 'PATC' ||
        paymentApproach === 'IOBWS'
        ? 'This cancellation needs no authorisation: send DELETE on the payment.'
        : `A payment in status ${payment.transaction_status} can no longer be cancelled.`,
    );
  }
  const approach: Approach =
    kind === 'cancellation' && (paymentApproach === 'OAUTH' || paymentApproach === 'MULTILEVEL')
      ? 'REDIRECT'
      : paymentApproach;
  const prefs = request;
  let psuUsername: string | null = null;
  if (prefs.psuId !== null) {
    const username = await usernameByKennitala(db, prefs.psuId);
    if (!username)
      fail(401, 'PSU_CREDENTIALS_INVALID', 'PSU-ID', 'The PSU-ID is not a kennitala known to this bank.');
    const owner = await ownerOfAccount(db, payment.debtor_iban);
    if (!owner || !(await mayActFor(db, username, owner)))
      fail(
        401,
        'PSU_CREDENTIALS_INVALID',
        'PSU-ID',
        'This PSU cannot authorise payments from the debtor account.',
      );
    psuUsername = username;
  }
  const redirectUri = httpUrl(request.redirectUri, 'TPP-Redirect-URI');
  const nokRedirectUri = httpUrl(request.nokRedirectUri, 'TPP-Nok-Redirect-URI');
  const id = randomUUID();
  const methods = await methodsFor(db, payment);
  const initial =
    approach === 'DECOUPLED'
      ? 'started'
      : approach === 'EMBEDDED' && prefs.psuId !== null
        ? 'psuIdentified'
        : 'received';
  const outcome = await changingPayment(db, payment.id, async (tx, held) => {
    const current = held ?? payment;
    const now = await sandboxNow(tx);
    await insertAuthorisation(
      tx,
      {
        id,
        paymentId: payment.id,
        kind,
        scaStatus: initial,
        approach,
        methodId: approach === 'DECOUPLED' ? (methods[0]?.authenticationMethodId ?? null) : null,
        psuUsername,
        redirectUri,
        nokRedirectUri,
      },
      now,
      delays,
    );
    if (Object.keys(body).length === 0) return { ok: true as const };
    const created = await findAuthorisation(tx, id);
    if (!created) throw new Error('authorisation vanished');
    return applyUpdate(tx, delays, current, created, body, prefs.psuId, now);
  });
  if (!outcome.ok) outcome.error();
  return { id, approach, methods };
}
