import { isLocale, type Locale, routing } from './routing';

/** next-intl's cookie for the language the visitor last used (its default name). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/**
 * next-intl's request header for the locale a page is rendered in: its middleware sets it from the
 * address, and proxy.ts sets it to the visitor's language for the addresses it keeps from locale
 * routing (files, /api), so a page never sees one a client sent.
 */
export const LOCALE_HEADER = 'x-next-intl-locale';

/**
 * The language of a page whose address names none ("/favicon.ico", "/api/unknown"), in the order
 * next-intl's middleware picks one for an address without a locale: the language the visitor last
 * used (the cookie), then the first of ours the browser asks for in Accept-Language, by its
 * q-values, then Icelandic.
 */
export function visitorLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookie)) return cookie;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
      const q = params.find((param) => /^q=/i.test(param));
      return { language: tag.split('-')[0]?.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted.map((entry) => entry.language).find(isLocale) ?? routing.defaultLocale;
}
