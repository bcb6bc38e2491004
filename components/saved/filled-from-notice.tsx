import { getLocale, getTranslations } from 'next-intl/server';
import { withShownNumbers } from '@/lib/format';
import { localeOrDefault } from '@/lib/i18n/routing';
import type { FormStart } from '@/lib/payments/saved/form-start';

/** Says where a form's values came from: a past payment, or a bulk template. */
export async function FilledFromNotice({ filledFrom }: { filledFrom: FormStart['filledFrom'] }) {
  if (!filledFrom) return null;
  const [t, locale] = await Promise.all([getTranslations('saved'), getLocale()]);
  return (
    <p role="status" className="rounded border border-sky-300 bg-sky-50 p-3 text-sm">
      {filledFrom.kind === 'template'
        ? t('filledFromTemplate', { name: filledFrom.name })
        : filledFrom.partUnknown
          ? t('filledFromPartUnknown')
          : filledFrom.rejectedOf
            ? t(
                'filledFromRejected',
                withShownNumbers({ count: filledFrom.rejectedOf }, localeOrDefault(locale)),
              )
            : t('filledFrom')}
    </p>
  );
}
