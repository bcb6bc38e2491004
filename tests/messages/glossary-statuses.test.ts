import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

// messages/GLOSSARY.md names each payment status as the app labels it (status.<key>.label; RJCT declined by the PSU
// at the bank: status.RJCT.declinedLabel). A label changed in the messages and not in the glossary, or the other way,
// would leave those who write the texts naming a status the PSU never reads.

type Statuses = Record<string, { label: string; declinedLabel?: string }>;

/** The glossary's status table: key, Icelandic and English label, each without its note in brackets. */
function glossaryStatuses(): { key: string; icelandic: string; english: string; declined: boolean }[] {
  const text = readFileSync(path.join(process.cwd(), 'messages/GLOSSARY.md'), 'utf8');
  const section = text.split('### Payment statuses')[1] ?? '';
  // The section's first table: its lines from the header to the first that is no table line.
  const lines = section.split('\n');
  const first = lines.findIndex((line) => line.startsWith('| key'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first + 2, end === -1 ? undefined : end).map((line) => {
    const [key = '', icelandic = '', english = ''] = line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim());
    return {
      key,
      icelandic: icelandic.replace(/\s*\(.*\)$/, ''),
      english: english.replace(/\s*\(.*\)$/, ''),
      declined: /declined/.test(icelandic),
    };
  });
}

describe('the glossary’s payment statuses', () => {
  const rows = glossaryStatuses();

  it('are read from the glossary', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it.each(rows)('$key ($english) is labelled in the app as the glossary says, in both languages', (row) => {
    const label = (statuses: Statuses) =>
      row.declined ? statuses[row.key]?.declinedLabel : statuses[row.key]?.label;
    expect(label(is.status as unknown as Statuses)).toBe(row.icelandic);
    expect(label(en.status as unknown as Statuses)).toBe(row.english);
  });
});
