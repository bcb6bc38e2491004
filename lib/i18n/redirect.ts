import { redirect as nextRedirect } from 'next/navigation';
import { type Href, localeHref } from './locale-href';

/**
 * Redirects server code to a path of the app in `locale`. Next's own redirect under the locale's prefix, where
 * next-intl's would bring its client `Link` into the scripts of every page that imports it.
 */
export function redirect({ href, locale }: { href: Href; locale: string }): never {
  return nextRedirect(localeHref(locale, href));
}
