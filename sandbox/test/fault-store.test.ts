import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/db/db.js';
import { FaultStore, type FaultSubject } from '../src/faults/rules.js';
import { openTestBankDatabase } from './helpers.js';

let db: Db;

beforeAll(async () => {
  db = await openTestBankDatabase();
});
afterAll(() => db.close());

const initiation: FaultSubject = {
  target: 'request',
  method: 'POST',
  path: '/psd2/v1/payments/sepa-credit-transfers',
  psu: async () => [],
};

/** The database, with the next read of the rule list held until `release` is called. */
function holdingNextRuleRead(): { queryable: Queryable; held: Promise<void>; release: () => void } {
  let release = () => {};
  let reached = () => {};
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let holding = true;
  const queryable: Queryable = {
    async query(sql, params) {
      if (holding && sql.includes('FROM fault_rules ORDER BY')) {
        holding = false;
        const rows = await db.query(sql, params);
        reached();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return rows as never;
      }
      return db.query(sql, params);
    },
  };
  return { queryable, held, release: () => release() };
}

describe('the fault rules a request meets', () => {
  it('include a rule added while another request was reading the list', async () => {
    const reads = holdingNextRuleRead();
    const store = new FaultStore(async () => reads.queryable);
    await store.clear();
    // A request (the app's polling, say) reads the rules just before the operator adds one.
    const before = store.take(initiation);
    await reads.held;
    const rule = await store.add({
      target: 'request',
      method: 'POST',
      path: '/psd2/',
      status: 503,
      count: 1,
    });
    reads.release();
    expect(await before).toBeUndefined();
    // The next request, at once, meets the new rule: the older read does not hide it.
    expect((await store.take(initiation))?.id).toBe(rule.id);
  });
});
