'use client';

// The router as next/link itself reads it: null outside Next's app router (a component rendered on its own),
// where the link is a plain anchor.
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { type ComponentProps, type MouseEvent, useContext } from 'react';
import { useFrameLocale } from '@/components/layout/frame-context';
import { type Href, localeHref } from './locale-href';
import { localeOrDefault } from './routing';

/** A click the browser should handle itself: a new tab or window, a download, a button but the main one. */
function browsersOwn(event: MouseEvent<HTMLAnchorElement>) {
  const target = event.currentTarget.getAttribute('target');
  return (
    (target !== null && target !== '_self') ||
    event.currentTarget.hasAttribute('download') ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}

/**
 * A link in the page's locale, followed in the page (Next's client navigation) and prefetched only when the PSU
 * is about to follow it: on hover, touch or keyboard focus. Next's own `Link` prefetches every link as it comes
 * into view, which on a page of menus and 25 history rows asks the server to render dozens of pages nobody opens;
 * and it and next-intl's `Link` on it are scripts every page would load (bench/first-load-js.ts), where this one
 * uses only the router the framework has already loaded.
 */
export function Link({
  href,
  onClick,
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...props
}: Omit<ComponentProps<'a'>, 'href'> & { href: Href }) {
  const router = useContext(AppRouterContext);
  const target = localeHref(localeOrDefault(useFrameLocale()), href);
  const prefetch = () => router?.prefetch(target);
  return (
    <a
      {...props}
      href={target}
      onClick={(event) => {
        onClick?.(event);
        if (!router || event.defaultPrevented || browsersOwn(event)) return;
        event.preventDefault();
        router.push(target);
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
    />
  );
}
