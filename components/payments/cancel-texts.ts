/** What the cancel button and its confirmation say (components/payments/cancel-payment.tsx). */
export type CancelTexts = Record<
  'cancel' | 'cancelConfirm' | 'cancelling' | 'keep' | 'cancelled' | 'unexpected',
  string
>;

/** Where a service's words of its cancellation are: a standing order's, a bulk's, or a payment's. */
export function cancelGroupOf(service: string): string {
  return service === 'periodic-payments'
    ? 'payment.standingCancel'
    : service === 'bulk-payments'
      ? 'payment.bulkCancel'
      : 'payment';
}

/**
 * The cancel button's texts from a translator of the whole catalogue, on the server (a list of payments,
 * whose page carries no translations) or in the browser (the payment's live view), for the payment's service:
 * a standing order's says it stops the order (none of its later payments is made), a bulk's names the bulk.
 */
export function cancelTextsOf(t: (key: string) => string, service: string): CancelTexts {
  const own = cancelGroupOf(service);
  return {
    cancel: t(`${own}.cancel`),
    cancelConfirm: t(`${own}.cancelConfirm`),
    cancelling: t('payment.cancelling'),
    keep: t(`${own}.keep`),
    cancelled: t(`${own}.cancelled`),
    unexpected: t('bank.unexpected'),
  };
}
