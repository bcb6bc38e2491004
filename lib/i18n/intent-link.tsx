'use client';

import { type ComponentProps, useState } from 'react';
import { LocaleLink } from './locale-navigation';

/**
 * A link in the PSU's locale that prefetches its page only when the PSU is about to follow it: on hover, touch
 * or keyboard focus, when Next's own prefetching is switched on for it. By default Next prefetches every link
 * as it comes into view, which on a page of menus and 25 history rows asks the server to render dozens of
 * pages nobody opens.
 */
export function Link({
  onMouseEnter,
  onTouchStart,
  onFocus,
  ...props
}: Omit<ComponentProps<typeof LocaleLink>, 'prefetch'>) {
  const [aboutToFollow, setAboutToFollow] = useState(false);
  return (
    <LocaleLink
      {...props}
      prefetch={aboutToFollow ? 'auto' : false}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        setAboutToFollow(true);
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        setAboutToFollow(true);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        setAboutToFollow(true);
      }}
    />
  );
}
