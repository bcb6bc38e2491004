'use client';

import type { ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';

/** Its children on every page but those whose path (without the locale) starts with one of `paths`. */
export function HiddenOn({ paths, children }: { paths: readonly string[]; children: ReactNode }) {
  const pathname = usePathname();
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)) ? null : children;
}
