import { getTranslations } from 'next-intl/server';
import type { Payment } from '@/lib/db/schema';
import { Link } from '@/lib/i18n/navigation';
import { templateFromPaymentAction } from '@/lib/payments/actions/bulk-templates';
import { payeeFromPaymentAction } from '@/lib/payments/actions/payees';
import { formPathOf } from '@/lib/payments/saved/pay-again';
import { payeeAccountOf } from '@/lib/payments/saved/payees';
import { offersPayAgain } from '@/lib/payments/view';
import { NamedSaveForm } from './named-save-form';

/** Under a past payment: pay it again, keep its recipient as a payee, and keep it as a template under a name. */
export async function PaymentSavedActions({ payment }: { payment: Payment }) {
  const t = await getTranslations('saved');
  const bulk = payment.service === 'bulk-payments';
  const payeeAccount = bulk ? undefined : payeeAccountOf(payment.body);
  // A standing order is not paid again now: its copy is a new standing order, set up at the bank.
  const again = payment.service === 'periodic-payments' ? t('copyStandingOrder') : t('payAgain');
  // A bill's payment is paid again from the bill's own page, which says so first where the bill is paid already.
  const againHref =
    payment.billClaimId && payment.billBankId
      ? {
          pathname: `/bills/${encodeURIComponent(payment.billClaimId)}/pay`,
          query: { bank: payment.billBankId },
        }
      : { pathname: formPathOf[payment.service], query: { from: payment.id } };
  return (
    <section aria-label={again} className="space-y-4 border-t border-slate-200 pt-4">
      {offersPayAgain(payment) && (
        <Link
          href={againHref}
          className="inline-flex rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {again}
        </Link>
      )}
      {bulk ? (
        <NamedSaveForm
          action={templateFromPaymentAction}
          paymentId={payment.id}
          nameLabel={t('templates.name')}
          defaultName=""
          submitLabel={t('templates.save')}
        />
      ) : (
        <>
          {payeeAccount && (
            <NamedSaveForm
              action={payeeFromPaymentAction}
              paymentId={payment.id}
              nameLabel={t('payees.nameOfPayee')}
              defaultName={payment.creditorName ?? ''}
              submitLabel={t('payees.saveFromPayment')}
            />
          )}
          <NamedSaveForm
            action={templateFromPaymentAction}
            paymentId={payment.id}
            nameLabel={t('templates.name')}
            defaultName={payment.label ?? ''}
            submitLabel={t('templates.save')}
          />
        </>
      )}
    </section>
  );
}
