'use client';

import { useRouter } from 'next/navigation';
import type { ComponentProps, SyntheticEvent } from 'react';
import { LocaleLink } from './locale-navigation';

/**
 * A link in the PSU's locale that prefetches its page only when the PSU is about to follow it: on hover, touch
 * or keyboard focus. Next's own prefetches every link as it scrolls into view, which on a page of menus and 25
 * history rows asks the server to render dozens of pages nobody opens.
 */
export function Link({
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...props
}: Omit<ComponentProps<typeof LocaleLink>, 'prefetch'>) {
  const router = useRouter();
  const prefetchOnIntent = (event: SyntheticEvent<HTMLAnchorElement>) => {
    const href = event.currentTarget.getAttribute('href');
    if (href?.startsWith('/')) router.prefetch(href);
  };
  return (
    <LocaleLink
      {...props}
      prefetch={false}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetchOnIntent(event);
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetchOnIntent(event);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetchOnIntent(event);
      }}
    />
  );
}
