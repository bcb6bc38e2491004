import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CostsDecisionButtons } from '@/components/payments/costs-decision';
import { CostsIntro } from '@/components/payments/costs-intro';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { redirect } from '@/lib/i18n/redirect';
import { costsStepOf } from '@/lib/payments/costs-step';
import { findOwnPayment } from '@/lib/payments/history';
import { toPaymentView } from '@/lib/payments/view';
import { pathParamOrNotFound } from '@/lib/security/path-params';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'payment.costsStep' }))('title') };
}

/**
 * Between the bank's answer and its SCA: the costs the bank gave (spec 2.5), with the choice to go on
 * to the bank or to stop. Shown only while that choice is open; otherwise the payment's own page.
 */
export default async function PaymentCostsPage({
  params,
}: {
  params: Promise<{ locale: string; id: string }>;
}) {
  const { locale, id: segment } = await params;
  setRequestLocale(pathParamOrNotFound('locale', locale));
  const id = pathParamOrNotFound('paymentId', segment);
  const psuId = await requirePsuId(`/payments/${id}/costs`);
  const payment = await findOwnPayment(await getDb(), psuId, id);
  if (!payment) notFound();
  if (costsStepOf(payment) !== 'pending') redirect({ href: `/payments/${payment.id}`, locale });
  const [t, tBank] = await Promise.all([getTranslations('payment.costsStep'), getTranslations('bank')]);
  const view = toPaymentView(payment, []);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <CostsIntro payment={payment} view={view} />
      <PaymentCostsSection costs={view.costs} total={view.costsTotal} amounts={view.amounts} />
      <CostsDecisionButtons
        paymentId={payment.id}
        texts={{
          continue: t('continue'),
          continuing: t('continuing'),
          stop: t('stop'),
          stopping: t('stopping'),
          stopExplain: t('stopExplain'),
          unexpected: tBank('unexpected'),
        }}
      />
    </div>
  );
}
