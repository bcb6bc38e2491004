import { getLocale, getTranslations } from 'next-intl/server';
import { AccountNumber } from '@/components/payments/account-number';
import { Amount } from '@/components/payments/amount';
import { StatusBadge } from '@/components/payments/status-badge';
import { DateText } from '@/components/ui/date-text';
import { getDb } from '@/lib/db';
import { noticeSettingsOf, paymentsChangedSince } from '@/lib/db/queries/notices';
import { formatNumber, withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import { bulkNameLine, bulkRecipientsOf } from '@/lib/payments/bulk-recipients';
import { declinedAtBank } from '@/lib/payments/outcome';
import { MarkStatusSeen } from './mark-status-seen';

const SHOWN = 10;

/**
 * What the bank reported about the PSU's payments since their last visit: each changed payment once, newest
 * change first, with its latest status, how many steps it took and a link to it. Nothing at all when nothing
 * changed.
 */
export async function StatusNotices({ psuId }: { psuId: string }) {
  const db = await getDb();
  const { statusSeenThrough } = await noticeSettingsOf(db, psuId);
  const shown = await paymentsChangedSince(db, psuId, statusSeenThrough, SHOWN);
  const newest = shown[0];
  if (!newest) return null;
  const [t, tPayments, locale] = await Promise.all([
    getTranslations('notices'),
    getTranslations('payments'),
    getLocale().then(localeOrDefault),
  ]);
  // A bulk by who it pays, as the history names it: "Guðrún Helgadóttir, Þórður Ólafsson (2 greiðslur)".
  const bulkName = (change: (typeof shown)[number]) =>
    change.service === 'bulk-payments'
      ? bulkNameLine(
          bulkRecipientsOf({ ...change, body: change.bulkBody ?? {} }),
          change.elementCount ?? 0,
          locale,
          {
            more: (others, shown) => tPayments('moreRecipients', { others, shown }),
            count: (count) =>
              tPayments('elementCount', { count, shown: formatNumber(String(count), locale) }),
          },
        )
      : '';
  const more = newest.changedPayments - shown.length;
  return (
    <section
      aria-labelledby="status-notices-title"
      className="rounded border border-sky-300 bg-sky-50 p-4"
      data-testid="status-notices"
    >
      <h2 id="status-notices-title" className="font-semibold">
        {t('title')}
      </h2>
      <ul className="mt-2 space-y-2">
        {shown.map((change) => (
          <li
            key={change.eventId}
            className="flex flex-wrap items-center gap-2 text-sm"
            data-payment-id={change.paymentId}
          >
            <StatusBadge
              status={change.transactionStatus ?? ''}
              // A payment the PSU declined at the bank reads "Not confirmed", as on its page and in the history.
              outcome={declinedAtBank(change.transactionStatus, change.scaStatus) ? 'declined' : null}
              standing={change.service === 'periodic-payments'}
            />
            <Link
              href={`/payments/${change.paymentId}`}
              className="text-brand-700 underline underline-offset-2"
            >
              <Amount amount={change.amount} currency={change.currency} />{' '}
              {change.creditorName || bulkName(change) || <AccountNumber account={change.creditorAccount} />}
            </Link>
            <DateText value={change.occurredAt.toISOString()} time className="text-slate-700" />
            {change.steps > 1 && (
              <span className="text-slate-700">
                ({t('steps', withShownNumbers({ count: change.steps }, locale))})
              </span>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-2 text-sm text-slate-700">{t('more', withShownNumbers({ count: more }, locale))}</p>
      )}
      <MarkStatusSeen upTo={newest.eventId} />
    </section>
  );
}
