/**
 * Tags of React's reply encoding ("$" and a letter) whose value needs no other part of the body: an escaped "$",
 * a date, a bigint, undefined, NaN, ±Infinity and -0, a form's fields by their prefix (present or not), and a
 * temporary reference (the decoder's own). Every other string starting with "$" refers to a part of the body by
 * its id.
 */
const SELF_CONTAINED = new Set(['$', 'D', 'n', 'u', 'N', 'I', '-', 'K', 'T']);

/**
 * The id of the part a "$" string refers to ("$1f", "$Q2", or with a path into the part, "$1:items:0"), or NaN
 * where it names none that could exist.
 */
function referencedPart(value: string): number {
  const reference = /^[0-9a-f]$/i.test(value[1] ?? '') ? value.slice(1) : value.slice(2);
  const [id = ''] = reference.split(':');
  return /^[0-9a-f]{1,8}$/i.test(id) ? Number.parseInt(id, 16) : Number.NaN;
}

function refersToMissingPart(value: unknown, hasPart: (id: number) => boolean): boolean {
  if (typeof value === 'string') {
    if (!value.startsWith('$') || SELF_CONTAINED.has(value[1] ?? '')) return false;
    const id = referencedPart(value);
    return Number.isNaN(id) || !hasPart(id);
  }
  if (Array.isArray(value)) return value.some((item) => refersToMissingPart(item, hasPart));
  if (value !== null && typeof value === 'object')
    return Object.values(value).some((item) => refersToMissingPart(item, hasPart));
  return false;
}

/**
 * Whether `root`, the root part of a server action's body (the whole body when it is text), cannot be an action
 * call: not a JSON list of arguments, or an argument that refers to a part the body lacks (`hasPart`). React's
 * reply decoder waits for such a part until the body ends and then throws, which Next.js answers with a 500.
 */
export function isMalformedReply(root: string, hasPart: (id: number) => boolean): boolean {
  try {
    const call: unknown = JSON.parse(root);
    return !Array.isArray(call) || refersToMissingPart(call, hasPart);
  } catch {
    return true;
  }
}
