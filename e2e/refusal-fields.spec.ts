import type { Page } from '@playwright/test';
import { creditorIban, debtorIban } from './forms-helpers';
import { atBank } from './support/bank';
import { expect, test } from './support/test';

// Payment spec part 7: an error message carries the `path` of the field it is about. The sandbox bank
// refuses a bulk whose paymentInformationId was used before with FORMAT_ERROR on path
// `paymentInformationId`; the form marks that field with the cause, and the corrected form is sent.

const texts = {
  en: {
    id: 'Bulk payment ID',
    from: 'From account (IBAN)',
    add: 'Add a payment',
    to: 'To account, payment 1',
    amount: 'Amount, payment 1',
    send: 'Continue to your bank',
    newId: 'Generate a new ID',
    refused: 'Your bank did not accept the marked details. Correct them and send the payment again.',
    cause: 'Your bank did not accept this ID. An ID used for an earlier bulk payment cannot be used again',
  },
  is: {
    id: 'Auðkenni fjöldagreiðslu',
    from: 'Af reikningi (IBAN)',
    add: 'Bæta við greiðslu',
    to: 'Á reikning, greiðsla 1',
    amount: 'Upphæð, greiðsla 1',
    send: 'Áfram í bankann þinn',
    newId: 'Búa til nýtt auðkenni',
    refused: 'Bankinn tók ekki við merktu upplýsingunum. Leiðréttu þær og sendu greiðsluna aftur.',
    cause:
      'Bankinn tók ekki við þessu auðkenni. Auðkenni sem notað var fyrir fyrri fjöldagreiðslu má ekki nota aftur',
  },
} as const;

/** Fills a bulk form of one payment, with the given id or the one the form made; returns the id. */
async function fillBulk(page: Page, language: 'is' | 'en', id?: string): Promise<string> {
  const t = texts[language];
  await page.goto(`/${language}/payments/new/bulk`);
  // A row appears once the page is live: what is typed after that is kept.
  await page.getByRole('button', { name: t.add }).click();
  await page.getByLabel(t.to).fill(creditorIban);
  await page.getByLabel(t.from).fill(debtorIban);
  const idField = page.getByLabel(t.id);
  await expect(idField).toHaveValue(/^GRD-/);
  if (id) await idField.fill(id);
  await page.getByLabel(t.amount).fill('1200');
  return idField.inputValue();
}

for (const language of ['en', 'is'] as const) {
  test(`${language}: a reused bulk id is marked on its field with the cause; a new id sends the bulk`, async ({
    page,
  }) => {
    const t = texts[language];
    const used = await fillBulk(page, language);
    await page.getByRole('button', { name: t.send }).click();
    await page.waitForURL(atBank());

    await fillBulk(page, language, used);
    const send = page.getByRole('button', { name: t.send });
    await send.click();
    await expect(page.getByRole('alert').filter({ hasText: t.refused })).toBeVisible();
    const idField = page.getByLabel(t.id);
    await expect(idField).toHaveAttribute('aria-invalid', 'true');
    await expect(idField).toBeFocused();
    await expect(idField).toHaveAccessibleDescription(new RegExp(t.cause));

    // Sent again unchanged: refused the same way, the field still marked.
    await send.click();
    await expect(send).toBeEnabled();
    await expect(idField).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: t.newId }).click();
    await expect(idField).not.toHaveValue(used);
    await expect(idField).not.toHaveAttribute('aria-invalid', 'true');
    await expect(idField).not.toHaveAccessibleDescription(new RegExp(t.cause));
    await send.click();
    await page.waitForURL(atBank());
  });
}

test('is: a recipient abroad: the address is asked beside them, country by name; sent without it, the bank asks and the group is marked', async ({
  page,
}) => {
  await page.goto('/is/payments/new/single');
  await page.getByLabel('Af reikningi (IBAN)').fill(debtorIban);
  const address = page.getByRole('group', { name: 'Heimilisfang viðtakanda' });
  // An account in Iceland: the address is among the rarely needed fields, in the closed section.
  await page.getByLabel('Á reikning (IBAN)').fill(creditorIban);
  await expect(address).toBeHidden();
  await page.getByLabel('Á reikning (IBAN)').fill('DE89370400440532013000');
  await page.getByLabel('Nafn viðtakanda').fill('Hans Müller');
  const hint = 'Bankar biðja um heimilisfang viðtakanda þegar greitt er til útlanda.';
  await expect(address).toBeVisible();
  await expect(address).toHaveAccessibleDescription(hint);
  await expect(page.locator('details', { hasText: 'Nánari upplýsingar' })).not.toHaveAttribute('open', '');
  await page.getByLabel('Upphæð', { exact: true }).fill('250,00');
  await page.getByLabel('Gjaldmiðill').selectOption('EUR');
  await page.getByRole('button', { name: 'Áfram í bankann þinn' }).click();
  await expect(page.getByText(texts.is.refused)).toBeVisible({ timeout: 30_000 });
  const cause = 'Bankinn þarf heimilisfang viðtakanda: götu og húsnúmer, póstnúmer, stað og land.';
  await expect(address.getByText(cause)).toBeVisible();
  // The banner names what to correct: the address as a whole, by its legend, with the cause; its link, as
  // the failed send did, takes the PSU to the address.
  await expect(address).toBeFocused();
  await expect(address).toHaveAccessibleDescription(`${hint} ${cause}`);
  const entry = page.getByRole('alert').getByRole('link', { name: 'Heimilisfang viðtakanda' });
  await expect(entry.locator('..')).toHaveText(`Heimilisfang viðtakanda: ${cause}`);
  await page.getByLabel('Upphæð', { exact: true }).focus();
  await entry.click();
  await expect(address).toBeFocused();
  // The country is chosen by its Icelandic name; the address given, the bank takes the payment (and, in
  // euros from a króna account, asks first that its costs be accepted).
  await address.getByLabel('Gata').fill('Friedrichstraße');
  await address.getByLabel('Húsnúmer').fill('10');
  await address.getByLabel('Póstnúmer').fill('10117');
  await address.getByLabel('Staður').fill('Berlín');
  await address.getByLabel('Land').selectOption({ label: 'Þýskaland' });
  await expect(address.getByLabel('Land')).toHaveValue('DE');
  await page.getByRole('button', { name: 'Áfram í bankann þinn' }).click();
  await page.waitForURL(/\/is\/payments\/[0-9a-f-]{36}\/costs$/, { timeout: 30_000 });
  // Stopped at its costs, the payment's page gives the address sent, the country by its Icelandic name.
  await page.getByRole('button', { name: 'Stöðva greiðsluna' }).click();
  await page.waitForURL(/\/is\/payments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId('payment-to').locator('[data-party="address"]')).toHaveText(
    'Friedrichstraße 10, 10117 Berlín, Þýskaland',
  );
});
