'use client';

import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { isLocale } from '@/lib/i18n/routing';

/** Its children on every page but those whose path (without the locale) starts with one of `paths`. */
export function HiddenOn({ paths, children }: { paths: readonly string[]; children: ReactNode }) {
  const pathname = withoutLocale(usePathname());
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)) ? null : children;
}

/** "/is/payments/1" → "/payments/1"; "/en" → "/"; a path under no locale ("/x.txt") as it is. */
export function withoutLocale(pathname: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  return isLocale(first) ? `/${rest.join('/')}` : pathname;
}
