import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { Amount } from '@/components/payments/amount';
import { StatusBadge } from '@/components/payments/status-badge';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import { listOwnPayments } from '@/lib/payments/history';
import { toPaymentView } from '@/lib/payments/view';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'payments' }))('title') };
}

export default async function PaymentsPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ return?: string }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payments');
  const [t, tr, format, db, query] = await Promise.all([
    getTranslations('payments'),
    getTranslations('return'),
    getFormatter(),
    getDb(),
    searchParams,
  ]);
  const rows = (await listOwnPayments(db, psuId)).map((payment) => toPaymentView(payment, []));
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <Link
          href="/payments/new/single"
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t('new')}
        </Link>
      </div>
      {query.return === 'invalid' && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          {tr('invalid')}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <table className="w-full border-collapse bg-white text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="p-2">
                {t('columns.created')}
              </th>
              <th scope="col" className="p-2">
                {t('columns.creditor')}
              </th>
              <th scope="col" className="p-2 text-right">
                {t('columns.amount')}
              </th>
              <th scope="col" className="p-2">
                {t('columns.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((payment) => (
              <tr key={payment.id} className="border-b border-slate-100" data-payment-id={payment.id}>
                <td className="p-2">
                  <Link
                    href={`/payments/${payment.id}`}
                    className="text-brand-700 underline underline-offset-2"
                  >
                    {format.dateTime(new Date(payment.createdAt), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Link>
                </td>
                <td className="p-2">{payment.creditorName ?? payment.creditorAccount}</td>
                <td className="p-2 text-right">
                  <Amount amount={payment.amount} currency={payment.currency} />
                </td>
                <td className="p-2">
                  <StatusBadge status={payment.displayStatus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
