import { Writable } from 'node:stream';
import bcrypt from 'bcryptjs';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubText } from '@/lib/security/log-scrub';
import { freshAppDatabase } from '@/tests/support/app-database';

// Logs hold no secrets or personal data: what a failed insert, a bank answer or a message would
// carry is scrubbed by the logger itself. Settings first: lib/log reads LOG_LEVEL at import.
let app: {
  log: typeof import('@/lib/log');
  db: typeof import('@/lib/db');
  schema: typeof import('@/lib/db/schema');
};

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-logs',
    SEED_DEMO_PSU: 'false',
  });
  const [log, db, schema] = await Promise.all([
    import('@/lib/log'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  app = { log, db, schema };
});

afterAll(async () => {
  await app?.db.closeDatabase();
});

function capture() {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { log: pino({ ...app.log.logOptions, level: 'trace' }, sink), text: () => text };
}

describe('the logger', () => {
  it('writes no address, hash or parameter of a failed insert', async () => {
    const db = await app.db.getDb();
    const hash = bcrypt.hashSync('a secret password', 4);
    const row = { email: 'leak@example.is', passwordHash: hash, displayName: 'Leak' };
    await db.insert(app.schema.psus).values(row);
    const failed = await db
      .insert(app.schema.psus)
      .values(row)
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(String((failed as Error).message)).toContain(hash);

    const { log, text } = capture();
    log.error({ err: failed }, 'insert failed');
    log.warn({ err: failed, detail: { params: [row.email, hash] } }, `again for ${row.email}`);
    expect(text()).toContain('insert into \\"psus\\"');
    expect(text()).not.toContain('leak@example.is');
    expect(text()).not.toContain(hash);
    expect(text()).not.toContain(hash.slice(7));
  });

  it('writes no IBAN, kennitala, token or secret, wherever it sits', () => {
    const { log, text } = capture();
    const secrets = [
      'IS140159260076545510730339',
      'IS14 0159 2600 7654 5510 7303 39',
      '0101302989',
      '010130-2989',
      'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqb24ifQ.c2lnbmF0dXJl',
      'Bearer 7f3c9a1e5b2d4c6e8f0a',
      'pkce-verifier-dBjftJeZ4CVP-mB92K27uhbUJU1p1r',
    ];
    log.warn(
      {
        bankMessages: [{ text: `No account ${secrets[0]} for ${secrets[2]}` }],
        nested: { deeper: { note: secrets[1], owner: secrets[3] } },
        headers: { authorization: secrets[6], signature: secrets[4] },
        token: 'abc',
        sca: { oauth: { authorisation: 'https://bank/authorisations/1', verifier: secrets[7] } },
        kennitala: '0101302989',
        body: { creditorAccount: { iban: secrets[0] } },
        err: new Error(`refused ${secrets[5]}`),
      },
      `payment from ${secrets[0]} refused (${secrets[3]})`,
    );
    for (const secret of secrets) expect(text()).not.toContain(secret);
    expect(text()).toContain('IS…0339');
  });

  it('keeps ids and codes: UUIDs, status codes, amounts and times', () => {
    const { log, text } = capture();
    log.info(
      { paymentId: '5f0c7a4e-2f7b-4a61-9d9c-3c1e2b0a9f11', status: 409, code: 'CREDITOR_ACCOUNT_NOT_FOUND' },
      'refused',
    );
    expect(text()).toContain('5f0c7a4e-2f7b-4a61-9d9c-3c1e2b0a9f11');
    expect(text()).toContain('CREDITOR_ACCOUNT_NOT_FOUND');
  });

  it('keeps an id whole though its hex holds ten digits in a row', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.stringMatching(/^[a-f]\d{10}[a-f]$/), (uuid, tail) => {
        const id = `${uuid.slice(0, 24)}${tail}`;
        expect(scrubText(`request ${id} failed`)).toBe(`request ${id} failed`);
      }),
    );
    expect(scrubText('payment 9f1c2d3e-4a61-4d9c-8e1f-a3013029891b')).toContain('a3013029891b');
  });

  it('scrubs any kennitala or IBAN out of any text around it', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.stringMatching(/^\d{6}-?\d{4}$/),
        fc.string(),
        (before, kennitala, after) => {
          fc.pre(!/\d$/.test(before) && !/^[\d-]/.test(after));
          expect(scrubText(`${before} ${kennitala} ${after}`)).not.toContain(kennitala);
        },
      ),
    );
  });
});
