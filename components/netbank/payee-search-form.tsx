import { getLocale, getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';

/**
 * The payees page's search: a plain GET form, so that it works by keyboard and before any script, and
 * the address keeps what was searched. It finds as a form's recipient search does.
 */
export async function PayeeSearchForm({ typed, found }: { typed: string; found: number }) {
  const [t, locale] = await Promise.all([getTranslations('payeeSearch'), getLocale()]);
  return (
    <search aria-label={t('label')}>
      <form method="get" className="space-y-1">
        <label htmlFor="payee-search" className="block text-sm font-medium">
          {t('label')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="payee-search"
            name="q"
            type="search"
            defaultValue={typed}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="payee-search-hint"
            className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-2"
          />
          <Button type="submit" variant="secondary">
            {t('submit')}
          </Button>
        </div>
        <p id="payee-search-hint" className="text-xs text-slate-600">
          {t('hint')}
        </p>
        {typed ? (
          <p role="status" className="text-sm">
            {t('found', withShownNumbers({ count: found, typed }, localeOrDefault(locale)))}{' '}
            <Link href="/payees" className="text-brand-700 underline underline-offset-2">
              {t('clear')}
            </Link>
          </p>
        ) : null}
      </form>
    </search>
  );
}
