import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Bills } from '@/components/bills/bills';
import { requirePsuId } from '@/lib/auth/session';
import { bankArguments, listOfNames } from '@/lib/bank/bank-name';
import { bankById, namesOf } from '@/lib/bank/directory';
import { refreshBillsFromBank } from '@/lib/bills/refresh';
import { billViews, payorIdOf } from '@/lib/bills/view';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import { inWorkContext } from '@/lib/observability/context';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'bills' }))('title') };
}

export const dynamic = 'force-dynamic';

/**
 * The banks of `ids` listed in the accusative, as "Ekki náðist í …" needs them, and in the dative, as "… frá …" does
 * (messages/GLOSSARY.md).
 */
function banksNamed(ids: readonly string[], locale: 'is' | 'en') {
  const forms = ids.map((id) => {
    const bank = bankById(id);
    return bank ? bankArguments(namesOf(bank), locale) : { bankAccusative: id, bankDative: id };
  });
  return {
    banksAccusative: listOfNames(
      forms.map((form) => form.bankAccusative),
      locale,
    ),
    banksDative: listOfNames(
      forms.map((form) => form.bankDative),
      locale,
    ),
  };
}

/**
 * The PSU's bills: claims of Greiðsla ehf. on the PSU's kennitala as an identity provider verified
 * it (never one typed), read on each visit from every bank of the directory that offers claims, and kept
 * current afterwards by the banks' `claim.paid` events. Without a verified kennitala the page says how to verify one.
 */
export default async function BillsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/bills');
  const db = await getDb();
  const t = await getTranslations('bills');
  const payorId = await payorIdOf(psuId, db);
  if (!payorId) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p data-testid="bills-need-kennitala">{t('noKennitala')}</p>
        <Link href="/account" className="text-brand-700 underline underline-offset-2">
          {t('verifyLink')}
        </Link>
      </div>
    );
  }
  // The claims read for this PSU are theirs in the audit trail of bank calls.
  const freshness = await inWorkContext({ psuId }, () => refreshBillsFromBank(db, payorId));
  const bills = await billViews(db, psuId, payorId);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="max-w-2xl text-slate-700">{t('intro')}</p>
        {!freshness.fresh && freshness.staleBankIds.length > 0 && (
          <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
            {t('staleBanks', banksNamed(freshness.staleBankIds, localeOrDefault(locale)))}
          </p>
        )}
        {!freshness.fresh && freshness.incompleteBankIds.length > 0 && (
          <p role="status" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
            {t('incompleteBanks', banksNamed(freshness.incompleteBankIds, localeOrDefault(locale)))}
          </p>
        )}
      </div>
      <Bills bills={bills} />
    </div>
  );
}
