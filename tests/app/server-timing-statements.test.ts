import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, getDb } from '@/lib/db';
import { createAppServer } from '@/scripts/app-server.mjs';
import { freshAppDatabase } from '../support/app-database';
import { serverTimings } from '../support/server-timing';

// The app's server with SERVER_TIMING=1 also says how long a request's database statements were under
// way (`db`), on the app's own database: statements that wait on each other count once, and what the
// request does beside them is the app's alone.

let server: Server;
let url: string;

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    SERVER_TIMING: '1',
    SEED_DEMO_PSU: 'false',
    AUTH_SECRET: 'server-timing-test-secret-0123456789abcdef',
  });
  server = createAppServer(
    async (_request, response) => {
      try {
        const db = await getDb();
        // Two statements at once (side by side on PostgreSQL, one after the other on PGlite), then one more.
        await Promise.all([db.execute(sql`select pg_sleep(0.05)`), db.execute(sql`select pg_sleep(0.05)`)]);
        await db.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 60));
        response.end('done');
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    },
    { serverTiming: true },
  ) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeDatabase();
  delete process.env.SERVER_TIMING;
});

describe('Server-Timing: the database', () => {
  it("counts a request's statements in `db`, once where they overlap, and the rest as the app's", async () => {
    // The first request opens the database; the second is timed as any other.
    await fetch(url).then((answer) => answer.text());
    const answer = await fetch(url);
    expect(await answer.text()).toBe('done');
    const { db, app, bank } = serverTimings(answer.headers.get('server-timing'));
    expect(db?.desc).toBe('3 statements');
    expect(db?.dur).toBeGreaterThanOrEqual(45);
    // The 60 ms the request waited beside its statements are the app's and not the database's.
    expect(app?.dur).toBeGreaterThanOrEqual((db?.dur ?? 0) + 55);
    expect(bank).toMatchObject({ dur: 0, desc: '0 calls' });
  });

  it('answers a statement outside a timed request as before', async () => {
    const db = await getDb();
    await expect(db.execute(sql`select 1 as one`)).resolves.toBeDefined();
  });
});
