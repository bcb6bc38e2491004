'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { withShownNumbers } from '@/lib/format/number';
import { localeOrDefault } from '@/lib/i18n/routing';
import { parseIssueMessage } from '@/lib/payments/schemas/issue-message';
import type { Locale } from '@/lib/payments/schemas/translate';

export function useFormLocale(): Locale {
  return localeOrDefault(useLocale());
}

/**
 * Text for an error message of a field: the payment schemas' `validation.…` keys (with their
 * parameters, see `issueMessage`), the forms' own `forms.…` keys (with `|{json}` parameters, as
 * the CSV import makes them) and the action client's `security.…` keys, all from the page's messages,
 * as `translateMessage` reads them on the server. Anything else becomes the generic "not valid" text, so only text we wrote reaches
 * the user.
 */
export function useFieldMessage() {
  const t = useTranslations();
  const locale = useFormLocale();
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      // The action client's own refusals (lib/actions/client.ts), e.g. text that cannot be stored.
      if (message.startsWith('security.') && t.has(message)) return t(message as Parameters<typeof t>[0]);
      if (message.startsWith('forms.')) {
        const at = message.indexOf('|');
        const key = at === -1 ? message : message.slice(0, at);
        let params: Record<string, string | number> = {};
        try {
          if (at !== -1) params = JSON.parse(message.slice(at + 1)) as Record<string, string | number>;
        } catch {
          params = {};
        }
        if (t.has(key)) return t(key as Parameters<typeof t>[0], withShownNumbers(params, locale) as never);
      }
      const parsed = parseIssueMessage(message);
      if (parsed && t.has(parsed.key)) return t(parsed.key, withShownNumbers(parsed.params, locale) as never);
      return t('validation.invalid');
    },
    [t, locale],
  );
}
