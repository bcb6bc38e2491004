'use client';

import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { withoutLocale } from '@/lib/i18n/locale-href';

/** Its children on every page but those whose path (without the locale) starts with one of `paths`. */
export function HiddenOn({ paths, children }: { paths: readonly string[]; children: ReactNode }) {
  const pathname = withoutLocale(usePathname());
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)) ? null : children;
}
