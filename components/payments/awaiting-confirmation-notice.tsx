import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { paymentsAwaitingConfirmation } from '@/lib/db/queries/waiting';
import { formatAmounts, withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { paymentAmounts } from '@/lib/payments/amounts';
import { waitsForPsu } from '@/lib/payments/outcome';
import { paymentOutcome } from '@/lib/payments/view';

const SHOWN = 3;

/**
 * Above a new payment's form: the PSU's payments of the last hour that their bank still holds for their
 * confirmation, each a link to its page (where they continue to the bank or cancel). A PSU who came back
 * from the bank's page without confirming sees what is waiting before sending the same payment again.
 */
export async function AwaitingConfirmationNotice({ psuId, locale }: { psuId: string; locale: Locale }) {
  // Those whose SCA ended (confirmed, the bank yet to say so; or failed) are left out before the few shown are
  // picked, so that they never hide one that still waits for the PSU.
  const waiting = (await paymentsAwaitingConfirmation(await getDb(), psuId))
    .filter((payment) => waitsForPsu(paymentOutcome(payment)))
    .slice(0, SHOWN);
  if (waiting.length === 0) return null;
  const t = await getTranslations('forms.awaitingConfirmation');
  return (
    <section
      aria-label={t('label')}
      data-testid="awaiting-confirmation"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <p>{t('intro', withShownNumbers({ count: waiting.length }, locale))}</p>
      <ul className="list-disc space-y-1 pl-5">
        {waiting.map((payment) => (
          <li key={payment.id}>
            <Link href={`/payments/${payment.id}`} className="text-brand-700 underline underline-offset-2">
              {formatAmounts(paymentAmounts(payment), locale)}
              {', '}
              {payment.service === 'bulk-payments'
                ? t('bulk', withShownNumbers({ count: payment.elementCount ?? 0 }, locale))
                : (payment.label ?? payment.creditorName ?? payment.creditorAccount)}
            </Link>
          </li>
        ))}
      </ul>
      <p>{t('hint')}</p>
    </section>
  );
}
