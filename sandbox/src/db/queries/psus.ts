import type { Queryable } from '../db.js';
import { insertInto, jsonb, updateWhere } from './sql.js';

/** An SCA method a PSU is offered for embedded or decoupled SCA (PUSH_OTP: approve in the bank's app). */
export interface ScaMethod {
  authenticationType: 'SMS_OTP' | 'CHIP_OTP' | 'PHOTO_OTP' | 'PUSH_OTP';
  authenticationMethodId: string;
  name: string;
  explanation?: string;
  /** The name and explanation in Icelandic, for a PSU-Accept-Language of `is` (sandbox/src/sca/methods.ts). */
  is?: { name: string; explanation?: string };
}

export interface PsuRow {
  username: string;
  name: string;
  kennitala: string;
  password_hash: string;
  sca_approach: string;
  sca_methods: ScaMethod[];
  /** The bank has blocked this PSU's access (403 SERVICE_BLOCKED). */
  blocked: boolean;
}

export async function findPsu(q: Queryable, username: string): Promise<PsuRow | undefined> {
  return (await q.query<PsuRow>('SELECT * FROM psus WHERE username = $1', [username]))[0];
}

/**
 * The owner of a debtor account as a new payment needs it (accounts.ts, findDebtorAccount): the PSU, its signers (as
 * `signersOf`) and whether it also owns the creditor account (a transfer between its own accounts).
 */
export interface Payer extends PsuRow {
  signers: string[];
  owns_creditor: boolean;
}

/** The username of the PSU with this kennitala. */
export async function usernameByKennitala(q: Queryable, kennitala: string): Promise<string | undefined> {
  const rows = await q.query<{ username: string }>('SELECT username FROM psus WHERE kennitala = $1', [
    kennitala,
  ]);
  return rows[0]?.username;
}

export async function listUsernames(q: Queryable): Promise<string[]> {
  return (await q.query<{ username: string }>('SELECT username FROM psus')).map((r) => r.username);
}

/** Throws a unique violation (23505) when the username or kennitala is taken, unless `ifAbsent`. */
export async function insertPsu(
  q: Queryable,
  psu: { username: string; passwordHash: string; name: string; kennitala: string },
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  await insertInto(
    q,
    'psus',
    { username: psu.username, password_hash: psu.passwordHash, name: psu.name, kennitala: psu.kennitala },
    options.ifAbsent ? 'ON CONFLICT DO NOTHING' : '',
  );
}

export async function setPsuSca(q: Queryable, username: string, approach: string, methods: ScaMethod[]) {
  await updateWhere(q, 'psus', { sca_approach: approach, sca_methods: jsonb(methods) }, 'username = $1', [
    username,
  ]);
}

export async function setPsuBlocked(q: Queryable, username: string, blocked: boolean) {
  await updateWhere(q, 'psus', { blocked }, 'username = $1', [username]);
}

/** The people who must all sign a company's payments (multilevel SCA), by username. */
export async function signersOf(q: Queryable, company: string): Promise<string[]> {
  const rows = await q.query<{ signer_username: string }>(
    'SELECT signer_username FROM psu_signers WHERE company_username = $1 ORDER BY signer_username',
    [company],
  );
  return rows.map((r) => r.signer_username);
}

export async function addSigner(q: Queryable, company: string, signer: string): Promise<void> {
  await insertInto(
    q,
    'psu_signers',
    { company_username: company, signer_username: signer },
    'ON CONFLICT DO NOTHING',
  );
}
