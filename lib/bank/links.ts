import { currentBank } from './scope';

/**
 * A link from the bank's `_links`, made absolute. Links "may be relative or full" (spec 2.5). A
 * relative one is relative to `{base_url}`, which carries a path prefix (`/psd2`): `/api/v1/…` and
 * `api/v1/…` are read under that prefix, and a path that already starts with it against the host.
 * Plain URL resolution would lose the prefix (`new URL('/api/v1/x', 'https://bank/psd2')` is
 * `https://bank/api/v1/x`).
 */
export function resolveLink(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  // A link that is no URL (spec 2.5 types href a string only) leads nowhere: left out, never the answer.
  try {
    return resolved(href);
  } catch {
    return undefined;
  }
}

function resolved(href: string): string {
  const base = new URL(currentBank('payments').urls.payments);
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return new URL(href, base).toString();
  const prefix = base.pathname.replace(/\/+$/, '');
  if (href.startsWith('/')) {
    const carriesPrefix =
      prefix !== '' && href.startsWith(prefix) && /^($|[/?#])/.test(href.slice(prefix.length));
    return new URL(carriesPrefix ? href : `${prefix}${href}`, base.origin).toString();
  }
  return new URL(`${prefix}/${href}`, base.origin).toString();
}
