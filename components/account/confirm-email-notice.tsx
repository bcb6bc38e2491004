import { getTranslations } from 'next-intl/server';
import { findProfile } from '@/lib/auth/accounts';
import { resendVerificationAction } from '@/lib/auth/actions/account';
import { settings } from '@/lib/config';
import { WordedButtonForm } from './worded-button-form';

/**
 * What a PSU whose e-mail address is not yet confirmed is to do next, on every page until they do: open the
 * link sent to that address, or have a new one sent (throttled, as on the account page). Without SMTP_URL no
 * mail leaves the machine, so the notice says which folder the message is in. The account page and the link's own
 * page say it themselves, and the sign-in and sign-up pages are about another account; they go without
 * (WithoutEmailNotice).
 */
export async function ConfirmEmailNotice({ psuId }: { psuId: string }) {
  const profile = await findProfile(psuId);
  if (!profile || profile.emailVerifiedAt || profile.email.endsWith('.invalid')) return null;
  const t = await getTranslations('account.confirmEmail');
  const { SMTP_URL, MAILBOX_DIR } = settings();
  return (
    <aside
      aria-labelledby="confirm-email-heading"
      className="border-b border-amber-200 bg-amber-50"
      data-testid="confirm-email"
      data-email-notice=""
    >
      <div className="mx-auto max-w-4xl space-y-2 px-4 py-3 text-sm text-amber-950">
        <h2 id="confirm-email-heading" className="font-semibold">
          {t('title')}
        </h2>
        <p>{t('sent', { email: profile.email })}</p>
        {!SMTP_URL && <p>{t('localMailbox', { folder: MAILBOX_DIR })}</p>}
        <WordedButtonForm action={resendVerificationAction} label={t('resend')} />
      </div>
    </aside>
  );
}

/**
 * Drawn by a page that goes without the notice: the notice is in the layout, which the browser keeps from page to
 * page, and the stylesheet hides it while such a page is shown (app/globals.css), with no script to follow the
 * address.
 */
export function WithoutEmailNotice() {
  return <span hidden data-without-email-notice="" />;
}
