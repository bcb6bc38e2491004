import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { SandboxContext } from '../context.js';
import { ownerOfAccount } from '../db/queries/accounts.js';
import { findAuthorisation } from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import { findPayment, type PaymentRow } from '../db/queries/payments.js';
import { usernameByKennitala } from '../db/queries/psus.js';
import { fail } from '../errors.js';
import { readScaPreferences } from '../http/sca-preferences.js';
import { respond } from '../pis/respond.js';
import { APPROACH_HEADER, type Approach, type AuthorisationKind, mayActFor } from './approach.js';
import { authorisationResponse } from './authorisation-response.js';
import { cancellationNeedsSca, insertAuthorisation } from './decisions.js';
import { authorisationHref } from './links.js';
import { methodsFor } from './methods.js';
import { applyUpdate, type UpdateBody } from './update.js';

function httpUrl(c: Context, name: string): string | null {
  const value = c.req.header(name);
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {}
  return fail(400, 'FORMAT_ERROR', name, `${name} must be an absolute http(s) URL.`);
}

/**
 * POST …/authorisations or …/cancellation-authorisations: a new authorisation sub-resource in the payment's
 * approach (a cancellation of an OAuth or multilevel payment is authorised on the redirect pages by one PSU).
 * A body (embedded: psuData, authenticationMethodId, scaAuthenticationData; IOBWS: confirmationMessage) is
 * applied to it at once, as the "startAuthorisationWith…" links describe.
 */
export async function startAuthorisation(
  c: Context,
  ctx: SandboxContext,
  payment: PaymentRow,
  kind: AuthorisationKind,
  body: UpdateBody,
): Promise<Response> {
  const paymentApproach = (payment.sca_approach ?? 'REDIRECT') as Approach;
  if (kind === 'payment') {
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
  const db = await ctx.db();
  const prefs = readScaPreferences(c);
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
  const redirectUri = httpUrl(c, 'TPP-Redirect-URI');
  const nokRedirectUri = httpUrl(c, 'TPP-Nok-Redirect-URI');
  const id = randomUUID();
  const methods = await methodsFor(db, payment);
  const initial =
    approach === 'DECOUPLED'
      ? 'started'
      : approach === 'EMBEDDED' && prefs.psuId !== null
        ? 'psuIdentified'
        : 'received';
  const outcome = await db.transaction(async (tx) => {
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
      ctx.config.delays,
    );
    if (Object.keys(body).length === 0) return { ok: true as const };
    const created = await findAuthorisation(tx, id);
    const current = (await findPayment(tx, payment.id)) ?? payment;
    if (!created) throw new Error('authorisation vanished');
    return applyUpdate(tx, ctx.config.delays, current, created, body, prefs.psuId, now);
  });
  if (!outcome.ok) outcome.error();
  await (await ctx.scheduler()).tick();
  const authorisation = await findAuthorisation(db, id);
  const current = (await findPayment(db, payment.id)) ?? payment;
  if (!authorisation) throw new Error('authorisation vanished');
  c.header('ASPSP-SCA-Approach', APPROACH_HEADER[approach]);
  c.header(
    'Location',
    authorisationHref(
      ctx.publicUrl(),
      { id: payment.id, service: payment.payment_service, product: payment.payment_product },
      kind,
      id,
    ),
  );
  return respond(
    c,
    authorisationResponse(ctx.publicUrl(), current, authorisation, methods, { includeId: true }),
    201,
  );
}
