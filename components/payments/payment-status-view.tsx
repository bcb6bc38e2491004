import { useTranslations } from 'next-intl';
import { BankMessages } from '@/components/payments/bank-messages';
import { BankOutcomeMessage } from '@/components/payments/bank-outcome-message';
import { BulkResultsSection } from '@/components/payments/bulk-results';
import { CancelPayment } from '@/components/payments/cancel-payment';
import { cancelGroupOf, cancelTextsOf } from '@/components/payments/cancel-texts';
import { CostsStopNoteText } from '@/components/payments/costs-stop-note';
import { OtpChallenge } from '@/components/payments/otp-challenge';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import { PaymentLive } from '@/components/payments/payment-live';
import { PaymentStorySection } from '@/components/payments/payment-story';
import { ScaCannotTake } from '@/components/payments/sca-cannot-take';
import { ScaPanelOnDemand } from '@/components/payments/sca-panel-on-demand';
import { scaTextsOf } from '@/components/payments/sca-texts';
import { StatusBadge } from '@/components/payments/status-badge';
import { DateText } from '@/components/ui/date-text';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { cancelPaymentAction } from '@/lib/payments/actions/cancel-payment';
import { waitsForPsu } from '@/lib/payments/outcome';
import type { PaymentView } from '@/lib/payments/view';

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
  // Where the notice above already says it: who is to confirm the payment, that it was declined, or (RCVD) whom
  // the bank waits for, the PSU or, the SCA done, itself.
  if (
    payment.outcome === 'awaitingHolder' ||
    payment.outcome === 'declined' ||
    payment.outcome === 'rejected' ||
    payment.outcome === 'cancelled'
  )
    return null;
  if (status === 'RCVD' && (waitsForPsu(payment.outcome) || payment.outcome === 'awaitingBank')) return null;
  if (payment.paysOn) return t('paysOn', { date: formatDate(payment.paysOn, locale, { weekday: true }) });
  if (payment.service === 'periodic-payments' && ts.has(`${status}.standingExplain`))
    return ts(`${status}.standingExplain`);
  // A bulk's payments reach several recipients' accounts, not one.
  if (payment.service === 'bulk-payments' && ts.has(`${status}.bulkExplain`))
    return ts(`${status}.bulkExplain`);
  return ts.has(`${status}.explain`) ? ts(`${status}.explain`) : null;
}

/**
 * A payment's page below its heading, drawn by the server: the bank's outcome and words, its story and status,
 * cancellation and its SCA steps where the PSU may take them, a bulk's payments, the bank's costs and the status
 * history; `PaymentLive` has it drawn again as the payment moves.
 */
export function PaymentStatusView({ payment }: { payment: PaymentView }) {
  const t = useTranslations('payment');
  const tAll = useTranslations();
  const tsca = useTranslations('scaStatus');
  const tstory = useTranslations('story.receipt');
  // A step of a cancellation's confirmation in its own words where it has them ("You confirmed the cancellation").
  const scaWords = (status: string, ofCancellation: boolean) =>
    ofCancellation && t.has(`cancellationSca.${status}`)
      ? t(`cancellationSca.${status}`)
      : tsca.has(status)
        ? tsca(status)
        : status;
  // An SCA step the PSU takes on this page; the bank's own page is a link above.
  const sca = payment.scaStep;
  const scaOnPage = sca.kind === 'none' || sca.kind === 'redirect' || sca.kind === 'cannot-take' ? null : sca;
  return (
    <div className="space-y-6">
      <PaymentLive shown={payment} />
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
      <BankOutcomeMessage outcome={payment.outcome} service={payment.service} />
      {/* Refused at its initiation: why, in the bank's words, as the form said it. */}
      {payment.refusalReason && (
        <p data-testid="refusal-reason" className="rounded border border-red-200 bg-red-50 p-3 text-red-900">
          {t('refusedBecause', { reason: tAll(payment.refusalReason) })}
        </p>
      )}
      <BankMessages
        psuMessage={payment.psuMessage}
        notes={payment.bankNotes}
        fundsShort={payment.fundsShort}
      />
      <section className="rounded border border-slate-200 bg-white p-4">
        <PaymentStorySection payment={payment} />
        <div className="mt-4 flex flex-wrap items-center gap-3" aria-live="polite">
          <StatusBadge
            status={payment.displayStatus}
            outcome={payment.outcome}
            standing={payment.service === 'periodic-payments'}
          />
          {/* What the status means, unless the notice above has said it (StatusExplain). */}
          <span className="text-sm text-slate-700">
            <StatusExplain payment={payment} />
          </span>
        </div>
        <CostsStopNoteText note={payment.costsStopNote} />
        {payment.cancellable && (
          <CancelPayment
            action={cancelPaymentAction}
            paymentId={payment.id}
            texts={cancelTextsOf(tAll, payment.service)}
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
      {sca.kind === 'cannot-take' && <ScaCannotTake cancellable={payment.cancellable} links={sca.links} />}
      {scaOnPage && (
        <ScaPanelOnDemand
          paymentId={payment.id}
          step={scaOnPage}
          texts={scaTextsOf(tAll)}
          otpChallenge={
            scaOnPage.kind === 'otp' && (
              <OtpChallenge challenge={scaOnPage.challenge} method={scaOnPage.method} />
            )
          }
        />
      )}
      {(payment.bulkResults || (payment.story.bulk?.length ?? 0) > 0) && (
        <BulkResultsSection
          results={payment.bulkResults}
          lines={payment.story.bulk}
          payAgainRejectedOnly={payment.payAgainRejectedOnly}
        />
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
                {event.newAuthorisation && (
                  <p className="text-sm font-medium">{t(`newAuthorisation.${event.newAuthorisation}`)}</p>
                )}
                <div className="flex flex-wrap items-center gap-2">
                  {event.transactionStatus && (
                    <StatusBadge
                      status={event.transactionStatus}
                      standing={payment.service === 'periodic-payments'}
                    />
                  )}
                  {event.cancellation === 'asked' && (
                    <span className="font-medium" data-cancellation="asked">
                      {tAll(
                        event.forChange
                          ? 'payment.standingCancel.changeAsked'
                          : `${cancelGroupOf(payment.service)}.cancelAsked`,
                      )}
                    </span>
                  )}
                  {event.scaStatus && (
                    <span
                      className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs"
                      data-sca-status={event.scaStatus}
                      data-cancellation={event.cancellation ?? undefined}
                    >
                      {scaWords(event.scaStatus, event.cancellation !== null)}
                    </span>
                  )}
                  <DateText value={event.at} time seconds className="text-sm text-slate-700" />
                  {/* The request itself was the PSU's, on this page: "on cancellation" would say it twice. */}
                  {event.cancellation !== 'asked' && (
                    <span className="text-sm text-slate-600">
                      {t.has(`source.${event.source}`) ? t(`source.${event.source}`) : event.source}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        {payment.refreshEveryMs !== false && (
          <p className="mt-2 text-sm text-slate-600">
            {t(
              payment.statusClass !== 'debited'
                ? 'live'
                : payment.service === 'bulk-payments'
                  ? 'liveAfterDebitBulk'
                  : 'liveAfterDebit',
            )}
          </p>
        )}
        {payment.statusClass === 'standing' && (
          <p className="mt-2 text-sm text-slate-600">{t('standingChecks')}</p>
        )}
      </section>
    </div>
  );
}
