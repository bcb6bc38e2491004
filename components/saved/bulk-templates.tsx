import { getLocale, getTranslations } from 'next-intl/server';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { getDb } from '@/lib/db';
import { listBulkTemplates } from '@/lib/db/queries/bulk-templates';
import { withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import { deleteTemplateAction } from '@/lib/payments/actions/bulk-templates';

/** The PSU's bulk templates above the bulk form: start from one, or delete it. */
export async function BulkTemplates({ psuId }: { psuId: string }) {
  const [t, locale, templates] = await Promise.all([
    getTranslations('saved.templates'),
    getLocale().then(localeOrDefault),
    listBulkTemplates(await getDb(), psuId),
  ]);
  if (templates.length === 0) return null;
  return (
    <section aria-labelledby="bulk-templates" className="space-y-3">
      <h2 id="bulk-templates" className="text-lg font-medium">
        {t('startFrom')}
      </h2>
      <ul className="space-y-2">
        {templates.map((template) => (
          <li key={template.id} className="flex flex-wrap items-center gap-3" data-testid="bulk-template">
            <Link
              href={{ pathname: '/payments/new/bulk', query: { template: template.id } }}
              className="text-brand-700 underline underline-offset-2"
            >
              {t('use', { name: template.name })}
            </Link>
            {template.payments !== null && (
              <span className="text-sm text-slate-700">
                {t('payments', withShownNumbers({ count: template.payments }, locale))}
              </span>
            )}
            <WordedButtonForm
              action={deleteTemplateAction}
              label={t('delete', { name: template.name })}
              fields={{ id: template.id }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
