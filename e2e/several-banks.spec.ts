import type { Page } from '@playwright/test';
import { OTHER_BANKS } from '../sandbox/src/banks';
import { atBank } from './support/bank';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// The run's sandbox plays the default bank (01, 05) and Norðurbankinn (03) and Vesturbankinn (09), which the
// app's bank directory lists (playwright.config.ts).
const accountOfJonAt = (id: string) =>
  OTHER_BANKS.find((bank) => bank.id === id)?.psus[0]?.accounts[0]?.iban ?? '';
const AT_DEFAULT = 'IS140159260076545510730339';
const AT_NORDUR = accountOfJonAt('nordur');
const AT_VESTUR = accountOfJonAt('vestur');
const CREDITOR = 'IS870301260012345101696399';

async function paySingle(page: Page, debtor: string, bankName: string, remittance: string) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtor);
  await expect(page.getByTestId('debtor-bank')).toContainText(`This account is at ${bankName}.`);
  await page.getByLabel('To account (IBAN)').fill(CREDITOR);
  await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('2,500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
}

async function approveAt(page: Page, bankPath: string) {
  await page.waitForURL(atBank(`${bankPath}sca/`));
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  // The return page shows what the bank answers, never an outcome taken from our own URL.
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', { timeout: 30_000 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test('pays from accounts at two banks in one session and follows both to their final status', async ({
  page,
}) => {
  await paySingle(page, AT_DEFAULT, 'Sandkassabankinn', 'Tveir bankar A');
  const atDefault = await approveAt(page, '');
  await paySingle(page, AT_NORDUR, 'Norðurbankinn', 'Tveir bankar B');
  // Norðurbankinn's own SCA pages, under its own path at the sandbox.
  const atNordur = await approveAt(page, 'banks/nordur/');
  expect(atNordur).not.toBe(atDefault);

  // The history names each payment's bank and filters by it.
  await page.goto('/en/payments?bank=nordur');
  await expect(page.locator(`tr[data-payment-id="${atNordur}"]`)).toContainText('Norðurbankinn');
  await expect(page.locator(`tr[data-payment-id="${atDefault}"]`)).toHaveCount(0);
  await page.goto('/en/payments');
  await expect(page.locator(`tr[data-payment-id="${atDefault}"]`)).toContainText('Sandkassabankinn');
  await expect(page.locator(`tr[data-payment-id="${atNordur}"]`)).toBeVisible();

  // Each payment's page names the bank paid from, and the recipient's bank where the directory knows it.
  await page.goto(`/is/payments/${atDefault}`);
  await expect(page.getByTestId('payment-from')).toContainText('Banki: Sandkassabankinn');
  await expect(page.getByTestId('payment-to')).toContainText('Banki: Norðurbankinn');
  await page.goto(`/en/payments/${atNordur}`);
  await expect(page.getByTestId('payment-from')).toContainText('Bank: Norðurbankinn');
  await expect(page.getByTestId('payment-message')).toHaveText('Tveir bankar B');
});

/** The next 24 December at least two days ahead, and the banking day after it (25, 26 Dec and weekends closed). */
function christmasEve(): { date: string; year: string; movedDay: number } {
  const now = new Date();
  const year =
    now.getUTCMonth() === 11 && now.getUTCDate() >= 22 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  let day = 24;
  const closed = (d: number) => d <= 26 || [0, 6].includes(new Date(Date.UTC(year, 11, d)).getUTCDay());
  while (closed(day)) day++;
  return { date: `${year}-12-24`, year: String(year), movedDay: day };
}

test('a payment dated 24 December is moved by the bank to the next banking day, and the page says so in words', async ({
  page,
}) => {
  const { date, year, movedDay } = christmasEve();
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(AT_NORDUR);
  await page.getByLabel('To account (IBAN)').fill(CREDITOR);
  await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('15,000');
  await page.getByLabel('Message to the recipient').fill('Jólagjöf');
  await page.getByLabel('Payment date').fill(date);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank('banks/nordur/sca/'));
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);

  // ACWC, "accepted with a change, such as date": the day asked for, the day the bank pays on, and why.
  const change = page.getByTestId('bank-change');
  await expect(change).toHaveAttribute('data-change', 'date', { timeout: 30_000 });
  await expect(change).toContainText(
    new RegExp(
      `you asked for \\w{3},\\s24\\sDec\\s${year}, and your bank will pay on \\w{3},\\s${movedDay}\\sDec\\s${year}\\.`,
    ),
  );
  await expect(change).toContainText(`24 Dec ${year} is Christmas Eve, when banks are closed.`);
  await expect(page.getByTestId('payment-dates').locator('[data-bank-date]')).toHaveAttribute(
    'data-bank-date',
    `${year}-12-${movedDay}`,
  );
  await expect(page.locator('[aria-live] [data-status="ACWC"]')).toHaveText('Accepted with changes');
  // Not paid yet: nothing to keep.
  await expect(page.getByTestId('receipt-link')).toHaveCount(0);

  await page.goto(page.url().replace('/en/', '/is/'));
  await expect(change).toContainText(
    new RegExp(
      `þú baðst um [^ ]+,\\s24\\.\\sdes\\.\\s${year} en bankinn greiðir [^ ]+,\\s${movedDay}\\.\\sdes\\.\\s${year}\\.`,
    ),
  );
  await expect(change).toContainText(`24. des. ${year} er aðfangadagur og bankar eru lokaðir.`);
  await expect(page.getByTestId('payment-dates')).toContainText('Dagur sem bankinn greiðir');
});

test("the form offers what the paying account's bank offers, and warns of a bank it does not connect to", async ({
  page,
}) => {
  await page.goto('/en/payments/new/single');
  const card = page.getByRole('radio', { name: 'A payment card' });
  await expect(card).toBeVisible();
  // Norðurbankinn takes no card deposits: the choice goes away.
  await page.getByLabel('From account (IBAN)').fill(AT_NORDUR);
  await expect(page.getByTestId('debtor-bank')).toContainText('Norðurbankinn');
  await expect(card).toHaveCount(0);
  await page.getByLabel('From account (IBAN)').fill(AT_DEFAULT);
  await expect(card).toBeVisible();

  // Vesturbankinn has no standing orders.
  await page.goto('/en/payments/new/periodic');
  await page.getByLabel('From account (IBAN)').fill(AT_VESTUR);
  await expect(page.getByTestId('debtor-bank')).toContainText(
    'Vesturbankinn does not offer standing orders.',
  );
  // In Icelandic the bank's name is declined as the sentence needs it.
  await page.goto('/is/payments/new/periodic');
  await page.getByLabel('Af reikningi (IBAN)').fill(AT_VESTUR);
  await expect(page.getByTestId('debtor-bank')).toHaveText(
    'Reikningurinn er í Vesturbankanum.Vesturbankinn býður ekki upp á fastar greiðslur.',
  );

  // Bank 07 is not in this run's directory: said before anything is sent, and refused if sent anyway.
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill('IS390701260047110101302989');
  await expect(page.getByRole('alert').filter({ hasText: 'does not connect to bank 07' })).toBeVisible();
  await page.getByLabel('To account (IBAN)').fill(CREDITOR);
  await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount').fill('1,000');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByText('This account is at a bank Greiðsla does not connect to.')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/payments\/new\/single$/);
});
