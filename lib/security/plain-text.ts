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
