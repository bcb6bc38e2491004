import { useLocale } from 'next-intl';
import { type Locale, localeOrDefault } from '@/lib/i18n/routing';

/** The page's language, as the formats of `lib/format` take it. Works on the server and in the browser. */
export function usePageLocale(): Locale {
  return localeOrDefault(useLocale());
}
