import type { OIDCConfig } from 'next-auth/providers';
import { z } from 'zod';
import type { Settings } from '@/lib/config';
import { normalizeKennitala } from '@/lib/payments/accounts';

export const OIDC_PROVIDER_ID = 'eid';

/** What this app keeps of a person an OpenID provider vouches for. */
export interface OidcPerson {
  issuer: string;
  subject: string;
  kennitala?: string;
  email?: string;
  displayName: string;
  /**
   * A token of one person acting for another (island.is's `actor`, RFC 8693's `act`): its subject and kennitala
   * claims are the one represented, not the one who signed in.
   */
  delegated?: true;
}

type Claims = Record<string, unknown>;

/**
 * Where a kennitala may sit in the claims: the configured claim first, then names Icelandic
 * electronic-ID services use, then the subject itself when it is ten digits (some services make the
 * kennitala the subject).
 */
const KENNITALA_CLAIMS = ['nationalRegisterId', 'national_register_id', 'kennitala', 'nationalId', 'ssn'];

// Control characters (NUL among them, which the database refuses), the marks that turn text
// around, and halves of a character without their other half.
const UNPRINTABLE = /[\p{Cc}\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A name as a provider sent it, made fit to keep and show: what cannot be printed becomes a space,
 * spaces run together, at most `max` characters (never half of one).
 */
export function printableName(value: string, max = 100): string {
  const cleaned = value.replace(LONE_SURROGATE, '').replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  return [...cleaned].slice(0, max).join('').trim();
}

function stringClaim(claims: Claims, name: string): string | undefined {
  const value = claims[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

function nameClaim(claims: Claims, name: string): string | undefined {
  const value = stringClaim(claims, name);
  return value ? printableName(value) || undefined : undefined;
}

/** OpenID Connect Core 2: a subject is at most 255 ASCII characters; anything else is refused. */
const SUBJECT = /^[\x21-\x7E](?:[\x20-\x7E]{0,253}[\x21-\x7E])?$/;
const emailSchema = z.email().max(254);

export function oidcPerson(claims: Claims, issuer: string, kennitalaClaim: string): OidcPerson | undefined {
  const subject = stringClaim(claims, 'sub');
  if (!subject || !SUBJECT.test(subject)) return undefined;
  let kennitala: string | undefined;
  // A token of one person acting for another (island.is's `actor`, RFC 8693's `act`) names, in its kennitala
  // claims, the one represented, not the one who signed in: it proves no kennitala of the PSU's own.
  const delegated = claims.actor !== undefined || claims.act !== undefined;
  for (const name of delegated ? [] : [kennitalaClaim, ...KENNITALA_CLAIMS, 'sub']) {
    const value = stringClaim(claims, name);
    kennitala = value ? normalizeKennitala(value) : undefined;
    if (kennitala) break;
  }
  const claimed = stringClaim(claims, 'email');
  // Only an address the provider says it verified is kept, and even then only as a contact address:
  // this app verifies it again before it grants anything.
  const email =
    claimed && claims.email_verified === true && emailSchema.safeParse(claimed).success
      ? claimed.toLowerCase()
      : undefined;
  const displayName =
    nameClaim(claims, 'name') ??
    ([nameClaim(claims, 'given_name'), nameClaim(claims, 'family_name')].filter(Boolean).join(' ') ||
      email ||
      kennitala ||
      subject);
  return {
    issuer,
    subject,
    ...(kennitala ? { kennitala } : {}),
    ...(email ? { email } : {}),
    displayName: printableName(displayName),
    ...(delegated ? { delegated: true as const } : {}),
  };
}

/** The OpenID provider of the settings, or none when OIDC_ISSUER is unset. */
export function oidcProvider(config: Settings): OIDCConfig<Claims> | undefined {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME, OIDC_KENNITALA_CLAIM, OIDC_SCOPE } =
    config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return undefined;
  return {
    id: OIDC_PROVIDER_ID,
    name: OIDC_NAME,
    type: 'oidc',
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    checks: ['pkce', 'state', 'nonce'],
    // A fresh sign-in at the provider every time: the kennitala linked is that of whoever is at the
    // keyboard now, not of a session the provider kept from before.
    authorization: { params: { scope: OIDC_SCOPE, prompt: 'login' } },
    // The profile is mapped to a PSU in the sign-in callback; here it only travels on.
    profile(claims) {
      const person = oidcPerson(claims, OIDC_ISSUER, OIDC_KENNITALA_CLAIM);
      return { id: person?.subject ?? '', name: person?.displayName ?? null, email: person?.email ?? null };
    },
  };
}

/**
 * Parameters of the authorization request of a sign-in started from a page in `locale` (OpenID Connect Core
 * 3.1.2.1): `ui_locales`, so that the provider's pages are in the language the PSU chose here, whatever their
 * browser asks for.
 */
export function oidcAuthorizationParams(locale: 'is' | 'en'): Record<string, string> {
  return { ui_locales: locale };
}

const ELECTRONIC_ID = {
  nominative: 'Rafræn skilríki',
  dative: 'Rafrænum skilríkjum',
  english: 'Icelandic electronic ID',
};

/**
 * The electronic-ID sign-in the pages offer, if any, with its name as their texts take it: `name` as written
 * (OIDC_NAME), and `nameDative` where an Icelandic text declines it ("Skrá inn með Rafrænum skilríkjum"):
 * OIDC_NAME_DATIVE, else a name that begins "Rafræn skilríki" declined so, else the name as written. In
 * English both are the English name: OIDC_NAME_EN, else "Rafræn skilríki" as "Icelandic electronic ID"
 * (a reader of English may not know the Icelandic words), else the name as written (messages/GLOSSARY.md).
 */
export function oidcSignInOffered(
  config: Settings,
  locale: 'is' | 'en',
): { id: string; name: string; nameDative: string } | undefined {
  const provider = oidcProvider(config);
  if (!provider) return undefined;
  const name = config.OIDC_NAME;
  const electronicId = name.startsWith(ELECTRONIC_ID.nominative);
  const rest = name.slice(ELECTRONIC_ID.nominative.length);
  if (locale === 'en') {
    const english = config.OIDC_NAME_EN ?? (electronicId ? `${ELECTRONIC_ID.english}${rest}` : name);
    return { id: provider.id, name: english, nameDative: english };
  }
  return {
    id: provider.id,
    name,
    nameDative: config.OIDC_NAME_DATIVE ?? (electronicId ? `${ELECTRONIC_ID.dative}${rest}` : name),
  };
}
