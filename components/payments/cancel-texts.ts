/** What the cancel button and its confirmation say (components/payments/cancel-payment.tsx). */
export type CancelTexts = Record<
  'cancel' | 'cancelConfirm' | 'cancelling' | 'keep' | 'cancelled' | 'unexpected',
  string
>;

/**
 * The cancel button's texts from a translator of the whole catalogue, on the server (a list of payments,
 * whose page carries no translations) or in the browser (the payment's live view).
 */
export function cancelTextsOf(t: (key: string) => string): CancelTexts {
  return {
    cancel: t('payment.cancel'),
    cancelConfirm: t('payment.cancelConfirm'),
    cancelling: t('payment.cancelling'),
    keep: t('payment.keep'),
    cancelled: t('payment.cancelled'),
    unexpected: t('bank.unexpected'),
  };
}
