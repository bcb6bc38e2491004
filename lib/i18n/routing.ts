import { defineRouting } from 'next-intl/routing';

export const locales = ['is', 'en'] as const;
export type Locale = (typeof locales)[number];

export const routing = defineRouting({ locales, defaultLocale: 'is' });

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
