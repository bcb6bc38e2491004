import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryChoices } from '@/lib/payments/countries';
import { COUNTRY_PATTERN } from '@/lib/payments/schemas/shared';

describe('the countries of an address', () => {
  it('are the 249 codes of ISO 3166-1, each once, each what the spec lets an Address name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(COUNTRY_PATTERN);
    for (const reserved of ['EU', 'UN', 'XK', 'UK', 'ZZ']) expect(COUNTRY_CODES).not.toContain(reserved);
  });

  it('are named in the reader’s language, each code once', () => {
    for (const locale of ['is', 'en'] as const) {
      const choices = countryChoices(locale);
      expect(choices.map(({ code }) => code).sort()).toEqual([...COUNTRY_CODES].sort());
      for (const { code, name } of choices) expect(name, code).not.toBe(code);
    }
    const named = (locale: 'is' | 'en', code: string) =>
      countryChoices(locale).find((choice) => choice.code === code)?.name;
    expect(named('is', 'DE')).toBe('Þýskaland');
    expect(named('is', 'GB')).toBe('Bretland');
    expect(named('is', 'NO')).toBe('Noregur');
    expect(named('en', 'DE')).toBe('Germany');
  });

  it('are in the reader’s alphabetical order: in Icelandic, A before Á, O before Ó, Þ after Z', () => {
    const names = countryChoices('is').map(({ name }) => name);
    expect(names.indexOf('Austurríki')).toBeLessThan(names.indexOf('Ástralía'));
    expect(names.indexOf('Ástralía')).toBeLessThan(names.indexOf('Bandaríkin'));
    expect(names.indexOf('Noregur')).toBeLessThan(names.indexOf('Óman'));
    expect(names.indexOf('Óman')).toBeLessThan(names.indexOf('Pakistan'));
    expect(names.at(-1)).toBe('Þýskaland');
    const english = countryChoices('en').map(({ name }) => name);
    expect(english.indexOf('Austria')).toBeLessThan(english.indexOf('Germany'));
    expect(english.indexOf('Åland Islands')).toBeLessThan(english.indexOf('Albania'));
  });
});
