import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../src/db/db.js';
import { migrate } from '../src/db/migrations.js';
import { findAccessToken, insertAccessToken } from '../src/db/queries/access-tokens.js';
import { advanceClock, clockOffset } from '../src/db/queries/clock.js';

// A PIS call reads its access token and the sandbox clock; both are kept in memory between calls
// (access-tokens.ts, clock.ts). What is kept must never outlive a change this process makes.
let db: Db;
beforeAll(async () => {
  db = await openPglite({});
  await migrate(db);
});
afterAll(() => db.close());

describe('what a PIS call reads before its work', () => {
  it('the clock moved by advanceClock is the clock of the very next call', async () => {
    const before = await clockOffset(db);
    expect(await clockOffset(db)).toBe(before);
    await advanceClock(db, 60);
    expect(await clockOffset(db)).toBe(before + 60_000);
    const token = { tokenHash: 'c'.repeat(64), clientId: 'tpp', scope: 'pis:', issuedAt: 0, expiresAt: 1 };
    await insertAccessToken(db, token);
    expect((await findAccessToken(db, token.tokenHash))?.clock_offset_ms).toBe(before + 60_000);
    await advanceClock(db, 60);
    expect((await findAccessToken(db, token.tokenHash))?.clock_offset_ms).toBe(before + 120_000);
  });

  it('a token not found is asked for again: issued meanwhile, it is found', async () => {
    const hash = 'a'.repeat(64);
    expect(await findAccessToken(db, hash)).toBeUndefined();
    await insertAccessToken(db, {
      tokenHash: hash,
      clientId: 'tpp',
      scope: 'pis:',
      issuedAt: 0,
      expiresAt: 1,
    });
    expect(await findAccessToken(db, hash)).toMatchObject({ client_id: 'tpp', scope: 'pis:', expires_at: 1 });
  });
});
