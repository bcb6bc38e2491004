import { defineRouting } from 'next-intl/routing';

export const locales = ['is', 'en'] as const;
export type Locale = (typeof locales)[number];

// No `Link` header of alternate addresses per language: pages behind a sign-in have no search engine to tell, and
// the header repeats the requested path once per language, so that a long hostile address came back as a response
// header of 45 kB, more than a client reads (Node's limit is 16 kB).
export const routing = defineRouting({ locales, defaultLocale: 'is', alternateLinks: false });

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** `value` where it is one of our locales, else the default one. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : routing.defaultLocale;
}
