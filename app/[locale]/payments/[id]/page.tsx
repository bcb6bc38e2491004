import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ChangeNotice, NewOrderNote } from '@/components/netbank/standing-order-change';
import { PaymentStatusView } from '@/components/payments/payment-status-view';
import { StandingOrderScheduleSection } from '@/components/payments/standing-order-schedule';
import { PaymentSavedActions } from '@/components/saved/payment-saved-actions';
import { requirePsuId } from '@/lib/auth/session';
import { bankName } from '@/lib/bank/directory';
import { getDb } from '@/lib/db';
import { changesMaking } from '@/lib/db/queries/standing-order-changes';
import { Link } from '@/lib/i18n/navigation';
import { redirect } from '@/lib/i18n/redirect';
import { localeOrDefault } from '@/lib/i18n/routing';
import { costsPage, costsStepOf } from '@/lib/payments/costs-step';
import { findOwnPayment, paymentTimeline } from '@/lib/payments/history';
import { mayConfirmNextStep } from '@/lib/payments/sca';
import { carriedChangeOf } from '@/lib/payments/standing-order-change';
import { toPaymentView } from '@/lib/payments/view';
import { pathParamOrNotFound } from '@/lib/security/path-params';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'payment' }))('title') };
}

export default async function PaymentPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale, id: segment } = await params;
  setRequestLocale(pathParamOrNotFound('locale', locale));
  const id = pathParamOrNotFound('paymentId', segment);
  const psuId = await requirePsuId(`/payments/${id}`);
  const db = await getDb();
  const payment = await findOwnPayment(db, psuId, id);
  if (!payment) notFound();
  // Costs the bank gave are shown, and decided on, before the PSU is taken to its SCA.
  if (costsStepOf(payment) === 'pending') redirect({ href: costsPage(payment.id), locale });
  const [events, mayConfirmStraightThrough, madeByChange, changed, t, tbanks, tservice] = await Promise.all([
    paymentTimeline(db, payment.id),
    mayConfirmNextStep(db, payment),
    changesMaking(db, psuId, [payment.id]),
    // A standing order the PSU changed: the order that took its place.
    payment.service === 'periodic-payments' ? carriedChangeOf(db, psuId, payment.id) : undefined,
    getTranslations('payment'),
    getTranslations('banks'),
    getTranslations('payments.service'),
  ]);
  const view = toPaymentView(payment, events, { mayConfirmStraightThrough });
  const paymentBankName = bankName(payment.bankId);
  return (
    <div className="space-y-6">
      <Link href="/payments" className="text-sm text-brand-700 underline underline-offset-2">
        ← {t('backToList')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* A standing order or a bulk by its kind's name: "Payment" alone reads as one payment. */}
        <h1 className="text-2xl font-semibold">
          {payment.service === 'payments' ? t('title') : tservice(payment.service)}
        </h1>
      </div>
      {/* The name the PSU gave it ("Húsaleiga"), by which the lists know it. */}
      {payment.label && (
        <p data-testid="payment-label" className="text-lg font-medium">
          {payment.label}
        </p>
      )}
      {/* The bank the payment was sent to, by the directory's name for it (lib/bank/directory.ts). */}
      <p data-testid="payment-bank" className="text-slate-700">
        {paymentBankName
          ? `${tbanks('bank')}: ${paymentBankName}`
          : tbanks('formerBank', { id: payment.bankId })}
      </p>
      {/* What the PSU quotes when they ask their bank about the payment. */}
      {payment.bankPaymentId && (
        <p data-testid="bank-payment-id" className="text-sm text-slate-700">
          {tbanks('paymentIdAtBank')}: <span className="break-all font-mono">{payment.bankPaymentId}</span>
        </p>
      )}
      {/* The new order of a change: to be confirmed at the bank, or not confirmed there and nothing in its place. */}
      {madeByChange.length > 0 && <NewOrderNote paymentId={payment.id} outcome={view.outcome} />}
      {changed?.change?.state === 'sent' && (
        <ChangeNotice change={changed.change} newOrderOutcome={changed.newOrderOutcome} />
      )}
      <PaymentStatusView payment={view} />
      {payment.service === 'periodic-payments' && (
        <StandingOrderScheduleSection payment={payment} view={view} locale={localeOrDefault(locale)} />
      )}
      <PaymentSavedActions payment={payment} />
    </div>
  );
}
