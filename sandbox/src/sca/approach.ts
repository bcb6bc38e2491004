import type { Queryable } from '../db/db.js';
import type { DebtorAccount } from '../db/queries/accounts.js';
import { findPsu, type ScaMethod, signersOf, usernameByKennitala } from '../db/queries/psus.js';
import { fail } from '../errors.js';

/**
 * The bank's SCA approaches (README "SCA approaches"): which one a payment gets, from the debtor account's owner
 * and the TPP's preferences.
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

/** May `username` authorise payments from accounts of `owner`? The owner, or one of its signers. */
export async function mayActFor(db: Queryable, username: string, owner: string): Promise<boolean> {
  const signers = await signersOf(db, owner);
  return signers.length > 0 ? signers.includes(username) : username === owner;
}

/** The TPP's SCA preferences and the PSU it names, as sent with an initiation or an authorisation start. */
export interface ScaPreferences {
  /** PSU-ID: a kennitala, without the hyphen it may be written with (`010130-2989`). */
  psuId: string | null;
  /** PSU-Corporate-ID: the kennitala of the company in whose name the PSU acts, likewise. */
  corporateId: string | null;
  redirectPreferred: boolean | null;
  explicitPreferred: boolean | null;
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
 * `TPP-Explicit-Authorisation-Preferred: true`. A transfer between two accounts of the same owner is exempted
 * where PSU-ID names that owner.
 */
export async function decideApproach(
  db: Queryable,
  debtor: DebtorAccount,
  prefs: ScaPreferences,
): Promise<ScaDecision> {
  const owner = debtor.owner;
  await checkCorporate(db, prefs.corporateId, owner.username);
  const identified = await identifiedPsu(db, prefs.psuId);
  // "This service is not reachable for the addressed PSU due to a channel independent blocking by the ASPSP"
  // (BG IG 14.11): the debtor account's owner, or the PSU named by PSU-ID, is blocked at this bank.
  const blocked = owner.blocked || (identified !== null && (await findPsu(db, identified))?.blocked);
  if (blocked) {
    fail(403, 'SERVICE_BLOCKED', null, 'The bank has blocked this customer’s access to its services.');
  }
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
  const signers = owner.signers;
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
  // Only where the bank knows who asks: a PSU-ID naming the debtor account's owner (RTS art. 15 exempts the
  // payer's transfer between their own accounts; a TPP's request alone does not say who the payer is).
  const exempted = owner.owns_creditor && identified === owner.username;
  return {
    approach,
    psuUsername: identified ?? owner.username,
    methods: approach === 'DECOUPLED' ? push : otp,
    explicit: approach === 'MULTILEVEL' || (prefs.explicitPreferred === true && approach !== 'IOBWS'),
    exempted,
    signers,
  };
}

/**
 * A payment whose amount the PSU states at the bank (spec 2.1: instructedAmount is optional) needs the bank's
 * pages, where the PSU types it: the redirect approach, or OAuth and multilevel, which use the same pages. It is
 * never exempted from SCA.
 */
export function onBankPages(decision: ScaDecision): ScaDecision {
  const pages = decision.approach === 'OAUTH' || decision.approach === 'MULTILEVEL';
  return {
    ...decision,
    approach: pages ? decision.approach : 'REDIRECT',
    methods: pages ? decision.methods : [],
    exempted: false,
  };
}
