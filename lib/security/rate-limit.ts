import { createHmac, hkdfSync } from 'node:crypto';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { countHit, type HitOutcome, settleHit } from '@/lib/db/queries/rate-limits';
import { metrics } from '@/lib/observability/metrics';

/**
 * Fixed-window rate limits kept in the app database, so that they hold across app instances and
 * restarts. One atomic upsert per counted hit (lib/db/queries/rate-limits.ts).
 */
export interface Limit {
  /** Names the limit, e.g. `sign-in:ip`; part of the key, and the throttle metric's `limit` label. */
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

async function countAgainst(limit: Limit, subject: string, held: boolean, db?: Db): Promise<Verdict> {
  const count = await countHit(db ?? (await getDb()), limitKey(limit, subject), limit.windowSeconds, held);
  if (!count) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  const decided = verdict(limit, count.hits, count.expiresAt, count.now);
  if (!decided.allowed) metrics().throttleRefusals.inc({ limit: limit.name });
  return decided;
}

/** Counts one hit against `subject` and says whether it is within the limit. */
export function hitLimit(limit: Limit, subject: string, db?: Db): Promise<Verdict> {
  return countAgainst(limit, subject, false, db);
}

/**
 * Counts one hit against `subject` whose outcome is still to come, and says whether it is within the
 * limit; `settleHeldHit` ends it.
 */
export function holdHit(limit: Limit, subject: string, db?: Db): Promise<Verdict> {
  return countAgainst(limit, subject, true, db);
}

/** Ends a hit counted by `holdHit` (HitOutcome says how). */
export async function settleHeldHit(
  limit: Pick<Limit, 'name'>,
  subject: string,
  outcome: HitOutcome,
  db?: Db,
): Promise<void> {
  await settleHit(db ?? (await getDb()), limitKey(limit, subject), outcome);
}

/** The limits of this app, sized by the settings. */
export function limits() {
  const config = settings();
  const signInWindow = config.RATE_LIMIT_SIGN_IN_WINDOW_MINUTES * 60;
  return {
    /** Failed sign-ins of one e-mail address from one client address (lib/auth/sign-in-throttle.ts). */
    signInPerEmail: {
      name: 'sign-in:email-at-address',
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
