import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Amount } from '@/components/payments/amount';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { BillView } from '@/lib/bills/bill-view';
import { formatDate, formatDateTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { BillsLive } from './bills-live';
import { DiscountNote } from './discount-note';
import { PartlyPaidNote } from './partly-paid-note';

const STATUS_STYLE: Record<BillView['status'], string> = {
  Unpaid: 'bg-amber-100 text-amber-900',
  Paid: 'bg-green-100 text-green-900',
  Cancelled: 'bg-slate-200 text-slate-900',
};

/**
 * The PSU's bills from every bank that offers claims, each with its bank, drawn by the server: open ones with a Pay
 * button, paid and cancelled ones with a badge and nothing to pay. `BillsLive` has the list drawn again when what
 * the app knows of them changes (a bank's `claim.paid` event applied).
 */
export function Bills({ bills }: { bills: BillView[] }) {
  return (
    <>
      <BillsLive shown={bills} />
      <BillSections bills={bills} />
    </>
  );
}

function BillSections({ bills }: { bills: BillView[] }) {
  const t = useTranslations('bills');
  const open = bills.filter((bill) => bill.status === 'Unpaid');
  const paid = bills.filter((bill) => bill.status === 'Paid');
  const cancelled = bills.filter((bill) => bill.status === 'Cancelled');
  if (bills.length === 0) return <p>{t('none')}</p>;
  return (
    <div className="space-y-8" aria-live="polite">
      <BillSection id="open" title={t('open')}>
        {open.length === 0 ? <p>{t('noneOpen')}</p> : <BillList bills={open} />}
      </BillSection>
      {paid.length > 0 && (
        <BillSection id="paid" title={t('paid')}>
          <BillList bills={paid} />
        </BillSection>
      )}
      {cancelled.length > 0 && (
        <BillSection id="cancelled" title={t('cancelled')}>
          <BillList bills={cancelled} />
        </BillSection>
      )}
    </div>
  );
}

/** A section of the bills, named by its heading. */
function BillSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-bills-heading`} className="space-y-3">
      <h2 id={`${id}-bills-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function BillList({ bills }: { bills: BillView[] }) {
  const t = useTranslations('bills');
  const locale = usePageLocale();
  return (
    <ul className="space-y-3">
      {bills.map((bill) => {
        const name =
          bill.reference ??
          (bill.claimNumber ? t('claimNumber', { number: bill.claimNumber }) : bill.claimantName);
        return (
          <li
            key={`${bill.bankId}/${bill.claimId}`}
            data-testid="bill"
            data-bank-id={bill.bankId}
            data-claim-id={bill.claimId}
            data-reference={bill.reference ?? ''}
            data-status={bill.status}
            data-paid-by-event={bill.paidEventAt ? 'true' : 'false'}
            className="flex flex-wrap items-center gap-4 rounded border border-slate-200 bg-white p-4"
          >
            <div className="min-w-0 basis-full space-y-1 sm:flex-1">
              <p className="font-medium">
                {t('reference')}: {name}
              </p>
              <p className="text-sm text-slate-700">
                {t('claimant')}: {bill.claimantName} ·{' '}
                {t('dueDate', { date: formatDate(bill.dueDate, locale) })}
                {bill.finalDueDate && (
                  <>
                    {' · '}
                    <span data-testid="final-due-date" data-final-due-date={bill.finalDueDate}>
                      {t('finalDueDate', { date: formatDate(bill.finalDueDate, locale) })}
                    </span>
                  </>
                )}
              </p>
              {bill.status === 'Unpaid' && bill.discountOffered && (
                <DiscountNote discount={bill.discountOffered} currency={bill.currency} />
              )}
              <p className="text-sm text-slate-700" data-testid="bill-bank">
                {t('bank', { bank: bill.bankName ?? bill.bankId })}
              </p>
              {bill.claimNumber && (
                <p className="text-sm text-slate-700" data-testid="claim-number">
                  {t('claimNumber', { number: bill.claimNumber })}
                </p>
              )}
              {bill.paidEventAt && (
                <p className="text-sm text-green-800" data-testid="paid-by-event">
                  {t('paidByEvent', { at: formatDateTime(bill.paidEventAt, locale, { seconds: true }) })}
                </p>
              )}
              {/* Paid by the PSU's own payment: the day the bank reported it paid; its page says from which account. */}
              {bill.status === 'Paid' && bill.payment && (
                <p className="text-sm" data-testid="paid-by-payment">
                  {bill.payment.paidDay && (
                    <span data-paid-day={bill.payment.paidDay}>
                      {t('paidOn', { date: formatDate(bill.payment.paidDay, locale) })}
                      {' · '}
                    </span>
                  )}
                  <PaymentLink id={bill.payment.id} />
                </p>
              )}
              {bill.status === 'Cancelled' && (
                <p className="text-sm text-slate-700" data-testid="cancelled-note">
                  {t('cancelledNote')}
                </p>
              )}
              {bill.status === 'Unpaid' && bill.partiallyPaid && (
                <PartlyPaidNote amount={bill.amount} left={bill.totalAmountDue} currency={bill.currency} />
              )}
              {/* Part of it paid by the PSU's own payments: each with the day the bank reported it paid. */}
              {bill.status === 'Unpaid' &&
                bill.partiallyPaid &&
                bill.partPayments.map((part) => (
                  <p key={part.id} className="text-sm" data-testid="part-payment">
                    {t('partPaidOn', { date: formatDate(part.paidDay, locale) })}
                    {' · '}
                    <PaymentLink id={part.id} />
                  </p>
                ))}
              {bill.status === 'Unpaid' && !bill.payable && (
                <p className="text-sm text-slate-700" data-testid="not-payable">
                  {bill.notPayableWhy === 'notWholeUnits' || bill.notPayableWhy === 'unreadable'
                    ? t(bill.notPayableWhy)
                    : t('notPayable')}
                </p>
              )}
              {bill.status === 'Unpaid' && bill.paying && (
                <p className="text-sm" data-testid="bill-being-paid">
                  {t('beingPaid')}
                  {bill.paying.paymentId && (
                    <>
                      {' · '}
                      <PaymentLink id={bill.paying.paymentId} />
                    </>
                  )}
                </p>
              )}
              {bill.status === 'Unpaid' && !bill.paying && bill.payment?.failed && (
                <p className="text-sm">
                  {t('lastPaymentFailed')}
                  {' · '}
                  <PaymentLink id={bill.payment.id} />
                </p>
              )}
            </div>
            <div className="flex items-center gap-3">
              <span className="text-lg font-semibold">
                <Amount
                  amount={
                    bill.totalAmountDue === '0' || bill.totalAmountDue === null
                      ? bill.amount
                      : bill.totalAmountDue
                  }
                  currency={bill.currency}
                />
              </span>
              <span
                data-testid="bill-status"
                className={`rounded px-2 py-1 text-sm font-medium ${STATUS_STYLE[bill.status]}`}
              >
                {bill.status === 'Unpaid' && bill.partiallyPaid
                  ? t('status.partiallyPaid')
                  : t(`status.${bill.status}`)}
              </span>
              {bill.payable && !bill.paying && (
                <Link
                  href={`/bills/${encodeURIComponent(bill.claimId)}/pay?bank=${encodeURIComponent(bill.bankId)}`}
                  aria-label={t('payLabel', { reference: name })}
                  className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
                >
                  {t('pay')}
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The PSU's payment of a bill: its page gives its status, its day and the account it was paid from. */
function PaymentLink({ id }: { id: string }) {
  const t = useTranslations('bills');
  return (
    <Link href={`/payments/${id}`} className="whitespace-nowrap text-brand-700 underline underline-offset-2">
      {t('viewPayment')}
    </Link>
  );
}
