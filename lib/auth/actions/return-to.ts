import { z } from 'zod';

const base = 'http://app.invalid';

/** The page's language as a form sends it; anything else is Icelandic, the default. */
export const localeField = z.enum(['is', 'en']).catch('is');

/**
 * Only a path on this site may follow sign-in; anything else falls back to the payments list. The
 * path comes back as the URL parser writes it, every character above ASCII percent-encoded: it
 * ends up in a `Location` header, which takes nothing else.
 */
export function safeReturnTo(value: unknown, locale: string): string {
  const fallback = `/${locale}/payments`;
  if (
    typeof value !== 'string' ||
    value.length > 2000 ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\') ||
    [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
  ) {
    return fallback;
  }
  const url = new URL(value, base);
  // The parser's own path may begin "//" ("/.//elsewhere.example" becomes "//elsewhere.example"), which a
  // browser reads as another site: checked again on what is returned.
  if (url.origin !== base || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
