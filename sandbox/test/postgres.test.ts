import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl } from '../../tests/support/postgres.js';
import type { RunningSandbox } from '../src/server.js';
import { advanceClock, formAction, ScaBrowser, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

// Skipped without a PostgreSQL server: on PGlite the sandbox has no schema to migrate into. With
// SANDBOX_TEST_DATABASE_URL (a database to spare: the test drops and recreates schema `sandbox` in it),
// or in CI's TEST_DATABASE_URL pass, on a new database of that server.
const spareDatabase = process.env.SANDBOX_TEST_DATABASE_URL;

describe.skipIf(!spareDatabase && !testDatabaseUrl())('on PostgreSQL (schema sandbox)', () => {
  let sandbox: RunningSandbox;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = spareDatabase ?? (await createTestDatabase('sandbox_schema'));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS sandbox CASCADE');
    await client.end();
    sandbox = await startTestSandbox({ databaseUrl });
  });
  afterAll(() => sandbox?.close());

  it('migrates into schema sandbox, initiates, authorises and settles a payment', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tables = await client.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'sandbox' ORDER BY table_name",
    );
    await client.end();
    expect(tables.rows.map((r: { table_name: string }) => r.table_name)).toContain('payments');

    const tpp = new TestTpp(sandbox.url);
    const token = await tpp.token();
    const created = await tpp.initiate(token, singlePayment());
    expect(created.status).toBe(201);
    const links = created.json._links as Record<string, { href: string }>;
    const scaRedirect = links.scaRedirect?.href ?? '';
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect);
    await browser.post(formAction(login.html, scaRedirect), { username: 'jon', password: 'sandbox' });
    const review = await browser.get(scaRedirect);
    const decided = await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    expect(decided.status).toBe(303);
    const statusPath = new URL(links.status?.href ?? '').pathname;
    expect((await tpp.get(token, statusPath)).json).toEqual({ transactionStatus: 'ACTC' });
    await advanceClock(sandbox.url, 120);
    expect((await tpp.get(token, statusPath)).json).toEqual({ transactionStatus: 'ACSC' });
    // Idempotent replay goes through the unique index on PostgreSQL too.
    const key = crypto.randomUUID();
    const a = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': key } });
    const b = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': key } });
    expect(b.json).toEqual(a.json);
  });
});
