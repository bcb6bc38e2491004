import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesTyped, matchPayees, sortPayees } from '@/lib/payments/saved/payee-match';

// Payees found as Icelanders type, on the payees page and in a form's recipient search alike:
// þ → th, ð → d, æ → ae, ö → o, accents off, any case; sorted favourites first, then in Icelandic order.

const hasIcelandicData = Intl.Collator.supportedLocalesOf(['is']).length > 0;

const payee = (name: string, favourite = false) => ({
  name,
  account: 'IS870301260012345101696399',
  label: '0301-26-001234 · IS87 0301 2600 1234 5101 6963 99',
  kennitala: '5101696399',
  favourite,
});

// What a PSU types for each Icelandic letter on a keyboard without them.
const TYPED: Record<string, string> = {
  á: 'a',
  é: 'e',
  í: 'i',
  ó: 'o',
  ú: 'u',
  ý: 'y',
  þ: 'th',
  ð: 'd',
  æ: 'ae',
  ö: 'o',
  Á: 'A',
  É: 'E',
  Í: 'I',
  Ó: 'O',
  Ú: 'U',
  Ý: 'Y',
  Þ: 'Th',
  Ð: 'D',
  Æ: 'Ae',
  Ö: 'O',
};
const withoutIcelandic = (text: string) => [...text].map((letter) => TYPED[letter] ?? letter).join('');

const icelandicLetter = fc.constantFrom(
  ...'aábdðeéfghiíjklmnoóprstuúvxyýþæöAÁBDÐEÉFGHIÍJKLMNOÓPRSTUÚVXYÝÞÆÖ',
);
const icelandicWord = fc
  .array(icelandicLetter, { minLength: 1, maxLength: 12 })
  .map((letters) => letters.join(''));
const icelandicName = fc.array(icelandicWord, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

describe('finding a payee without Icelandic letters', () => {
  it('finds the examples a customer types', () => {
    const people = [
      payee('Þórður Ævarsson'),
      payee('Ólafur Ragnar'),
      payee('Ögmundur'),
      payee('Tordur Hansen'),
    ];
    const names = (typed: string) => matchPayees(people, typed).map((found) => found.name);
    expect(names('Thord')).toEqual(['Þórður Ævarsson']);
    expect(names('Þor')).toEqual(['Þórður Ævarsson']);
    expect(names('ÞÓRÐ')).toEqual(['Þórður Ævarsson']);
    expect(names('Olafur')).toEqual(['Ólafur Ragnar']);
    expect(names('aevars')).toEqual(['Þórður Ævarsson']);
    expect(names('ogm')).toEqual(['Ögmundur']);
    expect(names('thordur aev')).toEqual(['Þórður Ævarsson']);
    expect(names('0301-26')).toHaveLength(4);
    expect(names('Zorro')).toEqual([]);
  });

  it('folding is idempotent, lower case, and leaves no Icelandic letter, accent, space or hyphen', () => {
    // Found by this property: an accent over æ was taken off after æ had been looked for.
    expect(foldForSearch('Ǽvar')).toBe('aevar');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const folded = foldForSearch(text);
        expect(foldForSearch(folded)).toBe(folded);
        expect(folded).not.toMatch(/[þðæöÞÐÆÖáéíóúýÁÉÍÓÚÝ\s-]|\p{M}/u);
      }),
    );
  });

  it('a name is found by any part of it typed without Icelandic letters, in any case', () => {
    fc.assert(
      fc.property(icelandicName, fc.nat(), fc.nat(), fc.boolean(), (name, from, length, upper) => {
        const typedName = withoutIcelandic(name);
        const start = from % typedName.length;
        const part = typedName.slice(start, start + 1 + (length % typedName.length)).trim();
        const typed = upper ? part.toUpperCase() : part.toLowerCase();
        expect(matchesTyped([name], typed)).toBe(true);
        // And as written, with its own letters.
        expect(matchesTyped([name], name.toLocaleUpperCase('is'))).toBe(true);
      }),
    );
  });

  it('finds nothing that is not there: a word not in any folded text is never a match', () => {
    fc.assert(
      fc.property(icelandicName, icelandicWord, (name, word) => {
        fc.pre(!foldForSearch(name).includes(foldForSearch(word)));
        expect(matchesTyped([name], word)).toBe(false);
      }),
    );
  });
});

describe('the order of payees', () => {
  it.skipIf(!hasIcelandicData)(
    'favourites first, then Icelandic alphabetical order (á after a, þ æ ö last)',
    () => {
      const sorted = sortPayees([
        payee('Ögn'),
        payee('Zeta'),
        payee('Þórður'),
        payee('Ásta'),
        payee('Anna'),
        payee('Ægir'),
        payee('Davíð', true),
        payee('Örn', true),
      ]).map((found) => found.name);
      expect(sorted).toEqual(['Davíð', 'Örn', 'Anna', 'Ásta', 'Zeta', 'Þórður', 'Ægir', 'Ögn']);
    },
  );

  it('keeps every payee and puts every favourite before every other', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(icelandicName, fc.boolean()), { maxLength: 20 }), (entries) => {
        const sorted = sortPayees(entries.map(([name, favourite]) => payee(name, favourite)));
        expect(sorted).toHaveLength(entries.length);
        const firstOther = sorted.findIndex((found) => !found.favourite);
        if (firstOther >= 0) expect(sorted.slice(firstOther).every((found) => !found.favourite)).toBe(true);
      }),
    );
  });
});
