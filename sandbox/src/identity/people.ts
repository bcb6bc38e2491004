import type { Queryable } from '../db/db.js';
import { type IdpPersonRow, insertIdpPerson } from '../db/queries/idp-people.js';
import { SEED_PSUS } from '../seed/psus.js';
import { sha256Hex } from '../shared/secrets.js';

/** Someone the electronic-ID provider knows: a person (never a company) with a kennitala. */
export interface IdentityPerson {
  kennitala: string;
  name: string;
  /** Electronic ID may carry no e-mail address at all. */
  email?: string;
  /** Whether the provider says it verified `email` (OpenID Connect `email_verified`). */
  emailVerified?: boolean;
}

/** The PIN of every test person on the sign-in page. */
export const DEMO_PIN = '1234';

/** A person's kennitala starts with the day of birth (01-31); a company's with 41-71. */
export function isPersonKennitala(kennitala: string): boolean {
  return /^[0-3][0-9]{9}$/.test(kennitala);
}

/** People with electronic ID and no account at this bank. */
export const PEOPLE_WITHOUT_ACCOUNTS: readonly IdentityPerson[] = [
  { kennitala: '1704952179', name: 'Sigríður Prófadóttir', email: 'sigga@example.com', emailVerified: true },
  { kennitala: '3108962099', name: 'Gunnar Prófason' },
  { kennitala: '0808005259', name: 'Þórdís Ævarsdóttir', email: 'thordis@example.com', emailVerified: false },
];

/** The e-mail addresses the provider holds for some of the bank's customers. */
const CUSTOMER_EMAILS: Readonly<Record<string, Pick<IdentityPerson, 'email' | 'emailVerified'>>> = {
  '0101302989': { email: 'jon@example.com', emailVerified: true },
};

/** Every test person: the bank's customers who are people (the seeded PSUs), then those without accounts. */
export const TEST_PEOPLE: readonly IdentityPerson[] = [
  ...SEED_PSUS.filter((psu) => isPersonKennitala(psu.kennitala)).map((psu) => ({
    kennitala: psu.kennitala,
    name: psu.name,
    ...CUSTOMER_EMAILS[psu.kennitala],
  })),
  ...PEOPLE_WITHOUT_ACCOUNTS,
];

/**
 * The `sub` of a person: the same for every client and every sandbox database (a fresh sandbox vouches for
 * the same people under the same subjects), and not the kennitala itself, which travels only in its own claim.
 */
export function subjectOf(kennitala: string): string {
  const hex = sha256Hex(`sandbox-idp-subject\n${kennitala}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function personRow(person: IdentityPerson): IdpPersonRow {
  return {
    kennitala: person.kennitala,
    subject: subjectOf(person.kennitala),
    name: person.name,
    email: person.email ?? null,
    email_verified: person.emailVerified ?? false,
  };
}

/** Adds a person; false when one with this kennitala exists. */
export function addPerson(db: Queryable, person: IdentityPerson): Promise<boolean> {
  return insertIdpPerson(db, personRow(person));
}
