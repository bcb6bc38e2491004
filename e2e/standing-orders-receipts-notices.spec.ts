import type { Page } from '@playwright/test';
import { mailTo } from '../tests/support/mailbox';
import { creditorIban, daysAhead, debtorIban, expectScaPage, sendBulkOfTwo } from './forms-helpers';
import { mailboxDir, newEmail, signUp, verificationLink } from './support/accounts';
import { expectAxeClean } from './support/axe';
import { atBank } from './support/bank';
import { signInAs } from './support/payments';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/en\/payments\/[0-9a-f-]{36}\/receipt\)/,
      reason:
        "another PSU's receipt, and one of no payment, are opened on purpose and answered 404, which Chromium logs",
    },
  ],
});

import { transactionStatuses } from './support/timeline';

// A PSU's month after paying: the standing orders page, a receipt to print or keep as a PDF, and
// being told what changed, in Icelandic and in English, by keyboard and on a phone-sized screen.

/** The page's own content fits a phone's width (the site's header is the layout's, not the page's). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf) }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join('\n')
    .replace(/\u00a0/g, ' ');
}

// Each test pays at the bank once or twice, and the bank settles as it would.
test.describe.configure({ timeout: 180_000 });

/** Approves the payment on the bank's page and waits for the return to the payment's page. */
async function approveAtBank(page: Page, language: 'is' | 'en') {
  await expectScaPage(page, language);
  await page.getByRole('button', { name: language === 'is' ? 'Samþykkja' : 'Approve' }).click();
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return /\/payments\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
}

async function paySingle(page: Page, remittance: string): Promise<string> {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Recipient’s name').fill('Þórður Ævar Öðinsson');
  await page.getByLabel('Amount').fill('12,500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  const id = await approveAtBank(page, 'en');
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', { timeout: 30_000 });
  return id;
}

/** A bulk of two, one of them to a named recipient, approved at the bank and paid. */
async function payBulk(page: Page): Promise<string> {
  await sendBulkOfTwo(page, 'en');
  const id = await approveAtBank(page, 'en');
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', { timeout: 30_000 });
  return id;
}

test('standing orders: schedule and the next dates of the form preview, then cancelled with the PSU confirming at the bank', async ({
  page,
}) => {
  const start = daysAhead(20);
  await page.goto('/en/payments/new/periodic');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Amount').fill('25,000');
  await page.getByLabel('Message to the recipient').fill('Húsaleiga');
  await page.getByLabel('How often').selectOption('Monthly');
  await page.getByLabel('Day of the month').selectOption('31');
  await page.getByLabel('First payment on or after').fill(start);
  await page.getByLabel('Last payment on or before').fill(daysAhead(400));
  await page.getByLabel('When a date falls on a weekend or bank holiday').selectOption('following');
  const previewRows = page.locator('[data-testid="execution-preview"] tbody tr');
  await expect(previewRows).toHaveCount(12);
  const preview = await previewRows.evaluateAll((rows) =>
    rows.slice(0, 3).map((row) => [row.getAttribute('data-scheduled'), row.getAttribute('data-execution')]),
  );
  await page.getByRole('radio', { name: 'Icelandic' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  // Left at the bank unconfirmed, the list gives no dates to come, and the way back to the bank.
  await page.waitForURL(atBank());
  const list = await page.context().newPage();
  await list.goto('/en/payments/standing-orders');
  const unconfirmed = list
    .locator('li')
    .filter({ hasText: 'ISK 25,000' })
    .filter({ hasText: 'Nothing will be paid until the standing order is confirmed at your bank.' });
  await expect(unconfirmed.first().getByRole('link', { name: 'Continue to your bank' })).toHaveAttribute(
    'href',
    atBank(),
  );
  await expect(unconfirmed.first().locator('[data-testid="execution-preview"]')).toHaveCount(0);
  await list.close();
  const id = await approveAtBank(page, 'is');
  // The bank accepted the standing order for execution: BG IG 4.14.1, "The end status during the
  // payment initiation process then is ACTC or ACCP"; a bank may also report ACSP.
  const accepted = /^(ACTC|ACCP|ACSP)$/;
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', accepted, {
    timeout: 30_000,
  });
  // The order's own page shows its schedule and next dates, as the list does.
  const schedule = page.getByTestId('payment-schedule');
  await expect(schedule.getByTestId('schedule')).toContainText('Monthly · on the last day of the month');
  await expect(schedule.locator('[data-testid="execution-preview"] tbody tr').first()).toHaveAttribute(
    'data-scheduled',
    preview[0]?.[0] ?? '',
  );

  // English, reached from the payments list by keyboard.
  await page.goto('/en/payments');
  const link = page.getByRole('link', { name: 'Standing orders' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Standing orders' })).toBeVisible();
  const order = page.locator(`li[data-payment-id="${id}"]`);
  await expect(order.getByRole('article', { name: 'Standing order to 0301-26-001234' })).toBeVisible();
  await expect(order.locator('[data-status]').first()).toHaveAttribute('data-status', accepted);
  await expect(order.getByTestId('schedule')).toContainText('Monthly · on the last day of the month');
  await expect(order.getByTestId('schedule')).toContainText('Pay on the following banking day');
  // The next dates are the form preview's, by the same holiday-aware calendar.
  const listed = await order
    .locator('[data-testid="execution-preview"] tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [row.getAttribute('data-scheduled'), row.getAttribute('data-execution')]),
    );
  expect(listed).toEqual(preview);
  await expect(order.getByText('25,000').first()).toBeVisible();
  await expectAxeClean(page);

  // Icelandic, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/is/payments/standing-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Fastar greiðslur' })).toBeVisible();
  const orderIs = page.locator(`li[data-payment-id="${id}"]`);
  await expect(orderIs.getByTestId('schedule')).toContainText('Mánaðarlega · síðasta dag mánaðar');
  await expect(orderIs.getByText('25.000 kr.')).toBeVisible();
  await expect(orderIs.locator('[data-testid="execution-preview"] tbody tr td').first()).toHaveText(
    /^[a-zþæöðáéíóúý]+\.,\s\d{1,2}\.\s[a-zþæöðáéíóúý]+\.?\s\d{4}$/,
  );
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);

  // Cancelling a running order needs the PSU's confirmation at the bank.
  await orderIs.getByRole('button', { name: 'Afturkalla fasta greiðslu' }).click();
  await orderIs
    .getByRole('group', { name: 'Afturkalla fasta greiðslu' })
    .getByRole('button', { name: 'Afturkalla fasta greiðslu' })
    .click();
  await page.waitForURL(atBank());
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Skrá inn', exact: true }).click();
  await page.getByRole('button', { name: 'Staðfesta afturköllun' }).click();
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'CANC', { timeout: 30_000 });
  await page.goto('/is/payments/standing-orders');
  await expect(orderIs.locator('[data-status]').first()).toHaveAttribute('data-status', 'CANC');
  await expect(
    orderIs.getByText('Fasta greiðslan var afturkölluð og ekkert meira verður greitt.'),
  ).toBeVisible();
  await expect(orderIs.getByRole('button', { name: 'Afturkalla fasta greiðslu' })).toHaveCount(0);
});

test('receipts: a printable page and a PDF in Icelandic and English, from what the bank reported; another PSU finds none', async ({
  page,
  browser,
}) => {
  const id = await paySingle(page, 'Kvittun prófuð');
  await page.goto(`/en/payments/${id}`);
  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.locator('[data-line="amount"] dd')).toHaveText('ISK 12,500');
  await expect(receipt.locator('[data-line="status"] dd')).toHaveText('Paid');
  await expect(receipt).not.toContainText('ACSC');
  await expect(receipt.locator('[data-line="message"] dd')).toHaveText('Kvittun prófuð');
  await expect(receipt.locator('[data-line="debtor"] dd')).toContainText(
    '0159-26-007654, kennitala 551073-0339',
  );
  await expect(receipt.locator('[data-line="debtor"] dd')).toContainText('IS14 0159 2600 7654 5510 7303 39');
  await expect(receipt.locator('li[data-status="ACSC"]')).toHaveCount(1);
  await expectAxeClean(page);

  // Printed: the receipt alone, without the site's header or the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`receipt-${id}.pdf`);
  const english = await pdfText(
    await (await page.request.get(`/api/payments/${id}/receipt?locale=en`)).body(),
  );
  expect(english).toContain('Payment receipt');
  expect(english).toContain('ISK 12,500');
  expect(english).toContain('Þórður Ævar Öðinsson');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/is/payments/${id}/receipt`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kvittun fyrir greiðslu' })).toBeVisible();
  await expect(receipt.locator('[data-line="amount"] dd')).toHaveText('12.500 kr.');
  await expect(receipt.locator('[data-line="status"] dd')).toContainText('Greidd');
  await expect(receipt.locator('[data-line="debtor"] dd')).toContainText('0159-26-007654, kt. 551073-0339');
  await expect(receipt.locator('[data-line="created"] dd')).toHaveText(
    /^\d{1,2}\.\s(jan|feb|mar|apr|maí|jún|júl|ágú|sep|okt|nóv|des)\.?\s\d{4} kl\. \d{2}:\d{2}$/,
  );
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  const response = await page.request.get(`/api/payments/${id}/receipt?locale=is`);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const icelandic = await pdfText(await response.body());
  for (const letter of ['þ', 'ð', 'æ', 'ö']) expect(icelandic).toContain(letter);
  expect(icelandic).toContain('Kvittun fyrir greiðslu');
  expect(icelandic).toContain('12.500 kr.');
  expect(icelandic).toContain('0159-26-007654, kt. 551073-0339');

  // Another PSU gets what a payment that does not exist gets.
  const anna = await signInAs(browser, 'anna@greidsla.is');
  const missing = '00000000-0000-4000-8000-000000000000';
  expect((await anna.goto(`/en/payments/${id}/receipt`))?.status()).toBe(404);
  expect((await anna.goto(`/en/payments/${missing}/receipt`))?.status()).toBe(404);
  const theirs = await anna.request.get(`/api/payments/${id}/receipt?locale=en`);
  const none = await anna.request.get(`/api/payments/${missing}/receipt?locale=en`);
  expect(theirs.status()).toBe(404);
  expect(await theirs.text()).toBe(await none.text());
  await anna.context().close();
});

test('told when it changes: the list names what the bank reported since the last visit, and an opted-in PSU gets one e-mail when a payment ends', async ({
  browser,
}) => {
  // A PSU of its own, with a confirmed address: what other tests pay beside it is none of its news.
  const email = newEmail('notices');
  const page = await signUp(browser, email);
  await page.goto(await verificationLink(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('main [role="status"]')).toHaveText('Your e-mail address is confirmed.');
  await page.goto('/en/account');
  const box = page.getByRole('checkbox', {
    name: 'E-mail me when a payment of mine is paid, rejected or cancelled',
  });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'You will get an e-mail when a payment is paid, rejected or cancelled.' }),
  ).toBeVisible();
  await expect(box).toBeChecked();
  await page.goto('/is/account');
  await expect(
    page.getByRole('checkbox', { name: 'Sendu mér póst þegar greiðsla mín er greidd' }),
  ).toBeChecked();
  await expectAxeClean(page);

  // Seen everything so far.
  await page.goto('/en/payments');
  await page.waitForLoadState('networkidle');

  const id = await paySingle(page, 'Tilkynning prófuð');
  const bulkId = await payBulk(page);
  await page.goto('/is/payments');
  const notices = page.getByTestId('status-notices');
  // A bulk is named by who it pays, as its row in the history is: a name, or an account where none was given.
  await expect(notices.locator(`li[data-payment-id="${bulkId}"] a`)).toHaveText(
    '9.000\u00a0kr. Guðrún Helgadóttir og 0159-26-007654 (2 greiðslur)',
  );
  await expect(notices.getByRole('heading', { name: 'Frá síðustu heimsókn' })).toBeVisible();
  await expect(notices.locator(`li[data-payment-id="${id}"] [data-status="ACSC"]`)).toHaveText('Greidd');
  // One line for the payment, at its latest status, however many steps the bank reported.
  await expect(notices.locator(`li[data-payment-id="${id}"]`)).toHaveCount(1);
  await expect(notices.getByText('12.500 kr.').first()).toBeVisible();
  await expectAxeClean(page);
  await page.waitForLoadState('networkidle');
  // Seen now: the next visit has nothing new to say.
  await expect(async () => {
    await page.goto('/en/payments');
    await expect(page.getByTestId('status-notices')).toHaveCount(0);
  }).toPass({ timeout: 15_000 });

  // One e-mail, in the payment's language, however often the status is read again.
  const ended = () => mailTo(mailboxDir, email).filter((message) => message.text.includes(`/payments/${id}`));
  await expect.poll(() => ended().length, { timeout: 20_000 }).toBe(1);
  for (let i = 0; i < 3; i++) await page.request.get(`/api/payments/${id}`);
  await page.goto(`/en/payments/${id}/receipt`);
  expect(ended()).toHaveLength(1);
  expect(ended()[0]?.subject).toBe('Payment made');
  // The bulk's says who it paid.
  const bulkEnded = () =>
    mailTo(mailboxDir, email).filter((message) => message.text.includes(`/payments/${bulkId}`));
  await expect.poll(() => bulkEnded().length, { timeout: 20_000 }).toBe(1);
  expect(bulkEnded()[0]?.subject).toBe('Bulk payment made');
  expect(bulkEnded()[0]?.text).toContain(
    'ISK\u00a09,000 in 2 payments to Guðrún Helgadóttir and 0159-26-007654.',
  );

  // Another PSU hears nothing of it.
  const anna = await signInAs(browser, 'anna@greidsla.is');
  await anna.goto('/en/payments');
  await expect(anna.locator(`[data-testid="status-notices"] li[data-payment-id="${id}"]`)).toHaveCount(0);
  expect(mailTo(mailboxDir, 'anna@greidsla.is').filter((message) => message.text.includes(id))).toHaveLength(
    0,
  );
  await anna.context().close();

  await page.goto('/en/account');
  await page
    .getByRole('checkbox', { name: 'E-mail me when a payment of mine is paid, rejected or cancelled' })
    .uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'You will not get an e-mail when a payment is paid, rejected or cancelled.' }),
  ).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: 'E-mail me when a payment of mine is paid, rejected or cancelled' }),
  ).not.toBeChecked();
  await page.context().close();
});
