import type { Page } from '@playwright/test';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { creditorIban, debtorIban, expectScaPage } from './forms-helpers';
import { callAction } from './support/actions';
import { atBank, sandboxUrl } from './support/bank';
import { expect, test } from './support/test';

// Payment spec 2.5: the initiation answer may carry transactionFees, currencyConversionFee,
// transactionFeesDetails and exchangeRateInformation. The PSU sees them before the bank's SCA page,
// and may continue or stop there. The sandbox bank charges fees on a payment in another currency
// than the account (Jón's account is in ISK) and none on one in ISK.

const texts = {
  en: {
    from: 'From account (IBAN)',
    to: 'To account (IBAN)',
    amount: 'Amount',
    currency: 'Currency',
    remittance: 'Message to the recipient',
    send: 'Continue to your bank',
    title: 'Costs before you confirm',
    costs: 'Costs and exchange rate',
    rate: /for 1 EUR \(selling rate\)$/,
    stop: 'Stop payment',
    cancelled:
      'You stopped this payment when you saw its costs. Your bank has cancelled it, so nothing has been paid.',
    status: 'Cancelled',
    notCancelled: 'your bank did not cancel this payment',
  },
  is: {
    from: 'Af reikningi (IBAN)',
    to: 'Á reikning (IBAN)',
    amount: 'Upphæð',
    currency: 'Gjaldmiðill',
    remittance: 'Skilaboð til viðtakanda',
    send: 'Áfram í bankann þinn',
    title: 'Kostnaður áður en þú staðfestir',
    costs: 'Kostnaður og gengi',
    rate: /fyrir 1 EUR \(sölugengi\)$/,
    stop: 'Stöðva greiðsluna',
    cancelled:
      'Þú hættir við þessa greiðslu þegar þú sást kostnaðinn. Bankinn hefur afturkallað hana; ekkert er greitt.',
    status: 'Afturkölluð',
    notCancelled: 'bankinn þinn afturkallaði ekki þessa greiðslu',
  },
} as const;

async function send(page: Page, language: 'is' | 'en', currency: string, from = debtorIban) {
  const t = texts[language];
  await page.goto(`/${language}/payments/new/single`);
  await page.getByLabel(t.from).fill(from);
  await page.getByLabel(t.to).fill(creditorIban);
  await page.getByLabel(t.amount, { exact: true }).fill('100');
  await page.getByLabel(t.currency).selectOption(currency);
  await page.getByLabel(t.remittance).fill(`Kostnaður ${Date.now()}`);
  await page.getByRole('button', { name: t.send }).click();
}

for (const language of ['en', 'is'] as const) {
  const t = texts[language];

  test(`${language}: the bank's fees and rate are shown before its SCA page; continuing goes there`, async ({
    page,
  }) => {
    await send(page, language, 'EUR');
    await page.waitForURL(new RegExp(`/${language}/payments/[0-9a-f-]{36}/costs$`));
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.costs })).toBeVisible();
    const costs = page.getByTestId('payment-costs');
    await expect(costs.locator('[data-cost="transactionFees"] [data-currency="ISK"]')).toBeVisible();
    await expect(costs.locator('[data-cost="exchangeRate"]')).toContainText(t.rate);
    await page.getByRole('button', { name: t.send }).click();
    await expectScaPage(page, language);
  });

  test(`${language}: stopping at the costs cancels the payment at the bank, and its page says so`, async ({
    page,
  }) => {
    await send(page, language, 'EUR');
    await page.waitForURL(/\/costs$/);
    await page.getByRole('button', { name: t.stop }).click();
    await page.waitForURL(new RegExp(`/${language}/payments/[0-9a-f-]{36}$`));
    await expect(page.locator('[data-costs-step="cancelled"]')).toHaveText(t.cancelled);
    await expect(page.getByText(t.status, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    // Back to the costs page: the choice is made, so it is the payment's page.
    await page.goto(page.url().concat('/costs'));
    await expect(page).toHaveURL(new RegExp(`/${language}/payments/[0-9a-f-]{36}$`));
  });
}

test('"Stop payment" in a tab opened before "Continue to your bank" was chosen in another says it stopped nothing', async ({
  page,
  context,
}) => {
  await send(page, 'en', 'EUR');
  await page.waitForURL(/\/costs$/);
  const other = await context.newPage();
  await other.goto(page.url());
  await page.getByRole('button', { name: texts.en.send }).click();
  await expectScaPage(page, 'en');
  await other.getByRole('button', { name: texts.en.stop }).click();
  await expect(
    other.getByRole('alert').filter({ hasText: 'You had already chosen “Continue to your bank”' }),
  ).toContainText('so it was not stopped');
  await expect(other).toHaveURL(/\/costs$/);
});

/** An ISK account of jon's that this test alone pays from, so that its fault rule meets no other spec. */
function ownAccount(): string {
  for (;;) {
    const number = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    const bban = `015926${number}0101302989`;
    for (let check = 2; check < 99; check++) {
      const iban = electronicFormatIBAN(`IS${String(check).padStart(2, '0')}${bban}`) ?? '';
      if (isValidIBAN(iban)) return iban;
    }
  }
}

test('a bank that does not cancel at Stop: the page says the payment may still be confirmed there, in both languages', async ({
  page,
  request,
}) => {
  const from = ownAccount();
  const made = await request.post(`${sandboxUrl}/sandbox/accounts`, {
    data: { iban: from, owner: 'jon', name: 'Kostnaðarpróf', currency: 'ISK', balance: '50000' },
  });
  expect(made.status()).toBe(201);
  const rule = await request.post(`${sandboxUrl}/sandbox/faults`, {
    data: {
      method: 'DELETE',
      path: '/psd2/api/v1/payments/credit-transfers/',
      psu: from,
      error: { status: 405, code: 'SERVICE_INVALID' },
    },
  });
  expect(rule.status()).toBe(201);
  try {
    await send(page, 'en', 'EUR', from);
    await page.waitForURL(/\/costs$/);
    await page.getByRole('button', { name: texts.en.stop }).click();
    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
    const note = page.locator('[data-costs-step="stopped"]');
    await expect(note).toContainText(texts.en.notCancelled);
    await expect(note).toContainText('do not confirm it');
    await page.goto(page.url().replace('/en/', '/is/'));
    await expect(page.locator('[data-costs-step="stopped"]')).toContainText(texts.is.notCancelled);
  } finally {
    await request.delete(`${sandboxUrl}/sandbox/faults/${(await rule.json()).id}`);
  }
});

test('no SCA step is taken past the costs by calling its action directly, only by "Continue to your bank"', async ({
  page,
}) => {
  await send(page, 'en', 'EUR');
  await page.waitForURL(/\/costs$/);
  const paymentId = /\/payments\/([0-9a-f-]{36})\/costs$/.exec(page.url())?.[1] ?? '';
  for (const kind of ['start', 'oauth', 'confirm'] as const) {
    const answer = await callAction(
      page,
      'continueScaAction',
      { paymentId, step: { kind } },
      `/en/payments/${paymentId}`,
    );
    expect(answer, kind).toContain('sca.costsUndecided');
  }
  // The page still offers the choice.
  await page.reload();
  await expect(page.getByRole('heading', { name: texts.en.title })).toBeVisible();
});

test('a payment without fees goes straight to the bank', async ({ page }) => {
  await send(page, 'en', 'ISK');
  await page.waitForURL(atBank());
});
