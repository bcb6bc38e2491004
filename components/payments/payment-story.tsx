import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { AccountNumber } from '@/components/payments/account-number';
import { Amounts } from '@/components/payments/amount';
import { CodeDetail } from '@/components/payments/code-detail';
import { DateText } from '@/components/ui/date-text';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { claimNumberOf } from '@/lib/bills/bill-view';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import { addressInWords } from '@/lib/payments/address-words';
import type { ClosedDay } from '@/lib/payments/calendar';
import { purposeNameKey } from '@/lib/payments/purpose-words';
import type { StatusClass } from '@/lib/payments/status';
import type { StoryParty } from '@/lib/payments/story';
import type { PaymentView } from '@/lib/payments/view';

function Party({ label, party, testId }: { label: string; party: StoryParty; testId: string }) {
  const t = useTranslations('story');
  const locale = usePageLocale();
  return (
    <div data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="space-y-0.5">
        {party.name && (
          <span className="block font-medium" data-party="name">
            {party.name}
          </span>
        )}
        {party.account ? <AccountNumber account={party.account} /> : '—'}
        {party.address && (
          <span className="block text-sm text-slate-700" data-party="address">
            {addressInWords(party.address, locale)}
          </span>
        )}
        {party.bank && (
          <span className="block text-sm text-slate-700" data-party="bank">
            {t('bank')}: {party.bank}
          </span>
        )}
      </dd>
    </div>
  );
}

/** One more thing the bank holds of the payment (spec 2.6), or the PSU sent: its name and what it is. */
function Detail({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * The message, as sent; a bill's claim id (which its payment carries so that the bank matches it to the
 * claim) as the claim number people read, the id itself in small print.
 */
export function PaymentMessage({
  message,
  partPayment = false,
  billId = true,
}: {
  message: string | null;
  /** A part payment of the bill ("Innborgun á kröfu nr."). */
  partPayment?: boolean;
  /** The bill's claim id beside its number; a list names the bill by its number alone. */
  billId?: boolean;
}) {
  const t = useTranslations('story');
  if (!message) return <span className="text-slate-600">{t('noMessage')}</span>;
  const claim = claimNumberOf(message);
  if (!claim) return message;
  return (
    <>
      {t(partPayment ? 'claimPartMessage' : 'claimMessage', { number: claim })}
      {billId && (
        <>
          {' '}
          <CodeDetail code={message} of="bill" />
        </>
      )}
    </>
  );
}

/**
 * Why a day is not a banking day (`closed`, as lib/payments/story.ts found on the server), in words: its
 * holiday's name, or the weekend day it is. The sentence starts with the date alone ("5. des. 2026 er
 * laugardagur."), never with a weekday's abbreviation.
 */
export function dayReason(
  date: string,
  closed: ClosedDay | null,
  locale: Locale,
  t: ReturnType<typeof useTranslations<'story'>>,
) {
  if (!closed) return null;
  const shown = formatDate(date, locale);
  if (closed.kind === 'weekend') return t('reasonWeekend', { date: shown, day: closed.day });
  // Icelandic writes a holiday's name in lower case within a sentence ("aðfangadagur").
  const { name } = closed.holiday;
  return t('reasonHoliday', {
    date: shown,
    holiday: locale === 'is' ? name.is.toLocaleLowerCase('is') : name.en,
  });
}

/**
 * Whether the bank's day of payment is past (paid), ahead, or no longer (a payment rejected or cancelled
 * before it was paid).
 */
function dateTense(statusClass: StatusClass | null): 'paid' | 'ahead' | 'stopped' {
  if (statusClass === 'rejected' || statusClass === 'cancelled') return 'stopped';
  return statusClass && ['debited', 'completed', 'not-posted', 'partial'].includes(statusClass)
    ? 'paid'
    : 'ahead';
}

/**
 * Who pays whom, how much, with what message and on which day: what the PSU asked for beside what
 * the bank says it does (spec 2.6), and in words what the bank changed.
 */
export function PaymentStorySection({ payment }: { payment: PaymentView }) {
  const t = useTranslations('story');
  const tp = useTranslations('payment');
  const locale = usePageLocale();
  const { story } = payment;
  const day = (date: string) => formatDate(date, locale, { weekday: true });
  const tense = dateTense(payment.statusClass);
  const reason = story.requestedDate
    ? dayReason(story.requestedDate, story.requestedDayClosed, locale, t)
    : null;
  return (
    <div className="space-y-4" data-testid="payment-story">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">{tp('amount')}</dt>
          <dd className="text-xl font-semibold">
            <Amounts amounts={payment.amounts} />
          </dd>
        </div>
        {/* A standing order's dates are its schedule, shown beside it (standing-order-schedule.tsx). */}
        {payment.service !== 'periodic-payments' && (
          <div data-testid="payment-dates">
            <dt className="text-sm text-slate-600">{t('requestedDate')}</dt>
            <dd data-requested-date={story.requestedDate ?? ''}>
              {story.requestedDate ? day(story.requestedDate) : t('asSoonAsPossible')}
            </dd>
            {story.bankDate && (
              <>
                <dt className="mt-2 text-sm text-slate-600">{t(`bankDate.${tense}`)}</dt>
                <dd data-bank-date={story.bankDate}>{day(story.bankDate)}</dd>
              </>
            )}
            {/* Made as soon as possible and paid: the day the bank reported it paid, as its receipt gives. */}
            {!story.bankDate && !story.requestedDate && story.paidDate && tense === 'paid' && (
              <>
                <dt className="mt-2 text-sm text-slate-600">{t('bankDate.paid')}</dt>
                <dd data-paid-date={story.paidDate}>{day(story.paidDate)}</dd>
              </>
            )}
          </div>
        )}
        <Party label={t('from')} party={story.from} testId="payment-from" />
        {story.to && <Party label={t('to')} party={story.to} testId="payment-to" />}
        <div>
          <dt className="text-sm text-slate-600">{t('message')}</dt>
          <dd data-testid="payment-message" className="break-words">
            {/* A bulk's messages are its payments' own, listed with each of them below. */}
            {!story.message && story.bulk?.some((line) => line.message) ? (
              t('messagePerPayment')
            ) : (
              <PaymentMessage message={story.message} partPayment={story.partPayment} />
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{tp('created')}</dt>
          <dd>
            <DateText value={payment.createdAt} time />
          </dd>
        </div>
        {story.ownReference && <Detail label={t('ownReference')}>{story.ownReference}</Detail>}
        {story.onBehalfOf && (
          <Detail label={t('onBehalfOf')} testId="payment-on-behalf-of">
            {story.onBehalfOf}
          </Detail>
        )}
        {story.finalRecipient && (
          <Detail label={t('finalRecipient')} testId="payment-final-recipient">
            {story.finalRecipient}
          </Detail>
        )}
        {story.creditorAgent && (
          <Detail label={t('creditorAgent')} testId="payment-creditor-agent">
            {story.creditorAgent}
          </Detail>
        )}
        {story.purposeCode && (
          <Detail label={t('purposeCode')} testId="payment-purpose-code">
            <PurposeCode code={story.purposeCode} />
          </Detail>
        )}
        {story.chargeBearer && (
          <Detail label={t('chargeBearer.label')} testId="payment-charge-bearer">
            {t(`chargeBearer.${story.chargeBearer}`)}
          </Detail>
        )}
        {story.chargesAccount && (
          <Detail label={t('chargesAccount')} testId="payment-charges-account">
            <AccountNumber account={story.chargesAccount} />
          </Detail>
        )}
        {story.bulkId && <Detail label={t('bulkId')}>{story.bulkId}</Detail>}
      </dl>
      {story.change === 'date' && story.requestedDate && story.bankDate && (
        <p
          className="rounded border border-amber-300 bg-amber-50 p-3"
          data-testid="bank-change"
          data-change="date"
        >
          {t('dateMoved', {
            requested: day(story.requestedDate),
            moved: day(story.bankDate),
            tense,
          })}
          {reason && ` ${reason}`}
        </p>
      )}
      {story.change === 'unstated' && (
        <p
          className="rounded border border-amber-300 bg-amber-50 p-3"
          data-testid="bank-change"
          data-change="unstated"
        >
          {t('changeUnstated')}
        </p>
      )}
    </div>
  );
}

/** A purpose code by its name, the code in small print beside it; a code without a name by itself. */
function PurposeCode({ code }: { code: string }) {
  const t = useTranslations('story');
  const name = purposeNameKey(code);
  if (!name) return code;
  return (
    <>
      {t(name)} <CodeDetail code={code} />
    </>
  );
}
