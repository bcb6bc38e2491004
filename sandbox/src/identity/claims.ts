import type { IdpPersonRow } from '../db/queries/idp-people.js';

/**
 * The claims of a person for the granted scopes, in the ID token and at the userinfo endpoint alike:
 * `profile` gives `name` and the kennitala as `nationalRegisterId` (as Icelandic electronic-ID services name
 * it); `email` gives `email` and `email_verified` when the person has an address (electronic ID may have none).
 */
export function personClaims(person: IdpPersonRow, scopes: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: person.subject };
  if (scopes.includes('profile')) {
    claims.name = person.name;
    claims.nationalRegisterId = person.kennitala;
  }
  if (scopes.includes('email') && person.email) {
    claims.email = person.email;
    claims.email_verified = person.email_verified;
  }
  return claims;
}
