import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// messages/GLOSSARY.md gives each thing one word in each language. A label that is a glossary word in Icelandic
// ("Greiðsludagur") is that row's English word in English: a glossary that says one word where the cards say
// another leaves those who write the texts choosing between two names for one thing.

const root = path.resolve(import.meta.dirname, '../../messages');
type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else leaves(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** Every message of a locale, keyed by its file's area and its key. */
function messages(locale: 'is' | 'en'): Map<string, string> {
  const areas = readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory());
  const out = new Map<string, string>();
  for (const area of ['', ...areas]) {
    const file = path.join(root, area, `${locale}.json`);
    leaves(JSON.parse(readFileSync(file, 'utf8')) as Tree, `${area}:`, out);
  }
  return out;
}

/** The glossary's table of words: each row's first Icelandic and first English word, without notes in brackets. */
function glossaryWords(): { icelandic: string; english: string }[] {
  const text = readFileSync(path.join(root, 'GLOSSARY.md'), 'utf8');
  const lines = (text.split('## Words: one for each thing')[1] ?? '').split('\n');
  const first = lines.findIndex((line) => line.startsWith('| Icelandic'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  const firstWord = (cell: string) => (cell.split(',')[0] ?? '').replace(/\s*\(.*$/, '').trim();
  return lines.slice(first + 2, end).map((line) => {
    const [icelandic = '', english = ''] = line.split('|').slice(1, 3);
    return { icelandic: firstWord(icelandic), english: firstWord(english) };
  });
}

describe('the glossary’s words', () => {
  const rows = glossaryWords();
  const english = messages('en');

  it('are read from the glossary', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });

  // Each row's English word is one the English texts use: "execution date" where every card says "Payment date"
  // would send a writer to a second word for one thing.
  it('are words the English texts use', () => {
    const texts = [...english.values()].join('\n').toLowerCase().replaceAll('’', "'");
    const unused = rows.filter((row) => !texts.includes(row.english.toLowerCase())).map((row) => row.english);
    expect(unused).toEqual([]);
  });
});
