/**
 * Finding a payee as Icelanders type: without the Icelandic letters or accents, in any case. Both what
 * is typed and what is searched are folded: lower case, þ → th, ð → d, æ → ae, ö → o, accents taken
 * off (á → a, é → e, í → i, ó → o, ú → u, ý → y), spaces and hyphens dropped. So "Thord", "þor" and
 * "ÞÓRÐ" all find Þórður, "Olafur" finds Ólafur, and "0133-26" finds 013326. The history's search folds alike
 * in the database (greidsla_search_fold, migration 0024); tests/payments/history-query.test.ts holds the two
 * together.
 */
const LETTERS: Readonly<Record<string, string>> = { þ: 'th', ð: 'd', æ: 'ae', ö: 'o', ø: 'o', ß: 'ss' };

export function foldForSearch(text: string): string {
  return (
    text
      .toLocaleLowerCase('is')
      // Accents off first: a letter with one over æ (ǽ) is an æ, and folds as one.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[þðæöøß]/g, (letter) => LETTERS[letter] ?? letter)
      .replace(/[\s\-–.]/g, '')
  );
}

/** Every word typed (folded) is found in one of the texts (folded): "thord olafs" finds Þórður Ólafsson. */
export function matchesTyped(texts: readonly string[], typed: string): boolean {
  const words = typed.split(/\s+/).map(foldForSearch).filter(Boolean);
  if (words.length === 0) return true;
  const folded = texts.map(foldForSearch);
  return words.every((word) => folded.some((text) => text.includes(word)));
}

export interface SearchablePayee {
  name: string;
  account: string;
  /** How the PSU knows the account ("0133-26-012345 · IS87…"), where it is shown so. */
  label?: string;
  kennitala: string | null;
  favourite?: boolean;
}

/** Favourites first, then by name in the language's alphabetical order (Icelandic: a, á, b, d, ð, … þ, æ, ö). */
export function sortPayees<P extends SearchablePayee>(payees: readonly P[], locale: 'is' | 'en' = 'is'): P[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...payees].sort(
    (a, b) => Number(Boolean(b.favourite)) - Number(Boolean(a.favourite)) || collator.compare(a.name, b.name),
  );
}

/** The payees whose name, account (as the PSU knows it or the IBAN) or kennitala hold what was typed, in order. */
export function matchPayees<P extends SearchablePayee>(
  payees: readonly P[],
  typed: string,
  max = Number.POSITIVE_INFINITY,
): P[] {
  return payees
    .filter((payee) =>
      matchesTyped([payee.name, payee.label ?? '', payee.account, payee.kennitala ?? ''], typed),
    )
    .slice(0, max);
}
