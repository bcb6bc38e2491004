import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ALLOWED_CODES } from '../../../contract/error-codes.js';
import type { Queryable } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  applyFaultRule,
  deleteFaultRule,
  deleteFaultRules,
  type FaultRuleRow,
  insertFaultRule,
  listFaultRules,
} from '../db/queries/fault-rules.js';

/**
 * Fault rules: stored in `fault_rules`, managed through `/sandbox/faults`, applied by the request middleware
 * (`target: "request"`) and by the notification worker (`target: "notification"`). The first live rule that
 * matches (in creation order) is applied; a rule with `count` is applied that many times and then stays
 * listed with `remaining: 0`.
 */
export const REQUEST_FAULT_STATUSES = [408, 429, 500, 502, 503, 504] as const;

const ruleShape = z
  .object({
    target: z.enum(['request', 'notification']).default('request'),
    /** HTTP method of the request (requests only). */
    method: z
      .string()
      .regex(/^[A-Za-z]+$/)
      .transform((m) => m.toUpperCase())
      .optional(),
    /** Prefix of the request path, or of the notification URI's path. */
    path: z.string().min(1).max(500).optional(),
    /** Regular expression tested against the same path. */
    pathRegex: z
      .string()
      .min(1)
      .max(500)
      .refine((source) => {
        try {
          new RegExp(source);
          return true;
        } catch {
          return false;
        }
      }, 'not a valid regular expression')
      .optional(),
    /** Debtor IBAN, online-banking username or kennitala of the PSU whose payment the request is about. */
    psu: z.string().min(1).max(64).optional(),
    /** Apply this many times, then stop. Absent: until deleted. */
    count: z.number().int().min(1).max(1_000_000).optional(),
    /** Requests: wait this long (real time) before handling. */
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    /** Requests: answer with this status instead of handling (no body, as the interface defines none). */
    status: z
      .number()
      .int()
      .refine((s) => (REQUEST_FAULT_STATUSES as readonly number[]).includes(s), {
        message: `must be one of ${REQUEST_FAULT_STATUSES.join(', ')}`,
      })
      .optional(),
    /** With status 429 or 503: the Retry-After header, in seconds (429 default 1). */
    retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
    /**
     * Requests: hold the connection for `holdMs` and then drop it without an answer. `after` (default) lets the
     * request be handled first (the bank did the work, the client never hears), `before` drops it unhandled.
     */
    timeout: z.enum(['before', 'after']).optional(),
    holdMs: z.number().int().min(0).max(600_000).optional(),
    /**
     * Requests of the payment initiation interface (`/psd2`, and a bank of another dialect's own paths, which its
     * face hands on as ours): answer with this part 7 error instead of handling, its codes ones part 7 allows for
     * the status (the scenario for codes no bank rule of the sandbox yields, README "Which condition yields which
     * error"). `form` `tppMessages` (default): JSON or XML as the request's Accept asks; `problem`: problem
     * details as IOBWS 3.2 allows (Error400_PIS and the others, `application/problem+json`), `text` its `detail`,
     * with `additionalErrors`. A 405 carries `Allow`, the methods the endpoint still offers.
     */
    error: z
      .object({
        status: z.union([
          z.literal(400),
          z.literal(401),
          z.literal(403),
          z.literal(404),
          z.literal(405),
          z.literal(409),
        ]),
        code: z.string(),
        path: z.string().max(200).nullable().optional(),
        text: z.string().max(500).optional(),
        form: z.enum(['tppMessages', 'problem']).optional(),
        /** With form `problem`: further errors, each its code and a `title` (70) or `detail` (500), as IOBWS. */
        additionalErrors: z
          .array(
            z
              .object({
                code: z.string(),
                title: z.string().max(70).optional(),
                detail: z.string().max(500).optional(),
              })
              .strict(),
          )
          .min(1)
          .max(20)
          .optional(),
      })
      .strict()
      .superRefine((e, issue) => {
        const allowed = ALLOWED_CODES[e.status] as readonly string[];
        const codes: [PropertyKey[], string][] = [
          [['code'], e.code],
          ...(e.additionalErrors ?? []).map((a, i): [PropertyKey[], string] => [
            ['additionalErrors', i, 'code'],
            a.code,
          ]),
        ];
        for (const [path, code] of codes)
          if (!allowed.includes(code))
            issue.addIssue({
              code: 'custom',
              path,
              message: 'code must be one part 7 allows for the status',
            });
        if (e.form !== 'problem' && e.additionalErrors)
          issue.addIssue({ code: 'custom', path: ['additionalErrors'], message: 'only with form problem' });
        // Problem details have no member for it (IOBWS: "XPath might be used" in `detail`).
        if (e.form === 'problem' && e.path != null)
          issue.addIssue({
            code: 'custom',
            path: ['path'],
            message: 'not with form problem: name it in text',
          });
      })
      .optional(),
    /**
     * Requests of a payment's initiation, handled as ever (the payment and its authorisation exist, a decoupled
     * one is approved in the bank's app): its 201 gives the TPP no SCA link it can follow, as a bank may (spec
     * 2.5, BG IG). `none`: only `self` and `status`; `encrypted`: those and
     * `startAuthorisationWithEncryptedPsuAuthentication`. JSON answers only.
     */
    scaLinks: z.enum(['none', 'encrypted']).optional(),
    /** Notifications: drop it, send it twice, or hold it back and send it after the next one. */
    notification: z.enum(['drop', 'duplicate', 'reorder']).optional(),
  })
  .strict()
  .superRefine((rule, issue) => {
    if (rule.target === 'request') {
      if (
        rule.latencyMs === undefined &&
        rule.status === undefined &&
        rule.timeout === undefined &&
        rule.error === undefined &&
        rule.scaLinks === undefined
      ) {
        issue.addIssue({
          code: 'custom',
          message: 'a request rule needs latencyMs, status, timeout, error or scaLinks',
        });
      }
      if (
        [rule.status, rule.timeout, rule.error, rule.scaLinks].filter((effect) => effect !== undefined)
          .length > 1
      ) {
        issue.addIssue({ code: 'custom', message: 'status, timeout, error and scaLinks exclude each other' });
      }
      if (rule.notification !== undefined) {
        issue.addIssue({ code: 'custom', path: ['notification'], message: 'only for target notification' });
      }
    } else {
      if (rule.notification === undefined) {
        issue.addIssue({
          code: 'custom',
          path: ['notification'],
          message: 'required for target notification',
        });
      }
      for (const key of [
        'method',
        'latencyMs',
        'status',
        'timeout',
        'holdMs',
        'retryAfterSeconds',
        'error',
        'scaLinks',
      ] as const) {
        if (rule[key] !== undefined)
          issue.addIssue({ code: 'custom', path: [key], message: 'only for target request' });
      }
    }
  });

export type FaultRuleInput = z.input<typeof ruleShape>;
export type FaultRuleSpec = z.output<typeof ruleShape>;

export interface FaultRule extends FaultRuleSpec {
  id: string;
  remaining: number | null;
  applied: number;
  createdAt: string;
}

export function parseFaultRule(
  input: unknown,
): { ok: true; rule: FaultRuleSpec } | { ok: false; errors: string[] } {
  const parsed = ruleShape.safeParse(input);
  if (parsed.success) return { ok: true, rule: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
  };
}

function fromRow(row: FaultRuleRow<FaultRuleSpec>): FaultRule {
  return {
    ...row.rule,
    id: row.id,
    remaining: row.remaining,
    applied: row.applied,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What a request or notification is about, for matching. PSU identifiers are filled in only when needed. */
export interface FaultSubject {
  target: 'request' | 'notification';
  method: string;
  path: string;
  /** Resolved lazily: debtor IBAN, owner username and kennitala. */
  psu: () => Promise<string[]>;
}

function matchesStatic(rule: FaultRule, subject: FaultSubject): boolean {
  if (rule.target !== subject.target) return false;
  if (rule.remaining !== null && rule.remaining <= 0) return false;
  if (rule.method && rule.method !== subject.method) return false;
  if (rule.path && !subject.path.startsWith(rule.path)) return false;
  if (rule.pathRegex && !new RegExp(rule.pathRegex).test(subject.path)) return false;
  // A part 7 error body belongs to the payment initiation interface only (a bank of another dialect's face hands
  // its own paths on as ours: sandbox/src/http/dialects/).
  if (rule.error && !subject.path.startsWith('/psd2/')) return false;
  return true;
}

const CACHE_MS = 1000;

/**
 * The fault rules of one bank. Rules are read from the database at most once a second (every request passes through the middleware), and
 * at once after a change made through this process. Counting down `count` is done in the database.
 */
export class FaultStore {
  private cache: { at: number; rules: FaultRule[] } | undefined;
  /** Counts changes, so a read of the rules that began before one is not kept as the cache. */
  private changes = 0;

  constructor(private readonly db: () => Promise<Queryable>) {}

  invalidate() {
    this.changes++;
    this.cache = undefined;
  }

  async list(): Promise<FaultRule[]> {
    return (await listFaultRules<FaultRuleSpec>(await this.db())).map(fromRow);
  }

  private async live(): Promise<FaultRule[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.rules;
    const changes = this.changes;
    const rules = (await this.list()).filter((r) => r.remaining === null || r.remaining > 0);
    if (changes === this.changes) this.cache = { at: Date.now(), rules };
    return rules;
  }

  async add(spec: FaultRuleSpec): Promise<FaultRule> {
    const db = await this.db();
    const row = await insertFaultRule(db, {
      id: randomUUID(),
      rule: spec,
      remaining: spec.count ?? null,
      createdAt: await sandboxNow(db),
    });
    this.invalidate();
    if (!row) throw new Error('fault rule not stored');
    return fromRow(row);
  }

  async remove(id: string): Promise<boolean> {
    const removed = await deleteFaultRule(await this.db(), id);
    this.invalidate();
    return removed;
  }

  async clear(): Promise<number> {
    const deleted = await deleteFaultRules(await this.db());
    this.invalidate();
    return deleted;
  }

  /**
   * The first live rule matching the subject, counted as applied (and its `count` taken down by one). A rule
   * that another request used up in the meantime is passed over.
   */
  async take(subject: FaultSubject): Promise<FaultRule | undefined> {
    const rules = await this.live();
    if (rules.length === 0) return undefined;
    let psu: string[] | undefined;
    for (const rule of rules) {
      if (!matchesStatic(rule, subject)) continue;
      if (rule.psu) {
        psu ??= await subject.psu();
        const wanted = rule.psu.toUpperCase();
        if (!psu.some((id) => id.toUpperCase() === wanted)) continue;
      }
      const row = await applyFaultRule(await this.db(), rule.id);
      if (!row) {
        this.invalidate();
        continue;
      }
      if (row.remaining !== null && row.remaining <= 0) this.invalidate();
      return rule;
    }
    return undefined;
  }
}
