import { getTranslations } from 'next-intl/server';
import { AccountNumber } from '@/components/payments/account-number';
import { Amount } from '@/components/payments/amount';
import { StatusBadge } from '@/components/payments/status-badge';
import type { StandingOrderChange } from '@/lib/db/change-schema';
import type { Payment } from '@/lib/db/schema';
import { Link } from '@/lib/i18n/navigation';
import { type BankOutcome, waitsForPsu } from '@/lib/payments/outcome';
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

/**
 * What became of the PSU's last change of this order, with the bank's cause where it gave one; for a change whose
 * new order was sent, by what the bank says of that order (`newOrderOutcome`).
 */
export async function ChangeNotice({
  change,
  newOrderOutcome = null,
}: {
  change: StandingOrderChange;
  newOrderOutcome?: BankOutcome | null;
}) {
  const [t, tAll] = await Promise.all([getTranslations('standingOrderChange'), getTranslations()]);
  const newNotConfirmed = change.state === 'sent' && newOrderNoteOf(newOrderOutcome) === 'newNotConfirmed';
  // A key of this change's own words says it all; any other is the bank's cause behind the state's words.
  const key = change.messageKey;
  const own = key?.startsWith('standingOrderChange.') && tAll.has(key);
  const main = own ? tAll(key as string) : t(newNotConfirmed ? 'sentNotConfirmed' : noticeKey[change.state]);
  const reason = !own && key && tAll.has(key) ? tAll(key) : null;
  const problem = change.state === 'cancelRefused' || change.state === 'newFailed' || newNotConfirmed;
  return (
    <div
      role={problem ? 'alert' : 'status'}
      data-change-state={change.state}
      className={`space-y-1 rounded border p-3 text-sm ${problem ? 'border-red-300 bg-red-50' : 'border-sky-300 bg-sky-50'}`}
    >
      <p>{main}</p>
      {reason ? <p>{reason}</p> : null}
      {change.state === 'sent' && change.newPaymentId ? (
        <p className="flex flex-wrap gap-x-4">
          <Link
            href={`/payments/${change.newPaymentId}`}
            className="text-brand-700 underline underline-offset-2"
          >
            {t('newOrder')}
          </Link>
          {newNotConfirmed ? <SetUpAgain from={change.newPaymentId} /> : null}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What the new order of a change says of the change, by the bank's outcome for it: while the bank waits for the
 * PSU, that the old order is cancelled and this one is to be confirmed; once the bank declined or rejected it,
 * that no order now takes the old one's place. Otherwise nothing: the order speaks for itself.
 */
export function newOrderNoteOf(outcome: BankOutcome | null): 'confirmNew' | 'newNotConfirmed' | null {
  if (waitsForPsu(outcome)) return 'confirmNew';
  return outcome === 'declined' || outcome === 'rejected' ? 'newNotConfirmed' : null;
}

/** On the page of a change's new order: where the change stands (newOrderNoteOf), and a way to set it up again. */
export async function NewOrderNote({
  paymentId,
  outcome,
}: {
  paymentId: string;
  outcome: BankOutcome | null;
}) {
  const note = newOrderNoteOf(outcome);
  if (!note) return null;
  const t = await getTranslations('standingOrderChange');
  if (note === 'confirmNew')
    return (
      <p data-testid="change-confirm-new" className="rounded border border-sky-300 bg-sky-50 p-3">
        {t('confirmNew')}
      </p>
    );
  return (
    <div
      data-testid="change-new-not-confirmed"
      className="space-y-2 rounded border border-red-300 bg-red-50 p-3"
    >
      <p>{t('newNotConfirmed')}</p>
      <SetUpAgain from={paymentId} />
    </div>
  );
}

/** The standing order form, filled in from a change's new order that the bank did not take. */
async function SetUpAgain({ from }: { from: string }) {
  const t = await getTranslations('standingOrderChange');
  return (
    <Link
      href={{ pathname: '/payments/new/periodic', query: { from } }}
      className="text-brand-700 underline underline-offset-2"
    >
      {t('setUpAgain')}
    </Link>
  );
}
