'use client';

import { useFrameLocale } from './frame-context';

/**
 * The page's locale as a hidden field of a form whose action works in it: one that answers in words
 * (`wordedFormAction`, lib/actions/client.ts), or sends the browser on to a page of that language (the
 * electronic-ID sign-in). Drawn on the server too, so that a form sent before the page hydrated is
 * answered in the page's language.
 */
export function LocaleField() {
  const locale = useFrameLocale();
  return locale ? <input type="hidden" name="locale" value={locale} /> : null;
}
