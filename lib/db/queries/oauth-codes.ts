import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { databaseNow, databaseNowMinus } from '../clock';
import { type OAuthCodeOutcome, oauthCodeExchanges } from '../oauth-code-schema';
import type { Db } from '../types';

/** The queries of OAuth codes (lib/payments/oauth-confirm.ts): one payment's code, by the hash of the code. */
export interface OAuthCodeRef {
  paymentId: string;
  codeHash: string;
}

/**
 * A claim on the code by the request about to exchange it: true for the one request that gets it. A code whose
 * earlier exchange ended `unspent` (the bank never used it) may be claimed again; any other claim stands.
 */
export async function claimOAuthCode(
  db: Db,
  code: OAuthCodeRef & { authorisation: string },
): Promise<boolean> {
  const claimed = await db
    .insert(oauthCodeExchanges)
    .values(code)
    .onConflictDoUpdate({
      target: [oauthCodeExchanges.paymentId, oauthCodeExchanges.codeHash],
      set: { outcome: null, claimedAt: databaseNow() },
      setWhere: eq(oauthCodeExchanges.outcome, 'unspent'),
    })
    .returning({ codeHash: oauthCodeExchanges.codeHash });
  return claimed.length === 1;
}

/** The row of one payment's code. */
const isCode = (code: OAuthCodeRef) =>
  and(eq(oauthCodeExchanges.paymentId, code.paymentId), eq(oauthCodeExchanges.codeHash, code.codeHash));

export async function settleOAuthCode(db: Db, code: OAuthCodeRef, outcome: OAuthCodeOutcome): Promise<void> {
  await db.update(oauthCodeExchanges).set({ outcome }).where(isCode(code));
}

/** What came of the code's exchange: null while it is under way, undefined for a code never claimed. */
export async function oauthCodeOutcome(
  db: Db,
  code: OAuthCodeRef,
): Promise<OAuthCodeOutcome | null | undefined> {
  const [row] = await db
    .select({ outcome: oauthCodeExchanges.outcome })
    .from(oauthCodeExchanges)
    .where(isCode(code));
  return row?.outcome;
}

/**
 * Whether a code of this authorisation of the payment was lost: its exchange ended `lost`, or its claim is older
 * than `stuckSeconds` without an outcome (the request that claimed it ended without one, the code maybe sent).
 */
export async function oauthCodeLost(
  db: Db,
  paymentId: string,
  authorisation: string,
  stuckSeconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(oauthCodeExchanges)
    .where(
      and(
        eq(oauthCodeExchanges.paymentId, paymentId),
        eq(oauthCodeExchanges.authorisation, authorisation),
        or(
          eq(oauthCodeExchanges.outcome, 'lost'),
          and(
            isNull(oauthCodeExchanges.outcome),
            lt(oauthCodeExchanges.claimedAt, databaseNowMinus(stuckSeconds, 'secs')),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
