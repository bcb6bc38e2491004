import { z } from 'zod';

/** Payment spec parts 7 and 8: a tppMessage's text and a psuMessage are at most 500 characters. */
export const bankTextMaxLength = 500;

// Controls (C0, DEL, C1) and the bidirectional overrides and isolates, which could make the text read
// otherwise than it is stored; line breaks become spaces.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const unsafe = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * Words the bank wrote for the PSU (a psuMessage, the text of a WARNING), made fit to show as plain
 * text: no control or direction-override characters, no runs of white space, at most 500 characters
 * (longer is cut with an ellipsis rather than refused: the answer that carries it is otherwise good).
 * Undefined when nothing is left. It is shown as text, never as markup.
 */
export function boundedBankText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(unsafe, ' ').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  // Counted in characters (code points), so that a cut never splits one.
  const characters = Array.from(text);
  if (characters.length <= bankTextMaxLength) return text;
  return `${characters
    .slice(0, bankTextMaxLength - 1)
    .join('')
    .trimEnd()}…`;
}

const noteSchema = z.object({
  category: z.string().max(20),
  code: z.string().regex(/^[A-Z0-9_]{1,60}$/),
  path: z.string().nullish(),
  text: z.unknown(),
});

/**
 * A message the bank attached to a successful answer (spec part 7: "Messages in successful (2xx)
 * responses use category ERROR or WARNING and code WARNING"), with its text made safe to show.
 */
export interface BankNote {
  category: string;
  code: string;
  text?: string;
}

/** The tppMessages of a 2xx answer; entries that are not messages are left out. */
export function bankNotes(value: unknown): BankNote[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = noteSchema.safeParse(entry);
    if (!parsed.success) return [];
    const text = boundedBankText(parsed.data.text);
    return [{ category: parsed.data.category, code: parsed.data.code, ...(text ? { text } : {}) }];
  });
}
