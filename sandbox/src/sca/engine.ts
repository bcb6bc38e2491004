import { randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ExecutionDelays } from '../config.js';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { type AccountRow, ownerOfAccount } from '../db/queries/accounts.js';
import {
  type AuthorisationChanges,
  type AuthorisationRow,
  closeAuthorisation,
  countSigners,
  findAuthorisation,
  insertAuthorisation as insertAuthorisationRow,
  updateAuthorisation,
} from '../db/queries/authorisations.js';
import { findPayment, type PaymentRow, recordStatus } from '../db/queries/payments.js';
import { findPsu, type ScaMethod, signersOf, usernameByKennitala } from '../db/queries/psus.js';
import { fail } from '../errors.js';
import {
  approvePayment,
  cancelPayment,
  rejectPayment,
  SCA_AUTO_APPROVE,
  scheduleTransition,
} from '../pis/approval.js';
import { verifyPassword } from '../shared/passwords.js';
import { sha256Hex } from '../shared/secrets.js';
import { digitsPng } from './png.js';

/**
 * The bank's SCA approaches (README "SCA approaches"): which one a payment gets, what its authorisation
 * sub-resources answer, and how each scaStatus is reached.
 */
export type Approach = 'REDIRECT' | 'OAUTH' | 'DECOUPLED' | 'EMBEDDED' | 'MULTILEVEL' | 'IOBWS';
export type AuthorisationKind = 'payment' | 'cancellation';

/** ASPSP-SCA-Approach values (IOBWS 3.2 enum: OAuth is subsumed by REDIRECT; the IOBWS value is spelt IOWBS). */
export const APPROACH_HEADER: Record<Approach, string> = {
  REDIRECT: 'REDIRECT',
  OAUTH: 'REDIRECT',
  DECOUPLED: 'DECOUPLED',
  EMBEDDED: 'EMBEDDED',
  MULTILEVEL: 'REDIRECT',
  IOBWS: 'IOWBS',
};

export const DEMO_OTP = '123456';
export const MAX_OTP_ATTEMPTS = 3;
export const DECOUPLED_AUTO_APPROVE_SECONDS = 30;
const OAUTH_CODE_SECONDS = 600;
export const FINAL_SCA = new Set(['finalised', 'failed', 'exempted']);

/** May `username` authorise payments from accounts of `owner`? The owner, or one of its signers. */
export async function mayActFor(db: Queryable, username: string, owner: string): Promise<boolean> {
  const signers = await signersOf(db, owner);
  return signers.length > 0 ? signers.includes(username) : username === owner;
}

export interface ScaPreferences {
  /** PSU-ID: a kennitala, without the hyphen it may be written with (`010130-2989`). */
  psuId: string | null;
  /** PSU-Corporate-ID: the kennitala of the company in whose name the PSU acts, likewise. */
  corporateId: string | null;
  redirectPreferred: boolean | null;
  explicitPreferred: boolean | null;
}

function booleanHeader(c: Context, name: string): boolean | null {
  const value = c.req.header(name);
  return value === 'true' ? true : value === 'false' ? false : null;
}

function kennitalaHeader(c: Context, name: string): string | null {
  const value = c.req.header(name)?.trim();
  return value ? value.replace('-', '') : null;
}

export function readScaPreferences(c: Context): ScaPreferences {
  return {
    psuId: kennitalaHeader(c, 'PSU-ID'),
    corporateId: kennitalaHeader(c, 'PSU-Corporate-ID'),
    redirectPreferred: booleanHeader(c, 'TPP-Redirect-Preferred'),
    explicitPreferred: booleanHeader(c, 'TPP-Explicit-Authorisation-Preferred'),
  };
}

/** PSU-ID: a kennitala the bank knows (else 401 PSU_CREDENTIALS_INVALID). Returns the username. */
async function identifiedPsu(db: Queryable, psuId: string | null): Promise<string | null> {
  if (psuId === null) return null;
  const username = await usernameByKennitala(db, psuId);
  if (!username)
    fail(401, 'PSU_CREDENTIALS_INVALID', 'PSU-ID', 'The PSU-ID is not a kennitala known to this bank.');
  return username;
}

/**
 * PSU-Corporate-ID (corporate context): the kennitala of a customer of this bank (else 401
 * CORPORATE_ID_INVALID, "cannot be matched by the addressed ASPSP"), which must own the debtor account, as a
 * PSU-ID must be allowed to pay from it (else 400 DEBTOR_ACCOUNT_NOT_FOUND).
 */
async function checkCorporate(db: Queryable, corporateId: string | null, owner: string) {
  if (corporateId === null) return;
  const company = await usernameByKennitala(db, corporateId);
  if (!company) {
    fail(
      401,
      'CORPORATE_ID_INVALID',
      'PSU-Corporate-ID',
      'The PSU-Corporate-ID is not a kennitala known to this bank.',
    );
  }
  if (company !== owner) {
    fail(
      400,
      'DEBTOR_ACCOUNT_NOT_FOUND',
      'debtorAccount',
      'The debtor account is not an account of the company named by PSU-Corporate-ID.',
    );
  }
}

export interface ScaDecision {
  approach: Approach;
  /** The PSU the payment is for: identified by PSU-ID, else the debtor account's owner. */
  psuUsername: string;
  /** Methods of the debtor account's owner for this approach (embedded: OTP methods, decoupled: the app). */
  methods: ScaMethod[];
  explicit: boolean;
  exempted: boolean;
  signers: string[];
}

/**
 * The approach for a new payment: from the debtor account's owner (a company with signers: MULTILEVEL), moved
 * from REDIRECT to DECOUPLED/EMBEDDED by `TPP-Redirect-Preferred: false`, with an explicit start for
 * `TPP-Explicit-Authorisation-Preferred: true`. A transfer between two accounts of the same owner is exempted.
 */
export async function decideApproach(
  db: Queryable,
  debtor: AccountRow,
  creditorIban: string | null,
  prefs: ScaPreferences,
): Promise<ScaDecision> {
  const owner = await findPsu(db, debtor.owner_username);
  if (!owner) throw new Error(`account ${debtor.iban} has no owner`);
  await checkCorporate(db, prefs.corporateId, owner.username);
  const identified = await identifiedPsu(db, prefs.psuId);
  if (
    identified !== null &&
    identified !== owner.username &&
    !(await mayActFor(db, identified, owner.username))
  ) {
    fail(
      400,
      'DEBTOR_ACCOUNT_NOT_FOUND',
      'debtorAccount',
      'The PSU identified by PSU-ID cannot pay from this debtor account.',
    );
  }
  const signers = await signersOf(db, owner.username);
  const byPsu: Record<string, Approach> = {
    oauth: 'OAUTH',
    decoupled: 'DECOUPLED',
    embedded: 'EMBEDDED',
    iobws: 'IOBWS',
  };
  let approach: Approach = signers.length > 0 ? 'MULTILEVEL' : (byPsu[owner.sca_approach] ?? 'REDIRECT');
  const push = owner.sca_methods.filter((m) => m.authenticationType === 'PUSH_OTP');
  const otp = owner.sca_methods.filter((m) => m.authenticationType !== 'PUSH_OTP');
  if (approach === 'REDIRECT' && prefs.redirectPreferred === false && owner.sca_methods.length > 0) {
    approach = push.length > 0 ? 'DECOUPLED' : 'EMBEDDED';
  }
  let exempted = false;
  if (creditorIban) {
    exempted = (await ownerOfAccount(db, creditorIban)) === owner.username && creditorIban !== debtor.iban;
  }
  return {
    approach,
    psuUsername: identified ?? owner.username,
    methods: approach === 'DECOUPLED' ? push : otp,
    explicit: approach === 'MULTILEVEL' || (prefs.explicitPreferred === true && approach !== 'IOBWS'),
    exempted,
    signers,
  };
}

type Href = { href: string };
type PaymentRef = { id: string; service: string; product: string };

export function paymentHref(ctx: SandboxContext, p: PaymentRef): string {
  return `${ctx.publicUrl()}/psd2/api/v1/${p.service}/${p.product}/${p.id}`;
}

function collection(kind: AuthorisationKind) {
  return kind === 'payment' ? 'authorisations' : 'cancellation-authorisations';
}

export function authorisationHref(
  ctx: SandboxContext,
  p: PaymentRef,
  kind: AuthorisationKind,
  authorisationId: string,
): string {
  return `${paymentHref(ctx, p)}/${collection(kind)}/${authorisationId}`;
}

export function oauthMetadataHref(ctx: SandboxContext): string {
  return `${ctx.publicUrl()}/.well-known/oauth-authorization-server`;
}

function methodObject(m: ScaMethod) {
  return {
    authenticationType: m.authenticationType,
    authenticationMethodId: m.authenticationMethodId,
    name: m.name,
    ...(m.explanation ? { explanation: m.explanation } : {}),
  };
}

/** A start code for CHIP_OTP derived from the payment id, as a token's "start code" would be. */
function chipStartCode(paymentId: string): string {
  return String(Number.parseInt(sha256Hex(paymentId).slice(0, 8), 16) % 100_000_000).padStart(8, '0');
}

export function challengeFor(method: ScaMethod, paymentId: string, language: 'is' | 'en') {
  const sandboxHint =
    language === 'is'
      ? `Sandkassi: kóðinn er alltaf ${DEMO_OTP}.`
      : `Sandbox: the code is always ${DEMO_OTP}.`;
  const base = { otpMaxLength: DEMO_OTP.length, otpFormat: 'integer' as const };
  switch (method.authenticationType) {
    case 'SMS_OTP':
      return {
        ...base,
        additionalInformation: `${language === 'is' ? 'Kóði var sendur með SMS.' : 'A code was sent by SMS.'} ${sandboxHint}`,
      };
    case 'CHIP_OTP':
      return {
        ...base,
        data: [chipStartCode(paymentId)],
        additionalInformation: `${language === 'is' ? 'Sláðu upphafskóðann inn í auðkennislykilinn.' : 'Enter the start code on your token.'} ${sandboxHint}`,
      };
    case 'PHOTO_OTP':
      return {
        ...base,
        image: digitsPng(DEMO_OTP).toString('base64'),
        additionalInformation: `${language === 'is' ? 'Skannaðu myndina með appi bankans.' : 'Scan the image with the bank app.'} ${sandboxHint}`,
      };
    default:
      return base;
  }
}

export function decoupledMessage(language: 'is' | 'en'): string {
  return language === 'is'
    ? 'Staðfestu greiðsluna í appi bankans.'
    : "Please approve the payment in the bank's app.";
}

function multilevelMessage(language: 'is' | 'en', missing: number): string {
  return language === 'is'
    ? `Greiðslan þarf ${missing} undirskrift${missing === 1 ? '' : 'ir'} til viðbótar.`
    : `The payment needs ${missing} more signature${missing === 1 ? '' : 's'}.`;
}

export interface InitiationSca {
  headerValue: string;
  transactionStatus: 'RCVD' | 'ACTC';
  authorisation: { id: string; scaStatus: string; approach: Approach; methodId: string | null } | null;
  /** The response's `_links` and further members (scaMethods, chosenScaMethod, challengeData, psuMessage). */
  links: Record<string, Href>;
  extra: Record<string, unknown>;
}

/** What the initiation response says about SCA, and the authorisation it creates (if any). */
export function planInitiation(
  ctx: SandboxContext,
  p: PaymentRef,
  decision: ScaDecision,
  language: 'is' | 'en',
): InitiationSca {
  const self = { href: paymentHref(ctx, p) };
  const status = { href: `${self.href}/status` };
  const start = { href: `${self.href}/authorisations` };
  const id = randomUUID();
  const scaStatus = { href: authorisationHref(ctx, p, 'payment', id) };
  const headerValue = APPROACH_HEADER[decision.approach];
  const approach = decision.approach;

  if (decision.exempted) {
    return {
      headerValue,
      transactionStatus: 'ACTC',
      authorisation: { id, scaStatus: 'exempted', approach, methodId: null },
      links: { self, status, scaStatus },
      extra: {},
    };
  }
  if (decision.explicit) {
    const name =
      approach === 'DECOUPLED'
        ? 'startAuthorisationWithPsuIdentification'
        : approach === 'EMBEDDED'
          ? 'startAuthorisationWithPsuAuthentication'
          : 'startAuthorisation';
    return {
      headerValue,
      transactionStatus: 'RCVD',
      authorisation: null,
      links: { [name]: start, self, status },
      extra:
        approach === 'MULTILEVEL' ? { psuMessage: multilevelMessage(language, decision.signers.length) } : {},
    };
  }
  switch (approach) {
    case 'OAUTH':
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: { id, scaStatus: 'received', approach, methodId: null },
        links: {
          scaOAuth: { href: oauthMetadataHref(ctx) },
          confirmation: scaStatus,
          self,
          status,
          scaStatus,
        },
        extra: {},
      };
    case 'DECOUPLED':
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: {
          id,
          scaStatus: 'started',
          approach,
          methodId: decision.methods[0]?.authenticationMethodId ?? null,
        },
        links: { self, status, scaStatus },
        extra: { psuMessage: decoupledMessage(language) },
      };
    case 'EMBEDDED': {
      const only = decision.methods.length === 1 ? decision.methods[0] : undefined;
      if (only) {
        // One method: chosen implicitly, so scaMethodSelected is the first status (BG IG 14.x).
        return {
          headerValue,
          transactionStatus: 'RCVD',
          authorisation: {
            id,
            scaStatus: 'scaMethodSelected',
            approach,
            methodId: only.authenticationMethodId,
          },
          links: { authoriseTransaction: scaStatus, self, status, scaStatus },
          extra: { chosenScaMethod: methodObject(only), challengeData: challengeFor(only, p.id, language) },
        };
      }
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: null,
        links: { startAuthorisationWithAuthenticationMethodSelection: start, self, status },
        extra: { scaMethods: decision.methods.map(methodObject) },
      };
    }
    case 'IOBWS':
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: { id, scaStatus: 'received', approach, methodId: null },
        links: { self, status, scaStatus, confirmIobwsStraightThroughProcessingAuthorisation: scaStatus },
        extra: {},
      };
    default:
      // REDIRECT, in the exact shape the sandbox always answered.
      return {
        headerValue,
        transactionStatus: 'RCVD',
        authorisation: { id, scaStatus: 'received', approach: 'REDIRECT', methodId: null },
        links: { scaRedirect: { href: `${ctx.publicUrl()}/sca/${id}` }, self, status, scaStatus },
        extra: {},
      };
  }
}

export async function insertAuthorisation(
  tx: Queryable,
  a: {
    id: string;
    paymentId: string;
    kind: AuthorisationKind;
    scaStatus: string;
    approach: Approach;
    methodId: string | null;
    psuUsername?: string | null;
    redirectUri?: string | null;
    nokRedirectUri?: string | null;
  },
  now: number,
  delays: ExecutionDelays,
) {
  await insertAuthorisationRow(
    tx,
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
  if (a.approach === 'DECOUPLED' && a.scaStatus === 'started') {
    // The PSU "approves in the app" by itself after a while unless approved or declined before.
    await scheduleTransition(
      tx,
      a.paymentId,
      SCA_AUTO_APPROVE,
      now + DECOUPLED_AUTO_APPROVE_SECONDS * 1000,
      { acsp: delays.acsp, acsc: delays.acsc },
      a.id,
    );
  }
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

/** An OAuth authorisation approved on the bank's pages: unconfirmed until the TPP sends the code back. */
export async function issueOAuthCode(tx: Queryable, authorisationId: string, now: number, username: string) {
  const code = randomBytes(24).toString('base64url');
  await updateAuthorisation(tx, authorisationId, {
    sca_status: 'unconfirmed',
    updated_at: now,
    psu_username: username,
    oauth_code_hash: sha256Hex(code),
    oauth_code_expires_at: now + OAUTH_CODE_SECONDS * 1000,
  });
  return code;
}

// ---------------------------------------------------------------- sub-resource answers

export function authorisationResponse(
  ctx: SandboxContext,
  payment: PaymentRow,
  auth: AuthorisationRow,
  methods: ScaMethod[],
  options: { includeId: boolean },
) {
  const p = { id: payment.id, service: payment.payment_service, product: payment.payment_product };
  const kind = auth.kind;
  const href = { href: authorisationHref(ctx, p, kind, auth.id) };
  const links: Record<string, Href> = {};
  const body: Record<string, unknown> = { scaStatus: auth.sca_status };
  if (options.includeId) body.authorisationId = auth.id;
  const language = payment.psu_accept_language;
  const approach = (auth.approach ?? 'REDIRECT') as Approach;
  if (!FINAL_SCA.has(auth.sca_status)) {
    switch (approach) {
      case 'OAUTH':
        links.scaOAuth = { href: oauthMetadataHref(ctx) };
        links.confirmation = href;
        break;
      case 'DECOUPLED':
        body.psuMessage = decoupledMessage(language);
        break;
      case 'EMBEDDED':
        if (auth.sca_status === 'received' || auth.sca_status === 'psuIdentified') {
          links.updatePsuAuthentication = href;
        } else if (auth.sca_status === 'psuAuthenticated') {
          body.scaMethods = methods.map(methodObject);
          links.selectAuthenticationMethod = href;
        } else if (auth.sca_status === 'scaMethodSelected') {
          const method = methods.find((m) => m.authenticationMethodId === auth.method_id);
          if (method) {
            body.chosenScaMethod = methodObject(method);
            body.challengeData = challengeFor(method, payment.id, language);
          }
          links.authoriseTransaction = href;
        }
        break;
      case 'IOBWS':
        links.confirmIobwsStraightThroughProcessingAuthorisation = href;
        break;
      default:
        links.scaRedirect = { href: `${ctx.publicUrl()}/sca/${auth.id}` };
    }
  }
  links.scaStatus = href;
  links.status = { href: `${paymentHref(ctx, p)}/status` };
  body._links = links;
  return body;
}

/** The SCA methods an authorisation of this payment offers (embedded: OTP methods; decoupled: the app). */
export async function methodsFor(db: Queryable, payment: PaymentRow): Promise<ScaMethod[]> {
  const owner = await ownerOfAccount(db, payment.debtor_iban);
  const psu = owner ? await findPsu(db, owner) : undefined;
  const all = psu?.sca_methods ?? [];
  return payment.sca_approach === 'DECOUPLED'
    ? all.filter((m) => m.authenticationType === 'PUSH_OTP')
    : all.filter((m) => m.authenticationType !== 'PUSH_OTP');
}

export type UpdateBody = {
  psuData?: { password?: string };
  authenticationMethodId?: string;
  scaAuthenticationData?: string;
  confirmationCode?: string;
  confirmationMessage?: string;
};

type Outcome = { ok: true } | { ok: false; error: () => never };

/**
 * Update PSU data (PUT on an authorisation, or the body of a start): PSU identification ({} with PSU-ID),
 * authentication ({psuData:{password}}), method selection ({authenticationMethodId}), transaction
 * authorisation ({scaAuthenticationData}), OAuth confirmation ({confirmationCode}) and the IOBWS
 * straight-through confirmation ({confirmationMessage} or {}). Runs in `tx`; errors that must still commit
 * (a failed OTP) come back as an outcome to throw after the commit.
 */
export async function applyUpdate(
  tx: Queryable,
  ctx: SandboxContext,
  payment: PaymentRow,
  auth: AuthorisationRow,
  body: UpdateBody,
  psuId: string | null,
  now: number,
): Promise<Outcome> {
  const status = auth.sca_status;
  const approach = (auth.approach ?? 'REDIRECT') as Approach;
  const conflict = (text: string): never => fail(409, 'STATUS_INVALID', null, text);
  if (status === 'failed')
    fail(400, 'SCA_INVALID', null, 'The authorisation has failed; start a new one if the payment allows it.');
  if (FINAL_SCA.has(status)) conflict(`The authorisation is already ${status}.`);
  const keys = Object.keys(body);
  const set = (scaStatus: string, changes: AuthorisationChanges = {}) =>
    updateAuthorisation(tx, auth.id, { ...changes, sca_status: scaStatus, updated_at: now });

  if (approach === 'IOBWS') {
    // Spec 2.5 (and the link's description in IOBWS 3.2): "an authorisation confirmation whose confirmation code
    // holds a reason or id generated by the caller", `{"confirmationCode": …}`. ÍST TS 310 shows the
    // iobwsAuthorisationConfirmation `{"confirmationMessage": …}` for the same call; both, or `{}`, confirm.
    if (keys.some((k) => k !== 'confirmationMessage' && k !== 'confirmationCode'))
      conflict(
        'A straight-through authorisation takes an authorisation confirmation: {"confirmationCode": "…"} or {"confirmationMessage": "…"}.',
      );
    await updateAuthorisation(tx, auth.id, {
      confirmation_message: body.confirmationMessage ?? body.confirmationCode ?? null,
    });
    if (
      !(await finaliseAuthorisation(tx, ctx.config.delays, auth.id, now, null, 'confirmed straight through'))
    )
      conflict(`The payment is ${payment.transaction_status} and can no longer be authorised.`);
    return { ok: true };
  }

  if (body.confirmationCode !== undefined) {
    if (approach !== 'OAUTH' || status !== 'unconfirmed')
      conflict('Only an OAuth authorisation in scaStatus unconfirmed takes a confirmationCode.');
    const valid =
      auth.oauth_code_hash !== null &&
      auth.oauth_code_hash === sha256Hex(body.confirmationCode) &&
      (auth.oauth_code_expires_at ?? 0) > now;
    if (!valid)
      fail(400, 'FORMAT_ERROR', 'confirmationCode', 'The confirmation code is unknown or has expired.');
    await updateAuthorisation(tx, auth.id, { oauth_code_hash: null });
    if (!(await finaliseAuthorisation(tx, ctx.config.delays, auth.id, now, null, 'OAuth SCA confirmed')))
      conflict(`The payment is ${payment.transaction_status} and can no longer be authorised.`);
    return { ok: true };
  }

  if (approach !== 'EMBEDDED') {
    if (keys.length === 0 && psuId !== null) return { ok: true };
    conflict(
      approach === 'DECOUPLED'
        ? "This authorisation is decoupled: the PSU approves in the bank's app; poll its scaStatus."
        : 'This authorisation is completed on the bank’s pages (scaRedirect / scaOAuth); there is nothing to update.',
    );
  }

  const methods = await methodsFor(tx, payment);
  if (keys.length === 0) {
    if (psuId === null) conflict('Send PSU-ID to identify the PSU, or psuData to authenticate.');
    if (status === 'received') await set('psuIdentified');
    return { ok: true };
  }
  if (body.psuData !== undefined) {
    if (status !== 'received' && status !== 'psuIdentified')
      conflict(`The PSU is already authenticated (${status}).`);
    const psu = payment.psu_username ? await findPsu(tx, payment.psu_username) : undefined;
    if (!psu || !verifyPassword(body.psuData.password ?? '', psu.password_hash))
      fail(401, 'PSU_CREDENTIALS_INVALID', 'psuData.password', 'The password is not correct.');
    const only = methods.length === 1 ? methods[0] : undefined;
    if (only)
      await set('scaMethodSelected', { method_id: only.authenticationMethodId, psu_username: psu.username });
    else await set('psuAuthenticated', { psu_username: psu.username });
    return { ok: true };
  }
  if (body.authenticationMethodId !== undefined) {
    if (!['received', 'psuIdentified', 'psuAuthenticated', 'scaMethodSelected'].includes(status))
      conflict(`A method cannot be selected in scaStatus ${status}.`);
    const method = methods.find((m) => m.authenticationMethodId === body.authenticationMethodId);
    if (!method)
      fail(
        400,
        'SCA_METHOD_UNKNOWN',
        'authenticationMethodId',
        `Unknown authenticationMethodId; offered: ${methods.map((m) => m.authenticationMethodId).join(', ')}.`,
      );
    await set('scaMethodSelected', { method_id: method.authenticationMethodId, otp_attempts: 0 });
    return { ok: true };
  }
  if (body.scaAuthenticationData !== undefined) {
    if (status !== 'scaMethodSelected') conflict('Select an authentication method before sending the OTP.');
    if (body.scaAuthenticationData.trim() === DEMO_OTP) {
      if (!(await finaliseAuthorisation(tx, ctx.config.delays, auth.id, now, payment.psu_username)))
        conflict(`The payment is ${payment.transaction_status} and can no longer be authorised.`);
      return { ok: true };
    }
    const attempts = auth.otp_attempts + 1;
    if (attempts >= MAX_OTP_ATTEMPTS) {
      await failAuthorisation(tx, auth.id, now, `SCA failed: ${attempts} wrong OTPs`);
      return {
        ok: false,
        error: () =>
          fail(
            401,
            'PSU_CREDENTIALS_INVALID',
            'scaAuthenticationData',
            `Wrong OTP ${attempts} times: the authorisation has failed (scaStatus failed).`,
          ),
      };
    }
    await set('scaMethodSelected', { otp_attempts: attempts });
    return {
      ok: false,
      error: () =>
        fail(
          401,
          'PSU_CREDENTIALS_INVALID',
          'scaAuthenticationData',
          `Wrong OTP; ${MAX_OTP_ATTEMPTS - attempts} attempt(s) left.`,
        ),
    };
  }
  return conflict('Nothing to update.');
}
