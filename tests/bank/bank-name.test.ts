import { describe, expect, it } from 'vitest';
import { bankArguments, bankNameForms, listOfNames } from '@/lib/bank/bank-name';
import { parseDirectory, publicDirectory } from '@/lib/bank/directory';
import { appDirectory } from '@/sandbox/src/app-directory';

// messages/GLOSSARY.md, bank names: a sentence declines the name ("Reikningurinn er í Sandkassabankanum").
describe("a bank's name in Icelandic sentences", () => {
  it('declines -bankinn and -banki names, and leaves a brand name as written', () => {
    expect(bankNameForms('Sandkassabankinn')).toEqual({
      nominative: 'Sandkassabankinn',
      accusative: 'Sandkassabankann',
      dative: 'Sandkassabankanum',
      genitive: 'Sandkassabankans',
    });
    expect(bankNameForms('Arion banki')).toMatchObject({ dative: 'Arion banka', genitive: 'Arion banka' });
    expect(bankNameForms('Indó')).toMatchObject({ accusative: 'Indó', dative: 'Indó', genitive: 'Indó' });
    expect(bankNameForms('Kvika', { dative: 'Kviku', genitive: 'Kviku' })).toMatchObject({
      accusative: 'Kvika',
      dative: 'Kviku',
      genitive: 'Kviku',
    });
  });

  it('gives English texts the name as it is', () => {
    const forms = bankNameForms('Landsbankinn');
    expect(bankArguments(forms, 'is').bankDative).toBe('Landsbankanum');
    expect(bankArguments(forms, 'en')).toEqual({
      bank: 'Landsbankinn',
      bankAccusative: 'Landsbankinn',
      bankDative: 'Landsbankinn',
      bankGenitive: 'Landsbankinn',
    });
    expect(listOfNames(['Norðurbankann', 'Vesturbankann', 'Austurbankann'], 'is')).toBe(
      'Norðurbankann, Vesturbankann og Austurbankann',
    );
    expect(listOfNames(['A', 'B'], 'en')).toBe('A and B');
  });

  it("takes the forms the directory gives, the sandbox's banks' among them, to the browser", () => {
    const directory = parseDirectory(JSON.stringify(appDirectory('http://127.0.0.1:4010')), 'test');
    const banks = publicDirectory(directory);
    expect(banks.map((bank) => bank.names.dative)).toEqual([
      'Sandkassabankanum',
      'Norðurbankanum',
      'Austurbankanum',
      'Vesturbankanum',
      'Suðurbankanum',
    ]);
    const listed = JSON.parse(JSON.stringify(appDirectory('http://127.0.0.1:4010')));
    listed.banks[0].nameForms = { dative: '' };
    expect(() => parseDirectory(JSON.stringify(listed), 'test')).toThrow(/banks\.0\.nameForms\.dative/);
  });
});
