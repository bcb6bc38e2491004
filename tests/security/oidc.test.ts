import { describe, expect, it } from 'vitest';
import { oidcPerson, oidcProvider, oidcSignInOffered, printableName } from '@/lib/auth/oidc';
import { parseSettings } from '@/lib/config';

const base = { AUTH_SECRET: 'x'.repeat(32) };
const issuer = 'https://eid.example.is';

describe('OpenID Connect settings', () => {
  it('offers no provider unless the issuer, client id and secret are set', () => {
    expect(oidcProvider(parseSettings(base))).toBeUndefined();
    expect(oidcSignInOffered(parseSettings(base), 'is')).toBeUndefined();
  });

  it('refuses a partial configuration, naming what is missing', () => {
    expect(() => parseSettings({ ...base, OIDC_ISSUER: issuer })).toThrow(
      /OIDC_CLIENT_ID: is required when OIDC_ISSUER is set[\s\S]*OIDC_CLIENT_SECRET/,
    );
  });

  it('builds a generic OIDC provider with PKCE, state and nonce', () => {
    const settings = parseSettings({
      ...base,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'greidsla',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_NAME: 'Auðkenni',
    });
    const provider = oidcProvider(settings);
    expect(provider).toMatchObject({
      id: 'eid',
      type: 'oidc',
      issuer,
      clientId: 'greidsla',
      name: 'Auðkenni',
    });
    expect(provider?.checks).toEqual(['pkce', 'state', 'nonce']);
    expect(oidcSignInOffered(settings, 'is')).toEqual({
      id: 'eid',
      name: 'Auðkenni',
      nameDative: 'Auðkenni',
    });
  });

  describe('the name as Icelandic declines it after "með" (messages/GLOSSARY.md)', () => {
    const offered = (names: Record<string, string>, locale: 'is' | 'en') =>
      oidcSignInOffered(
        parseSettings({
          ...base,
          OIDC_ISSUER: issuer,
          OIDC_CLIENT_ID: 'greidsla',
          OIDC_CLIENT_SECRET: 's3cret',
          ...names,
        }),
        locale,
      );

    it('declines "Rafræn skilríki", the default, with whatever follows it', () => {
      expect(offered({}, 'is')).toMatchObject({ name: 'Rafræn skilríki', nameDative: 'Rafrænum skilríkjum' });
      expect(offered({ OIDC_NAME: 'Rafræn skilríki (próf)' }, 'is')?.nameDative).toBe(
        'Rafrænum skilríkjum (próf)',
      );
    });

    it('takes OIDC_NAME_DATIVE where it is given, and leaves any other name as written', () => {
      expect(
        offered({ OIDC_NAME: 'Auðkennisappið', OIDC_NAME_DATIVE: 'Auðkennisappinu' }, 'is')?.nameDative,
      ).toBe('Auðkennisappinu');
      expect(offered({ OIDC_NAME: 'Kenni' }, 'is')?.nameDative).toBe('Kenni');
    });

    it('gives an English name in English: "Rafræn skilríki" explained, OIDC_NAME_EN, or the name as written', () => {
      expect(offered({ OIDC_NAME_DATIVE: 'Rafrænum skilríkjum' }, 'en')).toMatchObject({
        name: 'Icelandic electronic ID',
        nameDative: 'Icelandic electronic ID',
      });
      expect(offered({ OIDC_NAME: 'Rafræn skilríki (próf)' }, 'en')?.name).toBe(
        'Icelandic electronic ID (próf)',
      );
      expect(offered({ OIDC_NAME: 'Auðkenni', OIDC_NAME_EN: 'Audkenni app' }, 'en')?.name).toBe(
        'Audkenni app',
      );
      expect(offered({ OIDC_NAME: 'Kenni' }, 'en')?.name).toBe('Kenni');
    });
  });
});

describe('OpenID claims to a PSU', () => {
  it('reads the kennitala from the configured claim, normalised', () => {
    const person = oidcPerson(
      { sub: 'abc', nationalRegisterId: '010130-2989', name: 'Jón Jónsson' },
      issuer,
      'nationalRegisterId',
    );
    expect(person).toEqual({ issuer, subject: 'abc', kennitala: '0101302989', displayName: 'Jón Jónsson' });
  });

  it('falls back to a ten-digit subject, and to a custom claim name', () => {
    expect(oidcPerson({ sub: '1203892039' }, issuer, 'nationalRegisterId')?.kennitala).toBe('1203892039');
    expect(oidcPerson({ sub: 'x', 'urn:is:kt': '1203892039' }, issuer, 'urn:is:kt')?.kennitala).toBe(
      '1203892039',
    );
  });

  it('keeps no kennitala from a token of one person acting for another (a delegation: its `actor` or `act`)', () => {
    // island.is delegations: `nationalId` is the one represented, `actor.nationalId` the one who signed in.
    const delegated = { sub: 'x', nationalId: '6403164039', actor: { nationalId: '0101302989' } };
    expect(oidcPerson(delegated, issuer, 'nationalRegisterId')?.kennitala).toBeUndefined();
    const exchanged = { sub: '6403164039', kennitala: '6403164039', act: { sub: '0101302989' } };
    expect(oidcPerson(exchanged, issuer, 'nationalRegisterId')?.kennitala).toBeUndefined();
    expect(oidcPerson({ sub: 'x', nationalId: '0101302989' }, issuer, 'nationalRegisterId')?.kennitala).toBe(
      '0101302989',
    );
  });

  it('keeps no kennitala when none is present or it is malformed', () => {
    const person = oidcPerson({ sub: 'user-7', nationalRegisterId: '12345' }, issuer, 'nationalRegisterId');
    expect(person?.kennitala).toBeUndefined();
    expect(person?.displayName).toBe('user-7');
  });

  it('keeps an e-mail only when the provider says it verified it', () => {
    expect(oidcPerson({ sub: 'a', email: 'A@X.is', email_verified: true }, issuer, 'kt')?.email).toBe(
      'a@x.is',
    );
    expect(oidcPerson({ sub: 'a', email: 'a@x.is' }, issuer, 'kt')?.email).toBeUndefined();
    expect(
      oidcPerson({ sub: 'a', email: 'a@x.is', email_verified: false }, issuer, 'kt')?.email,
    ).toBeUndefined();
  });

  it('refuses claims without a subject', () => {
    expect(oidcPerson({ name: 'No One' }, issuer, 'kt')).toBeUndefined();
    expect(oidcPerson({ sub: '' }, issuer, 'kt')).toBeUndefined();
  });
});

describe('what a provider sends, made fit to keep', () => {
  it('cleans a name of control characters, direction marks and lone surrogates, never splitting a letter', () => {
    expect(printableName('Jón\u0000Jónsson')).toBe('Jón Jónsson');
    expect(printableName('\u202EnosnóJ\u202C Jón\uDC00\t')).toBe('nosnóJ Jón');
    expect(printableName('😀'.repeat(120))).toBe('😀'.repeat(100));
    expect(printableName('\u0000\u0007')).toBe('');
  });

  it('falls back from a name that is nothing once cleaned, and refuses an unprintable subject', () => {
    expect(oidcPerson({ sub: 'a-1', name: '\u0000' }, issuer, 'kt')?.displayName).toBe('a-1');
    expect(oidcPerson({ sub: 'a\u0000b' }, issuer, 'kt')).toBeUndefined();
    expect(oidcPerson({ sub: 'x'.repeat(256) }, issuer, 'kt')).toBeUndefined();
    expect(oidcPerson({ sub: 'x'.repeat(255) }, issuer, 'kt')?.subject).toHaveLength(255);
    expect(
      oidcPerson({ sub: 'a', email: 'a\u0000@x.is', email_verified: true }, issuer, 'kt')?.email,
    ).toBeUndefined();
  });
});
