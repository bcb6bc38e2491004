import { useTranslations } from 'next-intl';
import { Fragment } from 'react';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatNumber } from '@/lib/format';
import type { BulkRecipients as Recipients } from '@/lib/payments/bulk-overview';
import { bulkRecipientWords } from '@/lib/payments/bulk-recipients';

/**
 * Who a bulk pays, for its row in a list: "Guðrún Helgadóttir, Þórður Ólafsson and 3 more", and below it
 * how many payments it holds. An account number is never broken across lines. Counts are written by
 * lib/format, not by the runtime's Intl ("10.000 greiðslur").
 */
export function BulkRecipients({ recipients, count }: { recipients: Recipients; count: number }) {
  const t = useTranslations('payments');
  const locale = usePageLocale();
  const { shown, more } = bulkRecipientWords(recipients, locale, (others, shown) =>
    t('moreRecipients', { others, shown }),
  );
  return (
    <span>
      {shown.length > 0 && (
        <span className="block">
          {shown.map((recipient) => (
            <Fragment key={`${recipient.account}:${recipient.text}`}>
              {recipient.joinedBy}
              {recipient.account ? (
                <span className="whitespace-nowrap">{recipient.text}</span>
              ) : (
                recipient.text
              )}
            </Fragment>
          ))}
          {more && ` ${more}`}
        </span>
      )}
      <span className={shown.length > 0 ? 'block text-xs text-slate-600' : undefined}>
        {t('elementCount', { count, shown: formatNumber(String(count), locale) })}
      </span>
    </span>
  );
}
