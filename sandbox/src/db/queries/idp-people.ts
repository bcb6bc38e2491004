import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** A person the electronic-ID provider can vouch for. */
export interface IdpPersonRow {
  kennitala: string;
  subject: string;
  name: string;
  email: string | null;
  email_verified: boolean;
}

export async function findIdpPerson(q: Queryable, kennitala: string): Promise<IdpPersonRow | undefined> {
  return (await q.query<IdpPersonRow>('SELECT * FROM idp_people WHERE kennitala = $1', [kennitala]))[0];
}

export async function listIdpPeople(q: Queryable): Promise<IdpPersonRow[]> {
  return q.query<IdpPersonRow>('SELECT * FROM idp_people ORDER BY name, kennitala');
}

/** Inserts a person; false when the kennitala is taken (nothing changed). */
export async function insertIdpPerson(q: Queryable, person: IdpPersonRow): Promise<boolean> {
  const rows = await insertInto(
    q,
    'idp_people',
    { ...person },
    'ON CONFLICT (kennitala) DO NOTHING RETURNING kennitala',
  );
  return rows.length > 0;
}
