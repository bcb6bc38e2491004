import { randomUUID } from 'node:crypto';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DiscountNote } from '@/components/bills/discount-note';
import { PartlyPaidNote } from '@/components/bills/partly-paid-note';
import { ClientMessages, PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { BankDirectoryProvider } from '@/components/payments/forms/debtor-bank';
import { SavedChoicesProvider } from '@/components/payments/forms/saved-choices';
import { SinglePaymentForm } from '@/components/payments/single-payment-form';
import { requirePsuId } from '@/lib/auth/session';
import { notPayableWhy, payable } from '@/lib/bank/claims';
import { bankById, publicDirectory } from '@/lib/bank/directory';
import { billToPay } from '@/lib/bills/bill-to-pay';
import { paymentInFlightOf } from '@/lib/bills/payment-of-bill';
import { payorIdOf } from '@/lib/bills/view';
import { getDb } from '@/lib/db';
import { lastDebtorIban } from '@/lib/db/queries/bills';
import { formatAmount, formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import { countryChoices } from '@/lib/payments/countries';
import { myAccountChoices } from '@/lib/payments/saved/choices';
import { decodedSegment, pathParamOrNotFound } from '@/lib/security/path-params';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'bills' }))('payTitle') };
}

export const dynamic = 'force-dynamic';

/** The bank a bill is read from: a directory bank that offers claims, or none (a directory of one's by default). */
function claimsBank(requested: string | string[] | undefined) {
  const bank = bankById(typeof requested === 'string' ? requested : 'default');
  return bank?.offer.claims ? bank : undefined;
}

/**
 * Pays a bill with a single payment filled in from the claim as its bank has it now (not from the
 * address bar): the claim's deposit account, its claimant, the amount due in the claim's currency,
 * and the claimId as the remittance text, which is how the bank matches the payment to the claim.
 * The address names the bank (`?bank=`) whose claims interface is asked, with that bank's business token;
 * what it answers, not the address, decides whether the PSU may pay.
 */
export default async function PayBillPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string; claimId: string }>;
  searchParams: Promise<{ bank?: string | string[] }>;
}) {
  const [{ locale, claimId: segment }, { bank: requested }] = await Promise.all([params, searchParams]);
  setRequestLocale(pathParamOrNotFound('locale', locale));
  // A claim id carries a `+`, which an address may hold as %2B.
  const claimId = pathParamOrNotFound('claimId', decodedSegment(segment));
  const bank = claimsBank(requested);
  const psuId = await requirePsuId(
    `/bills/${encodeURIComponent(claimId)}/pay${bank ? `?bank=${encodeURIComponent(bank.id)}` : ''}`,
  );
  const db = await getDb();
  const payorId = await payorIdOf(psuId, db);
  const claim = payorId && bank ? await billToPay(db, bank, claimId, payorId) : undefined;
  // Another payor's claim, or a bank not listed, is answered exactly like a missing one.
  if (!bank || !claim) notFound();
  const t = await getTranslations('bills');
  const back = (
    <Link href="/bills" className="text-sm text-brand-700 underline underline-offset-2">
      ← {t('back')}
    </Link>
  );
  // The bank's answer about the bill cannot be read now: nothing is offered, and nothing was paid.
  if (claim === 'unreadable') {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-semibold">{t('payTitle')}</h1>
        <p role="status" data-testid="bill-unreadable">
          {t('payUnreadable')}
        </p>
      </div>
    );
  }
  // Part of it paid and what is left not said by the bank: never offered as the whole amount, but as a part payment
  // of less, where the claim may be paid in parts (lib/bills/payment-of-bill.ts refuses any other).
  const leftUnknown = claim.totalAmountDue === null;
  // Only an open claim whose deposit account the bank named is paid here: a paid or cancelled one has
  // nothing to pay, whatever the address bar says; nor one whose rest is not known and that may not be paid in parts.
  if (!payable(claim) || (leftUnknown && !claim.isPartialPaymentAllowed)) {
    const why =
      claim.claimStatus === 'Paid'
        ? t('alreadyPaid')
        : claim.claimStatus === 'Cancelled'
          ? t('alreadyCancelled')
          : notPayableWhy(claim) === 'notWholeUnits'
            ? t('notWholeUnits')
            : payable(claim)
              ? t('leftUnknownNotPayable')
              : t('notPayable');
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-semibold">{t('payTitle')}</h1>
        <p role="status">{why}</p>
      </div>
    );
  }
  // A payment of the bill that can still succeed: the bill is not paid twice (the payment's action refuses
  // it too); the PSU is shown their payment.
  const inFlight = await paymentInFlightOf(db, {
    bankId: bank.id,
    claimId: claim.claimId,
    totalAmountDue: claim.totalAmountDue,
  });
  if (inFlight) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-semibold">{t('payTitle')}</h1>
        <p role="status" data-testid="bill-being-paid">
          {t('payBeingPaid')}
        </p>
        {inFlight.psuId === psuId && (
          <Link
            href={`/payments/${inFlight.id}`}
            className="whitespace-nowrap text-brand-700 underline underline-offset-2"
          >
            {t('viewPayment')}
          </Link>
        )}
      </div>
    );
  }
  const [accounts, lastDebtor] = await Promise.all([
    myAccountChoices(db, psuId),
    lastDebtorIban(db, psuId, bank.id, claim.payorId),
  ]);
  return (
    <div className="max-w-xl space-y-6">
      {back}
      <h1 className="text-2xl font-semibold">{t('payTitle')}</h1>
      <p className="text-slate-700" data-testid="pay-intro">
        {claim.totalAmountDue === null
          ? t('payIntroLeftUnknown', {
              claimant: claim.claimantName,
              amount: formatAmount(claim.amount, claim.currency, localeOrDefault(locale)),
            })
          : t('payIntro', {
              claimant: claim.claimantName,
              amount: formatAmount(claim.totalAmountDue, claim.currency, localeOrDefault(locale)),
            })}
      </p>
      {/* Which bill this is and by when to pay it, as the bills page gives them. */}
      <p className="text-sm text-slate-700" data-testid="bill-dates">
        {claim.reference && (
          <>
            {t('reference')}: {claim.reference}
            {' · '}
          </>
        )}
        {t('dueDate', { date: formatDate(claim.dueDate, localeOrDefault(locale)) })}
        {claim.finalDueDate && (
          <>
            {' · '}
            {t('finalDueDate', { date: formatDate(claim.finalDueDate, localeOrDefault(locale)) })}
          </>
        )}
      </p>
      {claim.discountOffered && <DiscountNote discount={claim.discountOffered} currency={claim.currency} />}
      {claim.isPartiallyPaid && (
        <PartlyPaidNote amount={claim.amount} left={claim.totalAmountDue} currency={claim.currency} />
      )}
      {claim.isPartialPaymentAllowed && !leftUnknown && (
        <p className="text-sm text-slate-700">{t('partialAllowed')}</p>
      )}
      <ClientMessages namespaces={PAYMENT_FORM_MESSAGES}>
        <BankDirectoryProvider banks={publicDirectory()}>
          {/* The PSU's own accounts to pay from; no payees: a bill is paid to its claimant's account. */}
          <SavedChoicesProvider value={{ accounts, payees: [] }}>
            <SinglePaymentForm
              submissionId={randomUUID()}
              countries={countryChoices(localeOrDefault(locale))}
              prefill={{
                debtorIban: lastDebtor,
                creditorIban: claim.depositAccount.iban,
                creditorName: claim.claimantName,
                amount: claim.totalAmountDue ?? '',
                currency: claim.currency,
                remittance: claim.claimId,
                partialPayment: leftUnknown,
              }}
            />
          </SavedChoicesProvider>
        </BankDirectoryProvider>
      </ClientMessages>
    </div>
  );
}
