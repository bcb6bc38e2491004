import type { Locale } from './routing';

/** The app's texts and the validation texts, one dictionary per locale. */
export async function loadMessages(locale: Locale) {
  const [app, validation] = await Promise.all([
    import(`@/messages/${locale}.json`),
    import(`@/messages/validation/${locale}.json`),
  ]);
  return { ...app.default, ...validation.default };
}
