import { getRequestConfig } from 'next-intl/server';
import { loadMessages } from './messages';
import { localeOrDefault } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const locale = localeOrDefault(await requestLocale);
  return { locale, messages: await loadMessages(locale), timeZone: 'Atlantic/Reykjavik' };
});
