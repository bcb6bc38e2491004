import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { AccountNumber } from '@/components/payments/account-number';
import { RenameAccountForm } from '@/components/saved/rename-account-form';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { accountDisplay } from '@/lib/format';
import { removeMyAccountAction } from '@/lib/payments/actions/my-accounts';
import { listMyAccounts } from '@/lib/payments/saved/my-accounts';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'saved.accounts' }))('title') };
}

/** The PSU's own paying accounts: each named, renamed or removed here, and offered in every form. */
export default async function MyAccountsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/my-accounts');
  const [t, accounts] = await Promise.all([
    getTranslations('saved.accounts'),
    listMyAccounts(await getDb(), psuId),
  ]);
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-slate-700">{t('intro')}</p>
      {accounts.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className="space-y-4">
          {accounts.map((account) => {
            const shown = accountDisplay(account.iban);
            return (
              <li
                key={account.id}
                className="space-y-3 rounded border border-slate-200 p-4"
                data-testid="my-account"
              >
                <p className="font-medium">{account.name || t('unnamed')}</p>
                <AccountNumber account={account.iban} />
                <RenameAccountForm
                  id={account.id}
                  name={account.name}
                  texts={{
                    label: `${t('name')} (${shown.kind === 'domestic' ? shown.account : account.iban})`,
                    hint: t('nameHint'),
                    rename: t('rename'),
                  }}
                />
                <WordedButtonForm
                  action={removeMyAccountAction}
                  label={t('remove')}
                  fields={{ id: account.id }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
