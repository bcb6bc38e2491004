import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { replaySubscription } from '@/lib/webhooks/manage';
import { parseWebhookSettings } from '@/lib/webhooks/settings';
import en from '@/messages/events/en.json';
import is from '@/messages/events/is.json';
import { freshAppDatabase } from '../support/app-database';
import { createSubscription, type FakeBank, startFakeBank } from './support';

/**
 * A bank that offers no replay (the spec defines none; webhooks spec part 3: events of the off period
 * "can be replayed on request"). Unless BANK_EVENTS_OFFERS_REPLAY says otherwise, the app never calls
 * one: it tells the operator that the bank keeps those events and replays them on request.
 */

let db: Db;
let bank: FakeBank;

beforeAll(async () => {
  bank = await startFakeBank(() => ({ status: 202, body: { replayed: 1 } }));
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'replay-off-secret-replay-off-secret-0123456',
    SEED_DEMO_PSU: 'false',
    BANK_AUTH_URL: bank.url,
    BANK_EVENTS_BASE_URL: `${bank.url}/events`,
  });
  delete process.env.BANK_EVENTS_OFFERS_REPLAY;
  db = await getDb();
});

afterAll(async () => {
  await closeDatabase();
  await bank.close();
});

describe('replay is not offered by default', () => {
  it('the setting is off unless set; it takes true or false only', () => {
    expect(parseWebhookSettings({}).BANK_EVENTS_OFFERS_REPLAY).toBe(false);
    expect(parseWebhookSettings({ BANK_EVENTS_OFFERS_REPLAY: 'true' }).BANK_EVENTS_OFFERS_REPLAY).toBe(true);
    expect(() => parseWebhookSettings({ BANK_EVENTS_OFFERS_REPLAY: 'sometimes' })).toThrow(
      /BANK_EVENTS_OFFERS_REPLAY/,
    );
  });

  it('the bank is not asked, and the operator is told how the spec has missed events replayed', async () => {
    const { id } = await createSubscription(db);
    expect(await replaySubscription(db, id)).toEqual({ ok: false, reason: 'replayNotOffered' });
    expect(bank.requests.filter((request) => request.path.endsWith('/replay'))).toEqual([]);
    expect(en.events.failure.replayNotOffered).toMatch(/replays them on request/);
    expect(is.events.failure.replayNotOffered).toMatch(/sendir þá aftur sé þess óskað/);
  });
});
