import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { AccountNumber } from '@/components/payments/account-number';
import { PayeeForm } from '@/components/saved/payee-form';
import { PayeeRow } from '@/components/saved/payee-row';
import { SAVED_MESSAGES } from '@/components/saved/saved-messages';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { listPayees } from '@/lib/db/queries/payees';
import { formatKennitala } from '@/lib/format';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'saved.payees' }))('title') };
}

/** The PSU's saved payees: added, edited and deleted here, found by typing in a form's recipient search. */
export default async function PayeesPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payees');
  const [t, payees] = await Promise.all([getTranslations('saved.payees'), listPayees(await getDb(), psuId)]);
  return (
    <ClientMessages namespaces={SAVED_MESSAGES}>
      <div className="max-w-xl space-y-6">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
        {payees.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <ul className="space-y-4">
            {payees.map((payee) => (
              <PayeeRow key={payee.id} payee={{ ...payee, kennitala: payee.kennitala ?? '' }}>
                <p className="font-medium">{payee.name}</p>
                {payee.accountKind === 'maskedPan' ? (
                  <span className="font-mono text-sm">{payee.account}</span>
                ) : (
                  <AccountNumber account={payee.account} />
                )}
                {payee.kennitala && <p className="text-sm">{formatKennitala(payee.kennitala)}</p>}
              </PayeeRow>
            ))}
          </ul>
        )}
        <section aria-labelledby="add-payee" className="space-y-4">
          <h2 id="add-payee" className="text-lg font-semibold">
            {t('add')}
          </h2>
          <PayeeForm />
        </section>
      </div>
    </ClientMessages>
  );
}
