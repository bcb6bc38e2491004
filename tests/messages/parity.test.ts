import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

/**
 * Every message the PSU can read exists in Icelandic and in English with the same placeholders: the same
 * argument names of the same kind (plain, number, date, plural, select, rich-text tag), the same select
 * branches, and plural forms each language needs (its own CLDR categories, `other` always). A text written in
 * one language only, or an Icelandic text that drops `{bank}` or a plural branch, fails here rather than on a
 * page. messages/GLOSSARY.md holds the words and marks the texts follow.
 */
const root = path.resolve(import.meta.dirname, '../../messages');
type Tree = { [key: string]: string | Tree };
type Locale = 'is' | 'en';

/** Every messages file of a locale: messages/{locale}.json and messages/{area}/{locale}.json. */
function files(locale: Locale): string[] {
  const areas = readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory());
  return [path.join(root, `${locale}.json`), ...areas.map((area) => path.join(root, area, `${locale}.json`))];
}

function leaves(tree: Tree, prefix: string, out: Map<string, string>): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else leaves(value, `${prefix}${key}.`, out);
  }
}

function catalogue(locale: Locale): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files(locale)) leaves(JSON.parse(readFileSync(file, 'utf8')) as Tree, '', out);
  return out;
}

/** Whether a plural of the message shows its count with `#`, which ICU formats with Intl.NumberFormat. */
function hasPound(elements: MessageFormatElement[]): boolean {
  return elements.some(
    (element) =>
      isPoundElement(element) ||
      (isTagElement(element) && hasPound(element.children)) ||
      ((isPluralElement(element) || isSelectElement(element)) &&
        Object.values(element.options).some((option) => hasPound(option.value))),
  );
}

/** What a message asks its caller for: `name:kind`, with a plural's or select's branches as `name#branch`. */
function shape(
  elements: MessageFormatElement[],
  out = new Set<string>(),
  branches = new Map<string, Set<string>>(),
) {
  for (const element of elements) {
    if (isArgumentElement(element)) out.add(`${element.value}:text`);
    else if (isNumberElement(element)) out.add(`${element.value}:number`);
    else if (isDateElement(element) || isTimeElement(element)) out.add(`${element.value}:date`);
    else if (isTagElement(element)) {
      out.add(`${element.value}:tag`);
      shape(element.children, out, branches);
    } else if (isPluralElement(element) || isSelectElement(element)) {
      const kind = isPluralElement(element)
        ? element.offset
          ? 'plural-offset'
          : element.pluralType
        : 'select';
      out.add(`${element.value}:${kind}`);
      const seen = branches.get(element.value) ?? new Set<string>();
      for (const [branch, option] of Object.entries(element.options)) {
        seen.add(branch);
        shape(option.value, out, branches);
      }
      branches.set(element.value, seen);
    }
  }
  return { args: out, branches };
}

const icelandic = catalogue('is');
const english = catalogue('en');
const categories = {
  is: new Intl.PluralRules('is').resolvedOptions().pluralCategories as string[],
  en: new Intl.PluralRules('en').resolvedOptions().pluralCategories as string[],
};

describe('messages in both languages (messages/GLOSSARY.md)', () => {
  it('every file of one language has its twin in the other, and no two files share a top-level key', () => {
    for (const locale of ['is', 'en'] as const) {
      const owner = new Map<string, string>();
      for (const file of files(locale)) {
        const other = file.replace(new RegExp(`${locale}\\.json$`), `${locale === 'is' ? 'en' : 'is'}.json`);
        expect(statSync(other, { throwIfNoEntry: false })?.isFile(), other).toBe(true);
        for (const key of Object.keys(JSON.parse(readFileSync(file, 'utf8')))) {
          expect(owner.get(key), `${key} in ${file}`).toBeUndefined();
          owner.set(key, file);
        }
      }
    }
  });

  it('have the same keys', () => {
    const onlyIcelandic = [...icelandic.keys()].filter((key) => !english.has(key));
    const onlyEnglish = [...english.keys()].filter((key) => !icelandic.has(key));
    expect({ onlyIcelandic, onlyEnglish }).toEqual({ onlyIcelandic: [], onlyEnglish: [] });
  });

  it('ask for the same arguments of the same kinds, with the same plural and select branches', () => {
    const differ: string[] = [];
    for (const [key, isText] of icelandic) {
      const enText = english.get(key);
      if (enText === undefined) continue;
      const is = shape(parse(isText));
      const en = shape(parse(enText));
      const isArgs = [...is.args].sort().join(' ');
      const enArgs = [...en.args].sort().join(' ');
      if (isArgs !== enArgs) differ.push(`${key}: is {${isArgs}} en {${enArgs}}`);
      // Icelandic and English have the same plural categories (one, other), so a plural's branches, like a
      // select's, are the same in both: a form missing in one is a sentence that reads wrong for some count.
      for (const [name, isBranches] of is.branches) {
        const enBranches = [...(en.branches.get(name) ?? [])].sort().join(' ');
        if ([...isBranches].sort().join(' ') !== enBranches)
          differ.push(`${key}: ${name} branches is {${[...isBranches].sort()}} en {${enBranches}}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it("give each plural the forms of its language's rules: `other` always, no category the language lacks", () => {
    const wrong: string[] = [];
    for (const [locale, texts] of [
      ['is', icelandic],
      ['en', english],
    ] as const) {
      for (const [key, text] of texts) {
        const { args, branches } = shape(parse(text));
        for (const [name, options] of branches) {
          if (args.has(`${name}:select`)) continue;
          const named = [...options].filter((option) => !option.startsWith('='));
          if (!options.has('other')) wrong.push(`${locale} ${key}: ${name} has no other`);
          for (const option of named) {
            if (!categories[locale].includes(option)) wrong.push(`${locale} ${key}: ${name} has ${option}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('show a count Icelandic writes in the singular but is not 1 (21, 31, 101): only =1 may leave it out', () => {
    // Icelandic's `one` is 1, 21, 31, …, 101, … (not 11): a `one` branch without the number reads as one thing.
    const hidden: string[] = [];
    for (const [key, text] of icelandic) {
      const { args } = shape(parse(text));
      for (const arg of args) {
        const [name, kind] = arg.split(':') as [string, string];
        if (kind !== 'cardinal' || !args.has(`${name}Shown:text`)) continue;
        for (const count of [21, 31, 101]) {
          const values: Record<string, unknown> = {};
          for (const other of args) {
            const [otherName, otherKind] = other.split(':') as [string, string];
            values[otherName] = otherKind === 'tag' ? (chunks: unknown[]) => chunks.join('') : 'x';
          }
          values[name] = count;
          values[`${name}Shown`] = String(count);
          const written = String(new IntlMessageFormat(text, 'is').format(values));
          if (!written.includes(String(count))) hidden.push(`${key} (${count}): ${written}`);
        }
      }
    }
    expect(hidden).toEqual([]);
  });

  it('write numbers the Icelandic way in Icelandic: 10.000 and 1.234,50, never 10,000 or 1234.50', () => {
    // The texts about English marks: what an amount typed on an English page, or in a file read there, must look like.
    const aboutEnglish = new Set([
      'validation.amountInput.englishFormat',
      'validation.amount.writeEnglishMarks',
    ]);
    const wrong = [...icelandic].filter(
      ([key, text]) => !aboutEnglish.has(key) && /\d,\d{3}(?!\d)|(?<![\d.])\d+\.\d{2}(?![\d.])/.test(text),
    );
    expect(wrong).toEqual([]);
  });

  it("format no number or date through ICU: the browser's Intl may lack Icelandic (use {nameShown}, lib/format)", () => {
    // A plural's `#` is a number formatted by ICU too: the count is shown as `{countShown}`.
    const viaIntl = [...icelandic, ...english].filter(
      ([, text]) => /\{\s*\w+\s*,\s*(number|date|time)\b/.test(text) || hasPound(parse(text)),
    );
    expect(viaIntl.map(([key]) => key)).toEqual([]);
  });

  it('never put a period after an amount, which in Icelandic ends in "kr." already', () => {
    // `{left}`: what is left to pay of a partly paid bill.
    const doubled = [...icelandic].filter(([, text]) => /\{(amount|left)\}\./.test(text));
    expect(doubled.map(([key]) => key)).toEqual([]);
  });

  it('format in both languages with sample values', () => {
    const failed: string[] = [];
    for (const [locale, texts] of [
      ['is', icelandic],
      ['en', english],
    ] as const) {
      for (const [key, text] of texts) {
        const values: Record<string, unknown> = {};
        for (const arg of shape(parse(text)).args) {
          const [name, kind] = arg.split(':') as [string, string];
          values[name] =
            kind === 'tag'
              ? (chunks: unknown[]) => chunks.join('')
              : kind === 'date'
                ? new Date(Date.UTC(2026, 2, 15))
                : kind === 'text' || kind === 'select'
                  ? 'x'
                  : 21;
        }
        try {
          new IntlMessageFormat(text, locale).format(values);
        } catch (error) {
          failed.push(`${locale} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(failed).toEqual([]);
  });
});
