// A NUL cannot be stored in a PostgreSQL text or jsonb value, and a lone UTF-16 surrogate is no
// character at all: text holding either is refused where it arrives, beside its field.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` is text that can be stored and shown as it is. */
export function isReadableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * How deep an action's input may nest: no form's goes past a few levels (a bulk's row's account,
 * `payment.payments.0.creditorAccount.iban`, is five). A body of a few kilobytes sent straight to an action
 * can nest thousands deep, which ran this check out of stack (a 500) and copied the path at every level.
 */
export const maxInputDepth = 16;

/**
 * Every string in `value` that `fault` finds fault with, with its path and the fault; keys too, a key's fault at
 * `[...path, '…']` (nothing under it is looked at). A list or an object at `maxInputDepth` is `tooDeep` at its
 * path, and nothing under it is looked at either.
 */
export function textFaults<Fault>(
  value: unknown,
  fault: (text: string) => Fault | undefined,
  tooDeep: Fault,
  path: PropertyKey[] = [],
  found: { path: PropertyKey[]; fault: Fault }[] = [],
): { path: PropertyKey[]; fault: Fault }[] {
  if (typeof value === 'string') {
    const faulty = fault(value);
    if (faulty !== undefined) found.push({ path, fault: faulty });
  } else if (value !== null && typeof value === 'object' && path.length >= maxInputDepth) {
    found.push({ path, fault: tooDeep });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      textFaults(item, fault, tooDeep, [...path, index], found);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyFault = fault(key);
      if (keyFault !== undefined) found.push({ path: [...path, '…'], fault: keyFault });
      else textFaults(item, fault, tooDeep, [...path, key], found);
    }
  }
  return found;
}

/**
 * The dotted paths of every string in `value` (keys included) that is not readable text, e.g.
 * `payment.remittanceInformationUnstructured`.
 */
export function unreadableTextPaths(value: unknown): string[] {
  return textFaults(value, (text) => (isReadableText(text) ? undefined : true), true).map(({ path }) =>
    path.join('.'),
  );
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
