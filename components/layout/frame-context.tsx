'use client';

import { createContext, type ReactNode, use } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import type { ErrorPageTexts } from './error-page-texts';

/** What the frame tells the client components of every page: the page's locale and the error page's texts. */
type Frame = { locale: Locale; errorTexts: ErrorPageTexts };

const FrameContext = createContext<Frame | null>(null);

export function FrameProvider({ children, ...frame }: Frame & { children: ReactNode }) {
  return <FrameContext value={frame}>{children}</FrameContext>;
}

/** The page's locale, where the path has one or not (the not-found page of an address under no locale). */
export function useFrameLocale(): Locale | undefined {
  return use(FrameContext)?.locale;
}

export function useErrorPageTexts(): ErrorPageTexts {
  const frame = use(FrameContext);
  if (!frame) throw new Error('No SiteFrame above the error page');
  return frame.errorTexts;
}
