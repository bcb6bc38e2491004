import { getLocale, getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { DayRangeFields } from '@/components/ui/day-text-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import type { HistoryFilters } from '@/lib/payments/history-query';
import { transactionStatuses } from '@/lib/payments/status';

const services = ['payments', 'bulk-payments', 'periodic-payments'] as const;

/**
 * A plain GET form: filters live in the URL, so a filtered list can be bookmarked and works without JavaScript.
 * On a phone it is folded under its title until opened (or while a filter is on, or a day could not be read).
 */
export async function HistoryFiltersForm({
  filters,
  unreadable = {},
  banks = [],
}: {
  filters: Omit<HistoryFilters, 'after'>;
  /** What was typed as a first or last day that is no day (30.02.2026): shown again as typed, with why. */
  unreadable?: Partial<Record<'from' | 'to', string>>;
  /** The banks of the directory, when there are several: a filter by bank. */
  banks?: readonly { id: string; name: string }[];
}) {
  const [t, ts, tb, tf, locale] = await Promise.all([
    getTranslations('payments'),
    getTranslations('status'),
    getTranslations('banks'),
    getTranslations('forms.fields'),
    getLocale(),
  ]);
  const active = [filters.status, filters.service, filters.bank, filters.q, filters.from, filters.to].filter(
    Boolean,
  ).length;
  // Folded away on a phone, so that the list starts near the top; open when some filter is on. From the `sm`
  // width up the form shows folded or not (globals.css, `.fold-on-phone`).
  return (
    <details
      className="fold-on-phone rounded border border-slate-200 bg-white"
      open={active > 0 || Object.keys(unreadable).length > 0}
    >
      <summary className="cursor-pointer px-4 py-3 font-medium">
        {t('filters.title')}
        {active > 0 && (
          <span className="font-normal text-slate-700">
            {' '}
            ({t('filters.active', withShownNumbers({ count: active }, localeOrDefault(locale)))})
          </span>
        )}
      </summary>
      <form
        method="get"
        action={`/${locale}/payments`}
        aria-label={t('filters.title')}
        className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3"
      >
        <SelectField label={t('filters.status')} name="status" defaultValue={filters.status ?? ''}>
          <option value="">{t('filters.any')}</option>
          {(['new', 'refused', ...transactionStatuses] as const).map((status) => (
            <option key={status} value={status}>
              {ts(`${status}.label`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.service')} name="service" defaultValue={filters.service ?? ''}>
          <option value="">{t('filters.any')}</option>
          {services.map((service) => (
            <option key={service} value={service}>
              {t(`service.${service}`)}
            </option>
          ))}
        </SelectField>
        {banks.length > 1 ? (
          <SelectField label={tb('bank')} name="bank" defaultValue={filters.bank ?? ''}>
            <option value="">{tb('allBanks')}</option>
            {banks.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField label={t('filters.q')} name="q" type="search" defaultValue={filters.q ?? ''} />
        <DayRangeFields
          labels={{ from: t('filters.from'), to: t('filters.to') }}
          hint={tf('dateFormat')}
          days={filters}
          typed={unreadable}
          typedError={tf('dateUnreadable')}
        />
        <div className="flex items-end gap-3">
          <Button type="submit">{t('filters.apply')}</Button>
          <Link href="/payments" className="py-2 text-brand-700 underline">
            {t('filters.clear')}
          </Link>
        </div>
      </form>
    </details>
  );
}
