import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PrintButton } from '@/components/receipts/print-button';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import { type Locale, localeOrDefault } from '@/lib/i18n/routing';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { buildReceipt } from '@/lib/payments/receipt';
import { DIRECTORY_BANK_NAMES } from '@/lib/payments/story';
import { readOwnPaymentFromBank } from '@/lib/payments/sync';
import { pathParamOrNotFound } from '@/lib/security/path-params';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'receipt' }))('title') };
}

/**
 * A payment's receipt to print or keep as a PDF, in the page's language. The status comes from the
 * bank, read again first while it may still change; another PSU's payment is not found.
 */
export default async function ReceiptPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { locale, id: segment } = await params;
  setRequestLocale(pathParamOrNotFound('locale', locale));
  const id = pathParamOrNotFound('paymentId', segment);
  const psuId = await requirePsuId(`/payments/${id}/receipt`);
  const found = await readOwnPaymentFromBank(await getDb(), psuId, id, psuIpAddress(await headers()));
  if (!found) notFound();
  const pageLocale: Locale = localeOrDefault(locale);
  const receipt = buildReceipt(found.payment, found.events, pageLocale, new Date(), DIRECTORY_BANK_NAMES);
  const [t, tp, ts] = await Promise.all([
    getTranslations('receipt'),
    getTranslations('payment'),
    getTranslations('story.receipt'),
  ]);
  if (!receipt.kind) {
    return (
      <div className="space-y-6">
        <Link href={`/payments/${id}`} className="text-sm text-brand-700 underline underline-offset-2">
          ← {tp('title')}
        </Link>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p data-testid="no-receipt">{ts('none')}</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <nav className="flex flex-wrap items-center gap-4 print:hidden">
        <Link href={`/payments/${id}`} className="text-sm text-brand-700 underline underline-offset-2">
          ← {tp('title')}
        </Link>
        <PrintButton label={t('print')} />
        <a
          href={`/api/payments/${id}/receipt?locale=${pageLocale}`}
          download
          className="rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        >
          {t('download')}
        </a>
      </nav>
      <article
        className="space-y-6 rounded border border-slate-200 bg-white p-6 print:border-0 print:p-0"
        data-testid="receipt"
        data-receipt-kind={receipt.kind}
      >
        <header>
          <h1 className="text-2xl font-semibold">{receipt.heading}</h1>
          <p className="text-sm text-slate-700">{receipt.issued}</p>
          {receipt.happened && (
            <p className="mt-3 font-medium" data-testid="receipt-happened">
              {receipt.happened}
            </p>
          )}
        </header>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {receipt.lines.map((line) => (
            <div key={line.key} className="contents" data-line={line.key}>
              <dt className="text-sm text-slate-700">{line.label}</dt>
              <dd className="break-words font-medium">
                {line.value}
                {line.detail && <span className="block font-mono text-xs text-slate-700">{line.detail}</span>}
              </dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="receipt-history">
          <h2 id="receipt-history" className="mb-2 text-lg font-semibold">
            {receipt.historyTitle}
          </h2>
          {receipt.history.length === 0 ? (
            <p>{receipt.noHistory}</p>
          ) : (
            <ol className="list-inside list-decimal space-y-1 text-sm">
              {receipt.history.map((entry) => (
                <li key={entry.id} data-status={entry.status}>
                  {entry.text}
                </li>
              ))}
            </ol>
          )}
        </section>
        <p className="text-xs text-slate-700">{receipt.footer}</p>
      </article>
    </div>
  );
}
