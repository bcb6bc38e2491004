import { currentBank } from './scope';

/**
 * A link from the bank's `_links`, made absolute against `base`, the bank's own base: `{base_url}` of our bank's
 * payment interface (payment spec 2.5: links "may be relative or full"), or the server of a bank speaking IOBWS 3.2,
 * whose links are paths under its server (`/v1/payments/…`, ÍST TS 310 "Payment processing flow"). Either base may
 * carry a path prefix (`/psd2`, a gateway's `/iobws`): a relative link is read under it, and a path that already
 * starts with it against the host. Plain URL resolution would lose the prefix
 * (`new URL('/api/v1/x', 'https://bank/psd2')` is `https://bank/api/v1/x`). A full link is kept as given.
 */
export function resolveLinkAgainst(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  // A link that is no URL (spec 2.5 types href a string only) leads nowhere: left out, never the answer.
  try {
    return resolved(href, base);
  } catch {
    return undefined;
  }
}

function resolved(href: string, base: string): string {
  const baseUrl = new URL(base);
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return new URL(href, baseUrl).toString();
  const prefix = baseUrl.pathname.replace(/\/+$/, '');
  if (href.startsWith('/')) {
    const carriesPrefix =
      prefix !== '' && href.startsWith(prefix) && /^($|[/?#])/.test(href.slice(prefix.length));
    return new URL(carriesPrefix ? href : `${prefix}${href}`, baseUrl.origin).toString();
  }
  return new URL(`${prefix}/${href}`, baseUrl.origin).toString();
}

/**
 * A link resolved against `base` (a relative one under it, dot segments and all), if it lies under `base`: the
 * same origin, and a path within base's. Undefined for any other, or one that is no URL.
 */
export function linkUnder(href: string, base: string): URL | undefined {
  let under: URL;
  let url: URL;
  try {
    under = new URL(base.endsWith('/') ? base : `${base}/`);
    url = new URL(href, under);
  } catch {
    return undefined;
  }
  if (url.origin !== under.origin || !url.pathname.startsWith(under.pathname)) return undefined;
  return url;
}

/** A link of the payment interface of the bank of the work in progress (lib/bank/scope.ts), made absolute. */
export function resolveLink(href: string | null | undefined): string | undefined {
  return resolveLinkAgainst(href, currentBank('payments').urls.payments);
}
