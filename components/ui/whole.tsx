import type { ReactNode } from 'react';

/**
 * A number that stays on one line in running text (an account, a kennitala, a bill's ID): the `<whole>` tag of a
 * message (`t.rich`). The line breaks before it or after it, never at one of its hyphens.
 */
export function whole(chunks: ReactNode) {
  return <span className="whitespace-nowrap">{chunks}</span>;
}
