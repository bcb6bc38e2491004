import type { Page } from '@playwright/test';

/**
 * The transactionStatus badges of a payment's status history, oldest first. The history also lists
 * scaStatus entries, and the app may learn a final scaStatus (such as `failed`) after the payment's
 * final transactionStatus, so "the last entry" is not "the payment's latest status".
 */
export function transactionStatuses(page: Page) {
  return page.getByTestId('status-history').locator('li [data-status]');
}
