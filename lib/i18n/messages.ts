import type { Locale } from './routing';

/**
 * The texts of one locale: the app's own, the account pages', the validation messages of the payment
 * schemas, the payment forms', the events pages' and the notices, standing orders and receipts', the PSU's saved accounts, payees and templates', the bank directory's, the everyday netbank tools' (payments waiting, changing a standing order, templates, exports), the operators' audit trail's, and a payment's story with the words for the bank's codes. Each area keeps its own file so that it can grow alone.
 */
export async function loadMessages(locale: Locale) {
  const [app, account, validation, forms, events, notices, saved, banks, netbank, operations, story] =
    await Promise.all([
      import(`@/messages/${locale}.json`),
      import(`@/messages/account/${locale}.json`),
      import(`@/messages/validation/${locale}.json`),
      import(`@/messages/forms/${locale}.json`),
      import(`@/messages/events/${locale}.json`),
      import(`@/messages/notices/${locale}.json`),
      import(`@/messages/saved/${locale}.json`),
      import(`@/messages/banks/${locale}.json`),
      import(`@/messages/netbank/${locale}.json`),
      import(`@/messages/operations/${locale}.json`),
      import(`@/messages/story/${locale}.json`),
    ]);
  return {
    ...app.default,
    ...account.default,
    ...validation.default,
    ...forms.default,
    ...events.default,
    ...notices.default,
    ...saved.default,
    ...banks.default,
    ...netbank.default,
    ...operations.default,
    ...story.default,
  };
}
