import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { PayeeSearchForm } from '@/components/netbank/payee-search-form';
import { AccountNumber } from '@/components/payments/account-number';
import { PayeeForm } from '@/components/saved/payee-form';
import { PAYEE_FORM_TEXT_KEYS, type PayeeFormTexts } from '@/components/saved/payee-form-texts';
import { PayeeRow } from '@/components/saved/payee-row';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { listPayees } from '@/lib/db/queries/payees';
import { accountDisplay, formatKennitala } from '@/lib/format';
import { localeOrDefault } from '@/lib/i18n/routing';
import { setPayeeFavouriteAction } from '@/lib/payments/actions/payee-favourite';
import { accountLabel } from '@/lib/payments/saved/choices';
import { matchPayees, sortPayees } from '@/lib/payments/saved/payee-match';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'saved.payees' }))('title') };
}

/**
 * The PSU's saved payees: searched here as in a form's recipient search (without Icelandic letters or
 * accents), favourites first and then in Icelandic order; added, marked, edited and deleted here.
 */
/** Whether the account as shown ("0133-26-004321, kt. 090578-1039") already names this kennitala. */
function shownWithAccount(account: string, kennitala: string): boolean {
  const shown = accountDisplay(account);
  return shown.kind === 'domestic' && shown.kennitala === formatKennitala(kennitala);
}

export default async function PayeesPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payees');
  const [t, ts, all, query] = await Promise.all([
    getTranslations('saved.payees'),
    getTranslations('payeeSearch'),
    listPayees(await getDb(), psuId),
    searchParams,
  ]);
  const typed = typeof query.q === 'string' ? query.q.slice(0, 100) : '';
  const sorted = sortPayees(
    all.map((payee) => ({ ...payee, label: accountLabel(payee.account) })),
    localeOrDefault(locale),
  );
  const payees = matchPayees(sorted, typed);
  // The forms' words, drawn here: the page's scripts carry no translations.
  const formTexts = Object.fromEntries(PAYEE_FORM_TEXT_KEYS.map((key) => [key, t(key)])) as PayeeFormTexts;
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-slate-700">{t('intro')}</p>
      {all.length > 0 && <PayeeSearchForm typed={typed} found={payees.length} />}
      {all.length === 0 ? (
        <p>{t('empty')}</p>
      ) : payees.length === 0 ? (
        <p>{ts('noMatch', { typed })}</p>
      ) : (
        <ul className="space-y-4" aria-label={ts('listLabel')}>
          {payees.map((payee) => (
            <PayeeRow
              key={payee.id}
              payee={{ ...payee, kennitala: payee.kennitala ?? '' }}
              texts={{
                ...formTexts,
                edit: t('edit'),
                editing: t('editing', { name: payee.name }),
                delete: t('delete'),
              }}
            >
              <p className="font-medium">
                {payee.favourite ? (
                  <span className="mr-1 text-amber-700" role="img" aria-label={ts('favourite')}>
                    ★
                  </span>
                ) : null}
                {payee.name}
              </p>
              {payee.accountKind === 'maskedPan' ? (
                <span className="font-mono text-sm">{payee.account}</span>
              ) : (
                <AccountNumber account={payee.account} />
              )}
              {/* An Icelandic account already shows its holder's kennitala: only another one is shown apart. */}
              {payee.kennitala && !shownWithAccount(payee.account, payee.kennitala) && (
                <p className="text-sm">{formatKennitala(payee.kennitala)}</p>
              )}
              <WordedButtonForm
                action={setPayeeFavouriteAction}
                label={
                  payee.favourite ? ts('unmark', { name: payee.name }) : ts('mark', { name: payee.name })
                }
                fields={{ payeeId: payee.id, favourite: payee.favourite ? 'false' : 'true' }}
              />
            </PayeeRow>
          ))}
        </ul>
      )}
      <section aria-labelledby="add-payee" className="space-y-4">
        <h2 id="add-payee" className="text-lg font-semibold">
          {t('add')}
        </h2>
        <PayeeForm texts={formTexts} />
      </section>
    </div>
  );
}
