import { getTranslations } from 'next-intl/server';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice';
import { findProfile } from '@/lib/auth/accounts';
import { currentPsuId } from '@/lib/auth/session';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { LanguageSwitch } from './language-switch';
import { SignOutForm } from './sign-out-form';

export async function SiteHeader({ locale }: { locale: Locale }) {
  const [psuId, t, tb, te, ts, tw, to] = await Promise.all([
    currentPsuId(),
    getTranslations('app'),
    getTranslations('bills'),
    getTranslations('events'),
    getTranslations('saved.nav'),
    getTranslations('waiting'),
    getTranslations('operations'),
  ]);
  // The profile the e-mail notice reads too: one statement for both on every page.
  const operator = psuId ? ((await findProfile(psuId))?.operator ?? false) : false;
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-4 px-4 py-3">
          <Link href="/payments" className="text-lg font-semibold text-brand-700">
            {t('name')}
          </Link>
          {psuId && (
            <nav aria-label={t('nav.payments')} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Link href="/payments" className="underline-offset-4 hover:underline">
                {t('nav.payments')}
              </Link>
              <Link href="/payments/new" className="underline-offset-4 hover:underline">
                {t('nav.newPayment')}
              </Link>
              <Link href="/payments/waiting" className="underline-offset-4 hover:underline">
                {tw('link')}
              </Link>
              <Link href="/my-accounts" className="underline-offset-4 hover:underline">
                {ts('accounts')}
              </Link>
              <Link href="/payees" className="underline-offset-4 hover:underline">
                {ts('payees')}
              </Link>
              <Link href="/bills" className="underline-offset-4 hover:underline">
                {tb('nav')}
              </Link>
              {operator && (
                <Link href="/events" className="underline-offset-4 hover:underline">
                  {te('nav')}
                </Link>
              )}
              {operator && (
                <Link href="/operations/audit" className="underline-offset-4 hover:underline">
                  {to('nav')}
                </Link>
              )}
              {operator && (
                <Link href="/operations/stuck" className="underline-offset-4 hover:underline">
                  {to('stuckNav')}
                </Link>
              )}
              <Link href="/account" className="underline-offset-4 hover:underline">
                {t('nav.account')}
              </Link>
            </nav>
          )}
          <div className="ml-auto flex items-center gap-3">
            <LanguageSwitch label={t('language')} locale={locale} />
            {psuId && <SignOutForm locale={locale} label={t('signOut')} />}
          </div>
        </div>
      </header>
      {psuId && <ConfirmEmailNotice psuId={psuId} />}
    </>
  );
}
