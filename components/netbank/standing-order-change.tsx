import { getTranslations } from 'next-intl/server';
import { AccountNumber } from '@/components/payments/account-number';
import { Amount } from '@/components/payments/amount';
import { StatusBadge } from '@/components/payments/status-badge';
import type { StandingOrderChange } from '@/lib/db/change-schema';
import type { Payment } from '@/lib/db/schema';
import { Link } from '@/lib/i18n/navigation';
import { toPaymentView } from '@/lib/payments/view';

/** The order being changed, as it stands: its names, whom it pays, how much, and the bank's status. */
export async function CurrentOrder({ order }: { order: Payment }) {
  const [t, tn] = await Promise.all([
    getTranslations('standingOrderChange'),
    getTranslations('standingOrderNames'),
  ]);
  const view = toPaymentView(order, []);
  return (
    <section aria-labelledby="current-order" className="rounded border border-slate-200 bg-white p-4">
      <h2 id="current-order" className="text-sm text-slate-600">
        {t('current')}
      </h2>
      <p className="font-semibold">{order.label ?? order.creditorName ?? tn('unnamed')}</p>
      {order.label && order.creditorName ? <p>{order.creditorName}</p> : null}
      <div className="text-sm">
        <AccountNumber account={order.creditorAccount} />
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-3">
        <Amount amount={order.amount} currency={order.currency} />
        <StatusBadge status={view.displayStatus} standing />
      </p>
    </section>
  );
}

const noticeKey = {
  cancelling: 'cancelling',
  cancelRefused: 'cancelRefused',
  sending: 'cancelling',
  newFailed: 'newFailed',
  sent: 'sent',
} as const;

/** What became of the PSU's last change of this order, with the bank's cause where it gave one. */
export async function ChangeNotice({ change }: { change: StandingOrderChange }) {
  const [t, tAll] = await Promise.all([getTranslations('standingOrderChange'), getTranslations()]);
  // A key of this change's own words says it all; any other is the bank's cause behind the state's words.
  const key = change.messageKey;
  const own = key?.startsWith('standingOrderChange.') && tAll.has(key);
  const main = own ? tAll(key as string) : t(noticeKey[change.state]);
  const reason = !own && key && tAll.has(key) ? tAll(key) : null;
  const problem = change.state === 'cancelRefused' || change.state === 'newFailed';
  return (
    <div
      role={problem ? 'alert' : 'status'}
      data-change-state={change.state}
      className={`space-y-1 rounded border p-3 text-sm ${problem ? 'border-red-300 bg-red-50' : 'border-sky-300 bg-sky-50'}`}
    >
      <p>{main}</p>
      {reason ? <p>{reason}</p> : null}
      {change.state === 'sent' && change.newPaymentId ? (
        <Link
          href={`/payments/${change.newPaymentId}`}
          className="text-brand-700 underline underline-offset-2"
        >
          {t('newOrder')}
        </Link>
      ) : null}
    </div>
  );
}
