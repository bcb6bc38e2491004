import { useTranslations } from 'next-intl';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatNumber } from '@/lib/format';
import { bulkRecipientsLine } from '@/lib/payments/bulk-recipients';
import type { StoryBulkLine } from '@/lib/payments/story';

/**
 * Who a bulk pays, for its row in a list: "Guðrún Helgadóttir, Þórður Ólafsson and 3 more", and below it
 * how many payments it holds. Counts are written by lib/format, not by the runtime's Intl ("10.000 greiðslur").
 */
export function BulkRecipients({ lines, count }: { lines: readonly StoryBulkLine[]; count: number }) {
  const t = useTranslations('payments');
  const locale = usePageLocale();
  const recipients = bulkRecipientsLine(lines, locale, (shown) => t('moreRecipients', { shown }));
  return (
    <span>
      {recipients && <span className="block">{recipients}</span>}
      <span className={recipients ? 'block text-xs text-slate-600' : undefined}>
        {t('elementCount', { count, shown: formatNumber(String(count), locale) })}
      </span>
    </span>
  );
}
