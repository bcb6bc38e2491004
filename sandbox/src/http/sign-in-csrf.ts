import { createHmac, randomBytes } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import { secretEquals } from '../shared/secrets.js';
import type { SandboxContext } from './env.js';

/**
 * The anti-CSRF token of a sign-in form, posted before any session exists (double submit): the form's page sets a
 * random cookie (HttpOnly, SameSite=Strict, scoped to the page's path) and carries, as the hidden field `csrf`, an
 * HMAC of it keyed with the cookie and naming the form and what it signs in to. A POST is signed in only when both
 * come and match, so a page of another port of the same host (the same site, to SameSite=Lax) cannot sign the
 * visitor in as someone else. The field reveals nothing of the cookie.
 */
export interface SignInForm {
  /** The cookie's name. */
  cookie: string;
  /** The path the cookie is sent under: the sign-in page's own, which the form posts under. */
  path: string;
  /** What the token is good for: the form and the one authorisation or sign-in it is about. */
  purpose: string;
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

const fieldOf = (cookie: string, form: SignInForm) =>
  createHmac('sha256', cookie).update(form.purpose).digest('base64url');

/** The browser's cookie of this form, where it is one the bank could have set. */
function heldCookie(c: SandboxContext, form: SignInForm): string | undefined {
  const value = getCookie(c, form.cookie);
  return value && COOKIE_VALUE.test(value) ? value : undefined;
}

/**
 * The field of the form on its page (GET): of the browser's cookie, or of a new one set here. A page opened again (a
 * second tab, the page after a wrong password) keeps the cookie, so every open copy of the form stays good.
 */
export function signInFormField(c: SandboxContext, form: SignInForm): string {
  let cookie = heldCookie(c, form);
  if (!cookie) {
    cookie = randomBytes(32).toString('base64url');
    setCookie(c, form.cookie, cookie, {
      httpOnly: true,
      sameSite: 'Strict',
      path: form.path,
      secure: c.get('bank').publicUrl().startsWith('https:'),
    });
  }
  return fieldOf(cookie, form);
}

/**
 * Whether the browser says the form was posted from a page of another origin (Fetch Metadata: `Sec-Fetch-Site` other
 * than `same-origin`). A page on another port of the same host is the same site, which SameSite cookies let through,
 * and a server there can set a cookie for the host, so a page of its own could post a pair that matches: the browser's
 * own word on where the post came from refuses it. A client that sends no such header (no browser) is judged by the
 * token alone.
 */
export function postedFromAnotherOrigin(c: SandboxContext): boolean {
  const site = c.req.header('sec-fetch-site');
  return site !== undefined && site !== 'same-origin';
}

/**
 * The posted form's field when the browser's cookie and it match (compared in constant time) and the browser posted
 * it from the bank's own page; else undefined.
 */
export function verifiedSignInField(c: SandboxContext, form: SignInForm, field: unknown): string | undefined {
  const cookie = heldCookie(c, form);
  if (!cookie || typeof field !== 'string' || postedFromAnotherOrigin(c)) return undefined;
  const expected = fieldOf(cookie, form);
  return secretEquals(field, expected) ? expected : undefined;
}
