// A NUL cannot be stored in a PostgreSQL text or jsonb value, and a lone UTF-16 surrogate is no
// character at all: text holding either is refused where it arrives, beside its field.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` is text that can be stored and shown as it is. */
export function isReadableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The dotted paths of every string in `value` (keys included) that is not readable text, e.g.
 * `payment.remittanceInformationUnstructured`. Depth is bounded by the request size.
 */
export function unreadableTextPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!isReadableText(value)) found.push(path.join('.'));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      unreadableTextPaths(item, [...path, String(index)], found);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isReadableText(key)) found.push([...path, '…'].join('.'));
      else unreadableTextPaths(item, [...path, key], found);
    }
  }
  return found;
}

// Control characters (C0, DEL, C1: a line break, a bell, an escape) and marks that turn the direction of what
// follows or hide in the text: a name could read differently on the bank's page than it was typed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
// Something to read: a text of spaces and invisible characters alone names nobody.
const VISIBLE = /[^\s\u200b-\u200d\u2060\ufeff]/;

/**
 * Why a text may not go to a bank as it is, if it may not: `unsafe` (a control or direction character), or
 * `invisible` (not empty, and nothing to read). A payment's texts, and the names saved to become them.
 */
export function bankTextIssue(value: string): 'unsafe' | 'invisible' | undefined {
  if (UNSAFE.test(value)) return 'unsafe';
  if (value !== '' && !VISIBLE.test(value)) return 'invisible';
  return undefined;
}
