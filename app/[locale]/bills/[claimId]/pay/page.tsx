import { randomUUID } from 'node:crypto';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages, PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { SinglePaymentForm } from '@/components/payments/single-payment-form';
import { requirePsuId } from '@/lib/auth/session';
import { getClaim, payable } from '@/lib/bank/claims';
import { payorIdOf } from '@/lib/bills/view';
import { getDb } from '@/lib/db';
import { lastDebtorIban, saveClaim } from '@/lib/db/queries/bills';
import { formatAmount } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'bills' }))('payTitle') };
}

export const dynamic = 'force-dynamic';

function claimIdFrom(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Pays a bill with a single payment filled in from the claim as the bank has it now (not from the
 * address bar): the claim's deposit account, its claimant, the amount due in the claim's currency,
 * and the claimId as the remittance text, which is how the bank matches the payment to the claim.
 */
export default async function PayBillPage({
  params,
}: {
  params: Promise<{ locale: string; claimId: string }>;
}) {
  const { locale, claimId: segment } = await params;
  setRequestLocale(locale);
  const claimId = claimIdFrom(segment);
  const psuId = await requirePsuId(`/bills/${encodeURIComponent(claimId)}/pay`);
  const db = await getDb();
  const payorId = await payorIdOf(psuId, db);
  const claim = payorId ? await getClaim(claimId) : undefined;
  // Another payor's claim is answered exactly like a missing one.
  if (!claim || claim.payorId !== payorId) notFound();
  await saveClaim(db, claim);
  const t = await getTranslations('bills');
  const back = (
    <Link href="/bills" className="text-sm text-brand-700 underline underline-offset-2">
      ← {t('back')}
    </Link>
  );
  // Only an open claim whose deposit account the bank named is paid here: a paid or cancelled one has
  // nothing to pay, whatever the address bar says.
  if (!payable(claim)) {
    const why =
      claim.claimStatus === 'Paid'
        ? t('alreadyPaid')
        : claim.claimStatus === 'Cancelled'
          ? t('alreadyCancelled')
          : t('notPayable');
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-semibold">{t('payTitle')}</h1>
        <p role="status">{why}</p>
      </div>
    );
  }
  return (
    <div className="max-w-xl space-y-6">
      {back}
      <h1 className="text-2xl font-semibold">{t('payTitle')}</h1>
      <p className="text-slate-700">
        {t('payIntro', {
          claimant: claim.claimantName,
          amount: formatAmount(claim.totalAmountDue, claim.currency, locale === 'is' ? 'is' : 'en'),
        })}
      </p>
      {claim.isPartialPaymentAllowed && <p className="text-sm text-slate-700">{t('partialAllowed')}</p>}
      <ClientMessages namespaces={PAYMENT_FORM_MESSAGES}>
        <SinglePaymentForm
          submissionId={randomUUID()}
          prefill={{
            debtorIban: await lastDebtorIban(db, psuId),
            creditorIban: claim.depositAccount.iban,
            creditorName: claim.claimantName,
            amount: claim.totalAmountDue,
            currency: claim.currency,
            remittance: claim.claimId,
          }}
        />
      </ClientMessages>
    </div>
  );
}
