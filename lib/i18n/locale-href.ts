import { isLocale } from './routing';

/** Where a link goes, without the locale: a path (with its query, if any), or a path and its query apart. */
export type Href = string | { pathname: string; query?: Record<string, string | number | undefined> };

/** `href` under `locale`'s prefix, as the address bar shows it. */
export function localeHref(locale: string, href: Href): string {
  if (typeof href === 'string') return `/${locale}${href}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(href.query ?? {}))
    if (value !== undefined) query.append(name, String(value));
  const search = query.toString();
  return `/${locale}${href.pathname}${search ? `?${search}` : ''}`;
}

/**
 * The path without its locale, as localeHref took it: "/is/payments/1" → "/payments/1"; "/en" → "/"; a path under
 * no locale ("/x.txt") as it is.
 */
export function withoutLocale(pathname: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  return isLocale(first) ? `/${rest.join('/')}` : pathname;
}
