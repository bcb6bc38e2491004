import type { Queryable } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import { findIdpAccessToken } from '../db/queries/idp-grants.js';
import { findIdpPerson } from '../db/queries/idp-people.js';
import { sha256Hex } from '../shared/secrets.js';
import { personClaims } from './claims.js';

/**
 * The userinfo endpoint (OpenID Connect Core 5.3): the claims of the person an access token was issued for,
 * for its scopes; undefined for a token that is unknown, expired (sandbox clock) or taken back.
 */
export async function userInfo(
  db: Queryable,
  accessToken: string,
): Promise<Record<string, unknown> | undefined> {
  const token = await findIdpAccessToken(db, sha256Hex(accessToken));
  if (!token || token.revoked || token.expires_at <= (await sandboxNow(db))) return undefined;
  const person = await findIdpPerson(db, token.kennitala);
  return person ? personClaims(person, token.scope.split(' ')) : undefined;
}
