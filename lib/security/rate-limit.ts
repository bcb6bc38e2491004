import { createHmac, hkdfSync } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { rateLimits } from '@/lib/db/schema';

/**
 * Fixed-window rate limits kept in the app database, so that they hold across app instances and
 * restarts. One atomic upsert per counted hit; a window that has expired starts again at 1.
 */
export interface Limit {
  /** Names the limit, e.g. `sign-in:email`; part of the key. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface Verdict {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends; 0 while allowed. */
  retryAfterSeconds: number;
}

let keyCache: { secret: string; key: Buffer } | undefined;

/**
 * An HMAC of the limit's name and subject: the table then holds no e-mail or client address, and a
 * key cannot be guessed from outside to fill someone else's window in advance.
 */
export function limitKey(limit: Pick<Limit, 'name'>, subject: string): string {
  const { AUTH_SECRET } = settings();
  if (keyCache?.secret !== AUTH_SECRET) {
    keyCache = {
      secret: AUTH_SECRET,
      key: Buffer.from(hkdfSync('sha256', AUTH_SECRET, Buffer.alloc(0), 'greidsla-rate-limit-v1', 32)),
    };
  }
  return `${limit.name}:${createHmac('sha256', keyCache.key).update(subject).digest('base64url')}`;
}

function verdict(limit: Limit, hits: number, expiresAt: Date, now: Date): Verdict {
  const allowed = hits <= limit.limit;
  return {
    allowed,
    hits,
    retryAfterSeconds: allowed ? 0 : Math.max(Math.ceil((expiresAt.getTime() - now.getTime()) / 1000), 1),
  };
}

/** Counts one hit against `subject` and says whether it is within the limit. */
export async function hitLimit(limit: Limit, subject: string, db?: Db): Promise<Verdict> {
  const database = db ?? (await getDb());
  const key = limitKey(limit, subject);
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  const [row] = await database
    .insert(rateLimits)
    .values({
      key,
      hits: 1,
      windowStart: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${limit.windowSeconds})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, expiresAt: rateLimits.expiresAt, now: sql<string>`now()` });
  // Now and then, drop windows that ended long ago; a missed sweep costs a few rows only.
  if (Math.random() < 0.01) {
    await database.delete(rateLimits).where(lte(rateLimits.expiresAt, sql`now() - interval '1 day'`));
  }
  if (!row) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  return verdict(limit, row.hits, row.expiresAt, new Date(row.now));
}

/** Gives one hit back to `subject`'s current window, e.g. an attempt that turned out right. */
export async function releaseHit(limit: Pick<Limit, 'name'>, subject: string, db?: Db): Promise<void> {
  const database = db ?? (await getDb());
  await database
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, limitKey(limit, subject)), gt(rateLimits.expiresAt, sql`now()`)));
}

/** Forgets `subject`'s window, e.g. the failed sign-ins of an address after a successful one. */
export async function clearLimit(limit: Pick<Limit, 'name'>, subject: string, db?: Db): Promise<void> {
  const database = db ?? (await getDb());
  await database.delete(rateLimits).where(eq(rateLimits.key, limitKey(limit, subject)));
}

/** The limits of this app, sized by the settings. */
export function limits() {
  const config = settings();
  const signInWindow = config.RATE_LIMIT_SIGN_IN_WINDOW_MINUTES * 60;
  return {
    signInPerEmail: {
      name: 'sign-in:email',
      limit: config.RATE_LIMIT_SIGN_IN_PER_EMAIL,
      windowSeconds: signInWindow,
    },
    signInPerAddress: {
      name: 'sign-in:ip',
      limit: config.RATE_LIMIT_SIGN_IN_PER_IP,
      windowSeconds: signInWindow,
    },
    signUpPerAddress: {
      name: 'sign-up:ip',
      limit: config.RATE_LIMIT_SIGN_UP_PER_IP_HOUR,
      windowSeconds: 3600,
    },
    passwordChangePerPsu: {
      name: 'password:psu',
      limit: config.RATE_LIMIT_SIGN_IN_PER_EMAIL,
      windowSeconds: signInWindow,
    },
    paymentActionsPerPsu: {
      name: 'action:psu',
      limit: config.RATE_LIMIT_ACTIONS_PER_MINUTE,
      windowSeconds: 60,
    },
    publicPerAddress: { name: 'public:ip', limit: config.RATE_LIMIT_PUBLIC_PER_MINUTE, windowSeconds: 60 },
    verificationMailsPerPsu: {
      name: 'verification-mail:psu',
      limit: config.RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR,
      windowSeconds: 3600,
    },
  } satisfies Record<string, Limit>;
}

/** Minutes to show a person for a wait of `seconds`: never 0, rounded up. */
export function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
