import { PaymentStatusView } from '@/components/payments/payment-status-view';
import type { PaymentView } from '@/lib/payments/view';
import type { AppAtSandbox } from '@/tests/support/app-at-sandbox';
import { renderIn } from '@/tests/support/render-intl';

/** A payment page's status history as the PSU reads it: the words of each entry, one line per entry. */
export function historyLines(locale: 'is' | 'en', view: PaymentView): string[] {
  const html = renderIn(locale, <PaymentStatusView payment={{ ...view, cancellable: false }} />, [
    'payment',
    'bank',
    'status',
    'scaStatus',
    'sca',
    'story',
    'bankWords',
  ]);
  const list = html.slice(html.indexOf('data-testid="status-history"'));
  return [...list.slice(0, list.indexOf('</ol>')).matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((item) =>
    (item[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The status history of payment `id` of the app at the sandbox, as its page shows it to the PSU. */
export async function paymentHistoryLines(
  app: AppAtSandbox,
  locale: 'is' | 'en',
  id: string,
): Promise<string[]> {
  // Imported once the app's settings are in place (startAppAtSandbox), as the tests import the app's modules.
  const { paymentTimeline } = await import('@/lib/payments/history');
  return historyLines(
    locale,
    app.view.toPaymentView(await app.payment(id), await paymentTimeline(app.db, id)),
  );
}
