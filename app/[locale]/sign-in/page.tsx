import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WithoutEmailNotice } from '@/components/account/confirm-email-notice';
import { EidSignInForm } from '@/components/layout/eid-sign-in-form';
import { SignInForm } from '@/components/layout/sign-in-form';
import { SignOutForm } from '@/components/layout/sign-out-form';
import { findProfile } from '@/lib/auth/accounts';
import { oidcSignInOffered } from '@/lib/auth/oidc';
import { currentPsuId } from '@/lib/auth/session';
import { settings } from '@/lib/config';
import { demoPsu } from '@/lib/db/seed';
import { withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'signIn' });
  return { title: t('title') };
}

export default async function SignInPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{
    returnTo?: string | string[];
    error?: string | string[];
    code?: string | string[];
    signedUp?: string | string[];
  }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const returnTo = typeof query.returnTo === 'string' ? query.returnTo : undefined;
  const t = await getTranslations('signIn');
  const lang = localeOrDefault(locale);
  const oidc = oidcSignInOffered(settings(), lang);
  // next-auth sends the browser back here with ?error=… when a provider sign-in fails.
  const providerFailed = typeof query.error === 'string' && query.error !== '';
  const failure = providerFailed && (
    <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {query.code === 'throttled'
        ? t('throttled', withShownNumbers({ minutes: settings().RATE_LIMIT_SIGN_IN_WINDOW_MINUTES }, lang))
        : t('providerFailed')}
    </p>
  );
  const psuId = await currentPsuId();
  const signedIn = psuId ? await findProfile(psuId) : undefined;
  if (signedIn) {
    // Someone is signed in in this browser: a sign-in here would be another person's, or an
    // electronic ID meant for this account. Neither happens over an open session; signing out
    // comes first, and linking an electronic ID is done on the account page.
    return (
      <div className="mx-auto max-w-sm space-y-4" data-testid="signed-in-already">
        <WithoutEmailNotice />
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        {failure}
        <p>{t('signedInAs', { name: signedIn.displayName, email: signedIn.email })}</p>
        <p>{t('signOutFirst')}</p>
        <SignOutForm locale={locale} label={t('signOut')} variant="button" />
        <p>
          <Link href="/payments" className="text-brand-700 underline">
            {t('continue', { name: signedIn.displayName })}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-sm">
      <WithoutEmailNotice />
      <h1 className="mb-6 text-2xl font-semibold">{t('title')}</h1>
      {failure}
      {/* After sign-up, that a message was sent: not beside a sign-in refused, here or in the form. */}
      <SignInForm
        returnTo={returnTo}
        notice={query.signedUp === '1' && !providerFailed ? t('signedUp') : undefined}
        texts={{ email: t('email'), password: t('password'), submit: t('submit') }}
      />
      {oidc && (
        <EidSignInForm
          returnTo={returnTo}
          texts={{
            or: t('or'),
            withProvider: t('withProvider', { nameDative: oidc.nameDative }),
            providerFailed: t('providerFailed'),
          }}
        />
      )}
      <p className="mt-6 text-sm">
        {t('noAccount')}{' '}
        <Link href="/sign-up" className="text-brand-700 underline">
          {t('signUpLink')}
        </Link>
      </p>
      {settings().SEED_DEMO_PSU && (
        <p className="mt-6 text-sm text-slate-600">
          {t('demo', { email: demoPsu.email, password: demoPsu.password })}
        </p>
      )}
    </div>
  );
}
