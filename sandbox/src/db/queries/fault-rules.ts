import type { Queryable } from '../db.js';
import { insertInto, jsonb } from './sql.js';

export interface FaultRuleRow<R> {
  id: string;
  rule: R;
  remaining: number | null;
  applied: number;
  created_at: number;
}

export async function listFaultRules<R>(q: Queryable): Promise<Array<FaultRuleRow<R>>> {
  return q.query('SELECT id, rule, remaining, applied, created_at FROM fault_rules ORDER BY created_at, id');
}

export async function insertFaultRule<R>(
  q: Queryable,
  rule: { id: string; rule: R; remaining: number | null; createdAt: number },
): Promise<FaultRuleRow<R> | undefined> {
  const rows = await insertInto<FaultRuleRow<R>>(
    q,
    'fault_rules',
    {
      id: rule.id,
      rule: jsonb(rule.rule),
      remaining: rule.remaining,
      applied: 0,
      created_at: rule.createdAt,
    },
    'RETURNING id, rule, remaining, applied, created_at',
  );
  return rows[0];
}

export async function deleteFaultRule(q: Queryable, id: string): Promise<boolean> {
  return (await q.query('DELETE FROM fault_rules WHERE id = $1 RETURNING id', [id])).length > 0;
}

/** Deletes every rule; returns how many there were. */
export async function deleteFaultRules(q: Queryable): Promise<number> {
  return (await q.query('DELETE FROM fault_rules RETURNING id')).length;
}

/**
 * Counts a rule as applied once more (and its `remaining` down by one). Undefined when the rule was used up or
 * removed in the meantime; else its remaining count.
 */
export async function applyFaultRule(
  q: Queryable,
  id: string,
): Promise<{ remaining: number | null } | undefined> {
  const rows = await q.query<{ remaining: number | null }>(
    `UPDATE fault_rules SET applied = applied + 1, remaining = remaining - 1
     WHERE id = $1 AND (remaining IS NULL OR remaining > 0) RETURNING remaining`,
    [id],
  );
  return rows[0];
}
