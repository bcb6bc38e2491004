'use client';

import { useFrameLocale } from './frame-context';

/**
 * The page's locale as a hidden field of a form whose action answers in words (`wordedFormAction`,
 * lib/actions/client.ts): the action words its answer in it. Drawn on the server too, so that a form
 * sent before the page hydrated is answered in the page's language.
 */
export function LocaleField() {
  const locale = useFrameLocale();
  return locale ? <input type="hidden" name="locale" value={locale} /> : null;
}
