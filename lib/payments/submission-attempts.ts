import { createHash } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { refusedForNow } from '@/lib/bank/errors';
import type { Db } from '@/lib/db';
import { lockForm } from '@/lib/db/queries/form-locks';
import { bulkPaymentsOutcomeUnknown, paymentOfContentOutcomeUnknown } from '@/lib/db/queries/initiation';
import { type Payment, payments } from '@/lib/db/schema';

/**
 * One form may be sent more than once. The same content again is the same payment, with the same
 * Idempotency-Key (a double click, a retry after a timeout), its refusal included, but for a refusal of the moment
 * (the bank did not let our app in, its markets were closed), after which it is asked of the bank again as a new
 * payment. Other content after the bank refused every earlier attempt is a correction, and a new payment. Other
 * content while an earlier attempt is at the bank, or may be, is neither: the caller says so rather than send either
 * silently.
 */
export interface Attempt {
  psuId: string;
  submissionId: string;
  service: string;
  product: string;
  scaLanguage: string;
  body: unknown;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * SHA-256 of what a submission asks the bank for, whatever the order of its keys. Not the language of the
 * bank's SCA page: the same payment asked for in the other language is the same payment.
 */
export function fingerprintOf(attempt: Pick<Attempt, 'service' | 'product' | 'body'>): string {
  const { service, product, body } = attempt;
  return createHash('sha256')
    .update(JSON.stringify(canonical({ service, product, body })))
    .digest('base64url');
}

/** The submission id of a correction: derived from the form's and the content, so it is stable. */
export function correctionId(submissionId: string, fingerprint: string): string {
  const hex = createHash('sha256').update(`${submissionId}:${fingerprint}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type AttemptOutcome =
  | { kind: 'payment'; payment: Payment }
  | { kind: 'new'; submissionId: string; correctionOf: string | null; fingerprint: string }
  | { kind: 'changedWhileSent'; payment: Payment };

/**
 * The id of a payment of another form with this attempt's content whose bank answer was lost (or not recorded),
 * within the `hours` the bank keeps its key: the bank may have made it (or has), so a second one beside it could
 * pay twice (a PSU who opens the form again, or pays from a template, while the first is being asked about).
 */
export async function sameContentStillUnknown(
  db: Db,
  attempt: Attempt,
  hours: number,
): Promise<{ id: string } | undefined> {
  const same = await paymentOfContentOutcomeUnknown(db, {
    psuId: attempt.psuId,
    fingerprint: fingerprintOf(attempt),
    submissionId: attempt.submissionId,
    hours,
  });
  if (same || attempt.service !== 'bulk-payments') return same;
  // A bulk form names its bulk with an id of its own (spec 2.3 `paymentInformationId`): the same payments sent
  // from another form (a template used again, the form opened anew) differ from the lost one by that id alone,
  // and the bank would take them as a second bulk.
  const payments = bulkPaymentsFingerprintOf(attempt);
  const lost = await bulkPaymentsOutcomeUnknown(db, {
    psuId: attempt.psuId,
    submissionId: attempt.submissionId,
    hours,
  });
  const match = lost.find(
    (payment) =>
      bulkPaymentsFingerprintOf({
        service: attempt.service,
        product: payment.product,
        body: payment.body,
      }) === payments,
  );
  return match && { id: match.id };
}

/** A bulk's fingerprint without the id its form gave it: what it pays, from where and when. */
function bulkPaymentsFingerprintOf(attempt: Pick<Attempt, 'service' | 'product' | 'body'>): string {
  const body =
    attempt.body !== null && typeof attempt.body === 'object' && !Array.isArray(attempt.body)
      ? Object.fromEntries(Object.entries(attempt.body).filter(([key]) => key !== 'paymentInformationId'))
      : attempt.body;
  return fingerprintOf({ ...attempt, body });
}

/** Every payment sent from this attempt's form: the form's own, and its corrections. */
async function attemptsOfForm(db: Db, attempt: Attempt): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.psuId, attempt.psuId),
        or(eq(payments.submissionId, attempt.submissionId), eq(payments.correctionOf, attempt.submissionId)),
      ),
    );
}

function decide(earlier: Payment[], attempt: Attempt, fingerprint: string): AttemptOutcome {
  // A payment saved before fingerprints were kept counts as the form's one content.
  const sameContent = earlier
    .filter(
      (payment) =>
        payment.fingerprint === fingerprint ||
        (payment.fingerprint === null && payment.submissionId === attempt.submissionId),
    )
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const same = sameContent.at(-1);
  // A refusal of the moment (lib/bank/errors.ts refusedForNow) is asked of the bank again; any other answer stands.
  if (same && !(same.phase === 'refused' && refusedForNow(same.failureCode)))
    return { kind: 'payment', payment: same };
  const unrefused = earlier.find((payment) => payment.phase !== 'refused');
  if (unrefused) return { kind: 'changedWhileSent', payment: unrefused };
  if (earlier.length === 0)
    return { kind: 'new', submissionId: attempt.submissionId, correctionOf: null, fingerprint };
  // The n-th try of one content after refusals of the moment has an id of its own, the same for every request that
  // makes it (two at once are one payment).
  const tried = sameContent.length;
  return {
    kind: 'new',
    submissionId: correctionId(attempt.submissionId, tried === 0 ? fingerprint : `${fingerprint}:${tried}`),
    correctionOf: attempt.submissionId,
    fingerprint,
  };
}

/**
 * Whether this attempt is content its form sent before (a double click, a retry): answered with that payment,
 * whatever has changed since. Other content, a correction after the bank refused the form, is a new payment.
 */
export async function isSentAgain(db: Db, attempt: Attempt): Promise<boolean> {
  return decide(await attemptsOfForm(db, attempt), attempt, fingerprintOf(attempt)).kind === 'payment';
}

type NewAttempt = Extract<AttemptOutcome, { kind: 'new' }>;

/**
 * What to do with this attempt of a form, and the payment it is. The form's own submission id is
 * tried first: its insert, which the unique (psu, submissionId) settles when several race, makes a
 * form's first attempt a payment; a resubmission (a double click, fifty at once) finds the row there
 * and is answered from a plain read. A correction is decided again inside a transaction, under a lock
 * on the form, so that two different corrections sent at once are decided one after the other.
 * `save` inserts and returns the row, or nothing when a row with that submission id exists already.
 */
export async function decideAttempt(
  db: Db,
  attempt: Attempt,
  save: (db: Db, decided: NewAttempt) => Promise<Payment | undefined>,
): Promise<Exclude<AttemptOutcome, { kind: 'new' }>> {
  const fingerprint = fingerprintOf(attempt);
  const first = await save(db, {
    kind: 'new',
    submissionId: attempt.submissionId,
    correctionOf: null,
    fingerprint,
  });
  if (first) return { kind: 'payment', payment: first };
  const decided = decide(await attemptsOfForm(db, attempt), attempt, fingerprint);
  if (decided.kind !== 'new') return decided;
  return db.transaction(async (tx) => {
    await lockForm(tx, attempt.psuId, attempt.submissionId);
    const again = decide(await attemptsOfForm(tx, attempt), attempt, fingerprint);
    if (again.kind !== 'new') return again;
    const saved = await save(tx, again);
    if (!saved) throw new Error('A correction of a form could not be saved');
    return { kind: 'payment' as const, payment: saved };
  });
}
