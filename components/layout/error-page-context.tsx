'use client';

import { createContext, type ReactNode, use } from 'react';
import type { ErrorPageTexts } from './error-page-texts';

const Texts = createContext<ErrorPageTexts | null>(null);

/** Gives the error page, wherever it replaces a page of the frame, its texts. */
export function ErrorPageTextsProvider({ texts, children }: { texts: ErrorPageTexts; children: ReactNode }) {
  return <Texts value={texts}>{children}</Texts>;
}

export function useErrorPageTexts(): ErrorPageTexts {
  const texts = use(Texts);
  if (!texts) throw new Error('The error page is shown within SiteFrame, which gives its texts');
  return texts;
}
