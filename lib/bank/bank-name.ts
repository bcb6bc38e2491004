/**
 * A bank's name as an Icelandic sentence needs it: "Reikningurinn er í Sandkassabankanum" (dative), "Ekki náðist
 * í Landsbankann" (accusative), "app Íslandsbanka" (genitive). The directory may give the forms
 * (`nameForms`, lib/bank/directory.ts); without them, a name ending in "-bankinn" or "-banki" is declined as
 * those words are, and any other name (a brand such as "Indó" or "Kvika") stays as it is written.
 * In English every form is the name. messages/GLOSSARY.md says which form each message takes.
 */
export interface BankNameForms {
  nominative: string;
  accusative: string;
  dative: string;
  genitive: string;
}

export type BankNameCase = keyof BankNameForms;

const ENDINGS: readonly [string, Omit<BankNameForms, 'nominative'>][] = [
  ['bankinn', { accusative: 'bankann', dative: 'bankanum', genitive: 'bankans' }],
  ['banki', { accusative: 'banka', dative: 'banka', genitive: 'banka' }],
];

/** The forms of `name`: those given, the rest from its ending, or the name itself. */
export function bankNameForms(
  name: string,
  given?: Partial<Omit<BankNameForms, 'nominative'>>,
): BankNameForms {
  const ending = ENDINGS.find(([nominative]) => name.endsWith(nominative));
  const stem = ending ? name.slice(0, name.length - ending[0].length) : name;
  const declined = (form: keyof Omit<BankNameForms, 'nominative'>) =>
    given?.[form] ?? (ending ? `${stem}${ending[1][form]}` : name);
  return {
    nominative: name,
    accusative: declined('accusative'),
    dative: declined('dative'),
    genitive: declined('genitive'),
  };
}

/**
 * The arguments a message about a bank takes: `{bank}` for the name as a subject or a label and
 * `{bankAccusative}`, `{bankDative}`, `{bankGenitive}` where Icelandic declines it; the English texts use the
 * same names, all the plain name.
 */
export function bankArguments(forms: BankNameForms, locale: 'is' | 'en') {
  const form = (which: BankNameCase) => (locale === 'is' ? forms[which] : forms.nominative);
  return {
    bank: forms.nominative,
    bankAccusative: form('accusative'),
    bankDative: form('dative'),
    bankGenitive: form('genitive'),
  };
}

/**
 * What comes before the name at `index` of a list as a sentence lists it, whose last name is at `last`: nothing
 * before the first, " og " (is) / " and " (en) before the last, ", " before any other.
 */
export function joinedBefore(index: number, last: number, locale: 'is' | 'en'): string {
  if (index === 0) return '';
  if (index === last) return locale === 'is' ? ' og ' : ' and ';
  return ', ';
}

/** Names listed as a sentence lists them: "A, B og C" (is), "A, B and C" (en). */
export function listOfNames(names: readonly string[], locale: 'is' | 'en'): string {
  return names.map((name, index) => joinedBefore(index, names.length - 1, locale) + name).join('');
}
