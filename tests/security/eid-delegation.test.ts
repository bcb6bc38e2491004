import type { User } from 'next-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';

// An electronic-ID token of one person acting for another (island.is's `actor`, RFC 8693's `act`) has the
// one represented as its subject: signing in with it is not signing in as that person.
let app: {
  eid: typeof import('@/lib/auth/eid-sign-in');
  identity: typeof import('@/lib/auth/identity');
  db: typeof import('@/lib/db');
  schema: typeof import('@/lib/db/schema');
  orm: typeof import('drizzle-orm');
};

const issuer = 'https://eid.example.is';

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-deleg',
    SEED_DEMO_PSU: 'true',
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'greidsla',
    OIDC_CLIENT_SECRET: 'greidsla-eid-secret',
  });
  const [eid, identity, db, schema, orm] = await Promise.all([
    import('@/lib/auth/eid-sign-in'),
    import('@/lib/auth/identity'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
    import('drizzle-orm'),
  ]);
  app = { eid, identity, db, schema, orm };
});

afterAll(async () => {
  await app?.db.closeDatabase();
});

const newUser = (): User => ({});

describe('an electronic-ID sign-in acting for another person', () => {
  it('does not sign in to the account of the one represented', async () => {
    // Jón signs in with his own electronic ID: his subject is tied to his account (the demo PSU's).
    const own = { sub: 'sub-jon-deleg', nationalRegisterId: '0101302989', name: 'Jón Jónsson' };
    const jon = newUser();
    expect(await app.eid.eidSignIn(own, jon, null)).toBe(true);
    expect(jon.id).toBeTruthy();

    // Anna signs in acting for Jón: the token's subject is Jón's, the actor is Anna.
    const delegated = {
      sub: 'sub-jon-deleg',
      nationalRegisterId: '0101302989',
      name: 'Jón Jónsson',
      actor: { nationalId: '1203892039', name: 'Anna Sigurðardóttir' },
    };
    const anna = newUser();
    expect(await app.eid.eidSignIn(delegated, anna, null)).toBe(false);
    expect(anna.id).toBeUndefined();

    const exchanged = { sub: 'sub-jon-deleg', act: { sub: '1203892039' } };
    const other = newUser();
    expect(await app.eid.eidSignIn(exchanged, other, null)).toBe(false);
    expect(other.id).toBeUndefined();
  });

  it('makes no account holding the represented person’s subject, where their own sign-in would land', async () => {
    const delegated = {
      sub: 'sub-helga-deleg',
      nationalRegisterId: '1505852289',
      actor: { nationalId: '1203892039', name: 'Anna Sigurðardóttir' },
    };
    expect(await app.eid.eidSignIn(delegated, newUser(), null)).toBe(false);
    const { psuIdentities } = app.schema;
    const rows = await (await app.db.getDb())
      .select()
      .from(psuIdentities)
      .where(app.orm.eq(psuIdentities.subject, 'sub-helga-deleg'));
    expect(rows).toEqual([]);

    // Helga's own sign-in later makes her own account, with her kennitala linked.
    const helga = newUser();
    expect(
      await app.eid.eidSignIn({ sub: 'sub-helga-deleg', nationalRegisterId: '1505852289' }, helga, null),
    ).toBe(true);
    expect(await app.identity.linkedKennitala(helga.id ?? '')).toBe('1505852289');
  });
});
