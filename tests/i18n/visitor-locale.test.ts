import { describe, expect, it } from 'vitest';
import { visitorLocale } from '@/lib/i18n/visitor-locale';

describe('visitorLocale', () => {
  it.each([
    [undefined, null, 'is'],
    [undefined, 'en-US,en;q=0.9', 'en'],
    [undefined, 'is-IS,is;q=0.9,en;q=0.8', 'is'],
    [undefined, 'de-DE,de;q=0.9,en;q=0.5,is;q=0.4', 'en'],
    [undefined, 'en;q=0.5, is;q=0.8', 'is'],
    [undefined, 'en;q=0, fr', 'is'],
    [undefined, 'fr-FR', 'is'],
    [undefined, 'EN-gb', 'en'],
    [undefined, 'en;q=abc', 'is'],
    ['en', 'is-IS', 'en'],
    ['is', 'en-US', 'is'],
    ['de', 'en-US', 'en'],
  ] as const)('cookie %s, Accept-Language %s → %s', (cookie, acceptLanguage, locale) => {
    expect(visitorLocale(cookie, acceptLanguage)).toBe(locale);
  });
});
