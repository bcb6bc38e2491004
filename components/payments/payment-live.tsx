'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Live } from '@/components/live/live';
import { BankMessages } from '@/components/payments/bank-messages';
import { BankOutcomeMessage } from '@/components/payments/bank-outcome-message';
import { CancelPayment } from '@/components/payments/cancel-payment';
import { cancelTextsOf } from '@/components/payments/cancel-texts';
import { CostsStopNoteText } from '@/components/payments/costs-stop-note';
import { paymentLive } from '@/components/payments/payment-query';
import { PaymentStorySection } from '@/components/payments/payment-story';
import { ScaPanel } from '@/components/payments/sca-panel';
import { StatusBadge } from '@/components/payments/status-badge';
import { DateText } from '@/components/ui/date-text';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { PaymentView } from '@/lib/payments/view';

// What a payment shows only in some states and the PSU reads, not presses (a bulk's payments, the bank's costs),
// loads with the page of a payment that shows it, not with every payment's page. Not so a part the PSU may press
// as the page loads (cancel, an SCA step): React drops a press on a part whose code has not arrived yet.
const BulkResultsSection = dynamic(() =>
  import('@/components/payments/bulk-results').then((m) => m.BulkResultsSection),
);
const PaymentCostsSection = dynamic(() =>
  import('@/components/payments/payment-costs').then((m) => m.PaymentCostsSection),
);

/** A payment's status, kept current by polling, with its SCA steps and cancellation. */
export function PaymentLive({ initial }: { initial: PaymentView }) {
  const query = useMemo(() => paymentLive(initial.id), [initial.id]);
  return (
    // Keyed by the payment: React keeps a component's state while only its props change, and another payment's
    // page starts from that payment's view.
    <Live key={initial.id} initial={initial} query={query}>
      {(payment, refresh) => <PaymentLiveView payment={payment} refresh={refresh} />}
    </Live>
  );
}

/**
 * What the status means for this payment: an accepted payment for a later day waits for it (the bank's PDNG
 * or ACTC says only "pending"); a standing order is accepted, not on its way; and nothing where only the
 * account's holder can confirm, or where the PSU declined it at the bank (the notice above says either).
 */
export function StatusExplain({ payment }: { payment: PaymentView }) {
  const ts = useTranslations('status');
  const t = useTranslations('payment');
  const locale = usePageLocale();
  const status = payment.displayStatus;
  if (payment.outcome === 'awaitingHolder' || payment.outcome === 'declined') return null;
  if (payment.paysOn) return t('paysOn', { date: formatDate(payment.paysOn, locale, { weekday: true }) });
  if (payment.service === 'periodic-payments' && ts.has(`${status}.standingExplain`))
    return ts(`${status}.standingExplain`);
  return ts.has(`${status}.explain`) ? ts(`${status}.explain`) : null;
}

function PaymentLiveView({ payment, refresh }: { payment: PaymentView; refresh: () => void }) {
  const t = useTranslations('payment');
  const tAll = useTranslations();
  const tsca = useTranslations('scaStatus');
  const tstory = useTranslations('story.receipt');
  return (
    <div className="space-y-6">
      {payment.receiptKind && (
        <Link
          href={`/payments/${payment.id}/receipt`}
          data-testid="receipt-link"
          className="inline-block rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        >
          {tstory(
            payment.receiptKind === 'paid' || payment.receiptKind === 'partial' ? 'link' : 'statementLink',
          )}
        </Link>
      )}
      <BankOutcomeMessage outcome={payment.outcome} />
      {/* Refused at its initiation: why, in the bank's words, as the form said it. */}
      {payment.phase === 'refused' && payment.failureCode && tAll.has(`bank.code.${payment.failureCode}`) && (
        <p data-testid="refusal-reason" className="rounded border border-red-200 bg-red-50 p-3 text-red-900">
          {t('refusedBecause', { reason: tAll(`bank.code.${payment.failureCode}`) })}
        </p>
      )}
      <BankMessages psuMessage={payment.psuMessage} notes={payment.bankNotes} />
      <section className="rounded border border-slate-200 bg-white p-4">
        <PaymentStorySection payment={payment} />
        <div className="mt-4 flex flex-wrap items-center gap-3" aria-live="polite">
          <StatusBadge
            status={payment.displayStatus}
            awaitingHolder={payment.outcome === 'awaitingHolder'}
            standing={payment.service === 'periodic-payments'}
          />
          {/* RCVD's "waiting for you to confirm it" is not so where only the account's holder can: the notice above says it. */}
          <span className="text-sm text-slate-700">
            <StatusExplain payment={payment} />
          </span>
        </div>
        <CostsStopNoteText note={payment.costsStopNote} />
        {payment.cancellable && (
          <CancelPayment
            paymentId={payment.id}
            texts={cancelTextsOf(tAll, payment.service === 'periodic-payments')}
            onAnswered={refresh}
          />
        )}
        {payment.scaRedirect && (
          <a
            href={payment.scaRedirect}
            className="mt-4 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
          >
            {t('continueToBank')}
          </a>
        )}
      </section>
      <ScaPanel paymentId={payment.id} step={payment.scaStep} onAnswered={refresh} />
      {(payment.bulkResults || (payment.story.bulk?.length ?? 0) > 0) && (
        <BulkResultsSection results={payment.bulkResults} lines={payment.story.bulk} />
      )}
      {payment.costs && (
        <PaymentCostsSection costs={payment.costs} total={payment.costsTotal} amounts={payment.amounts} />
      )}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-3 text-lg font-semibold">
          {t('history')}
        </h2>
        {payment.events.length === 0 ? (
          <p className="text-slate-600">
            {t(payment.phase === 'refused' ? 'noHistoryRefused' : 'noHistory')}
          </p>
        ) : (
          <ol className="relative border-l-2 border-slate-300 pl-6" data-testid="status-history">
            {payment.events.map((event) => (
              <li
                key={event.id}
                className="mb-4"
                data-status={event.transactionStatus ?? event.scaStatus ?? ''}
              >
                <span
                  className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-700"
                  aria-hidden="true"
                />
                <div className="flex flex-wrap items-center gap-2">
                  {event.transactionStatus && (
                    <StatusBadge
                      status={event.transactionStatus}
                      standing={payment.service === 'periodic-payments'}
                    />
                  )}
                  {event.scaStatus && (
                    <span
                      className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs"
                      data-sca-status={event.scaStatus}
                    >
                      {tsca.has(event.scaStatus) ? tsca(event.scaStatus) : event.scaStatus}
                    </span>
                  )}
                  <DateText value={event.at} time seconds className="text-sm text-slate-700" />
                  <span className="text-sm text-slate-600">
                    {t.has(`source.${event.source}`) ? t(`source.${event.source}`) : event.source}
                  </span>
                </div>
              </li>
            ))}
          </ol>
        )}
        {payment.refreshEveryMs !== false && (
          <p className="mt-2 text-sm text-slate-600">
            {t(payment.statusClass === 'debited' ? 'liveAfterDebit' : 'live')}
          </p>
        )}
        {payment.statusClass === 'standing' && (
          <p className="mt-2 text-sm text-slate-600">{t('standingChecks')}</p>
        )}
      </section>
    </div>
  );
}
