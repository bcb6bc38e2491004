import type { Page } from '@playwright/test';
import { creditorIban, daysAhead, debtorIban } from './forms-helpers';
import { newEmail, signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { atBank } from './support/bank';
import { openBeforeScripts } from './support/before-hydration';
import { signInAs } from './support/payments';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// The PSU's own accounts, saved payees, pay again and bulk templates, in Icelandic and English, each
// with a PSU of its own (a new account), and a second PSU as the stranger.

// Each test pays at the bank and waits for the payment to settle.
test.describe.configure({ timeout: 180_000 });

/** Sends a single payment from the English form, approves it at the bank and waits until it is settled. */
async function paySettled(page: Page, remittance: string) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Recipient’s name').fill('Leigusali ehf.');
  await page.getByLabel('Amount').fill('12,500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank('sca/'), { timeout: 30_000 });
  await approveAtBank(page);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', { timeout: 30_000 });
  return page.url().replace(/\?.*$/, '');
}

/** Signs in at the bank's page (in English) and approves the payment, back at its page in the app. */
async function approveAtBank(page: Page) {
  await page.locator('input[name="username"]').fill('jon');
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}/, { timeout: 30_000 });
}

test('my accounts: kept once the bank accepted a payment, named, picked in every form, removed (is and en)', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('my-accounts'));
  await page.goto('/en/my-accounts');
  await expect(page.getByText('No accounts yet.')).toBeVisible();
  // Typed, sent, but not yet accepted: not kept.
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Amount').fill('100');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank('sca/'), { timeout: 30_000 });
  await page.goto('/en/my-accounts');
  await expect(page.getByTestId('my-account')).toHaveCount(0);

  await paySettled(page, 'Fyrsta greiðsla');
  await page.goto('/en/my-accounts');
  const account = page.getByTestId('my-account');
  await expect(account).toHaveCount(1);
  await expect(account.getByTestId('domestic-account')).toHaveText('0159-26-007654');
  await expect(account).toContainText('IS14 0159 2600 7654 5510 7303 39');
  await account.getByLabel('Name (0159-26-007654)').fill('Everyday');
  await account.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('The name is saved.')).toBeVisible();
  await expect(account.getByText('Everyday', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Picked in every form, in Icelandic: the account field below takes the account, whether picked once the
  // page's scripts have run or before them, as on a slow connection (the bulk form).
  for (const form of ['single', 'periodic', 'bulk']) {
    const early = form === 'bulk' ? await openBeforeScripts(page, `/is/payments/new/${form}`) : undefined;
    if (!early) await page.goto(`/is/payments/new/${form}`);
    const pick = page.getByLabel('Af mínum reikningum');
    await expect(pick.locator('option')).toHaveText([
      'Veldu, eða sláðu inn að neðan',
      'Everyday · 0159-26-007654',
    ]);
    await pick.selectOption({ label: 'Everyday · 0159-26-007654' });
    early?.release();
    await expect(page.getByLabel('Af reikningi (IBAN)')).toHaveValue(debtorIban);
  }
  // Another account typed below: the pick no longer names the one picked, and names it again when it is typed back.
  const pick = page.getByLabel('Af mínum reikningum');
  await page.getByLabel('Af reikningi (IBAN)').fill(creditorIban);
  await expect(pick).toHaveValue('');
  await page.getByLabel('Af reikningi (IBAN)').fill(debtorIban);
  await expect(pick).toHaveValue(debtorIban);
  // In English, before the scripts: an account picked, and one typed in the other form.
  let early = await openBeforeScripts(page, '/en/payments/new/single');
  await page.getByLabel('From my accounts').selectOption({ index: 1 });
  early.release();
  await expect(page.getByLabel('From account (IBAN)')).toHaveValue(debtorIban);
  early = await openBeforeScripts(page, '/en/payments/new/periodic');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  early.release();
  await expect(page.getByTestId('debtor-bank')).toContainText('This account is at Sandkassabankinn.');
  await expect(page.getByLabel('From account (IBAN)')).toHaveValue(debtorIban);

  await page.goto('/is/my-accounts');
  await expect(page.getByRole('heading', { name: 'Mínir reikningar' })).toBeVisible();
  await page.getByRole('button', { name: 'Fjarlægja' }).click();
  await expect(page.getByTestId('my-account')).toHaveCount(0);
  await expect(page.getByText('Engir reikningar enn.')).toBeVisible();
  await page.context().close();
});

test('payees: added with a domestic account, found by typing (keyboard), saved from a form, edited, deleted; a stranger cannot touch them', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('payees'));
  await page.goto('/is/payees');
  await expect(page.getByRole('heading', { name: 'Viðtakendur' })).toBeVisible();
  const hostile = '<img src=x onerror=alert(1)> Leigusali';
  await page.getByLabel('Nafn', { exact: true }).fill(hostile);
  // A domestic account without its owner's kennitala: refused in the page's words, beside the field, with
  // what was typed kept (the form's words come from the page, its answer's from the action).
  await page.getByLabel('Reikningur').fill('0301-26-001234');
  await page.getByRole('button', { name: 'Vista viðtakanda' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Laga þarf einhverja reiti.' })).toBeVisible();
  await expect(page.getByLabel('Kennitala (má sleppa)')).toHaveAccessibleDescription(
    'Með innlendu reikningsnúmeri þarf kennitölu eiganda.',
  );
  await expect(page.getByLabel('Nafn', { exact: true })).toHaveValue(hostile);
  await expect(page.getByLabel('Reikningur')).toHaveValue('0301-26-001234');
  await page.getByLabel('Kennitala (má sleppa)').fill('5101696399');
  await page.getByRole('button', { name: 'Vista viðtakanda' }).click();
  await expect(page.getByText('Viðtakandinn er vistaður.')).toBeVisible();
  const payee = page.getByTestId('payee');
  await expect(payee).toContainText(hostile);
  await expect(payee.getByTestId('domestic-account')).toHaveText('0301-26-001234');
  await expect(payee).toContainText('IS87 0301 2600 1234 5101 6963 99');
  expect(await seriousViolations(page)).toEqual([]);

  // Found by typing in the recipient search, chosen with the keyboard.
  await page.goto('/is/payments/new/single');
  const search = page.getByRole('combobox', { name: 'Finna vistaðan viðtakanda' });
  await search.fill('0301-26');
  await expect(page.getByRole('option', { name: /Leigusali/ })).toBeVisible();
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /option-0/);
  await search.press('Enter');
  await expect(page.getByLabel('Á reikning (IBAN)')).toHaveValue(creditorIban);
  await expect(page.getByLabel('Nafn viðtakanda')).toHaveValue(hostile);
  await expect(page.getByText(`Fyllt út eftir viðtakandanum „${hostile}“.`)).toBeAttached();
  expect(await seriousViolations(page)).toEqual([]);

  // Saved from a form, in English.
  await page.goto('/en/payments/new/single');
  await page.getByLabel('A payment card').check();
  await page.getByLabel('Card number').fill('123456******1234');
  await page.getByRole('button', { name: 'Save this recipient as a payee' }).click();
  await page.getByLabel('Payee’s name').fill('Kortið hennar Gunnu');
  await page.getByRole('button', { name: 'Save payee' }).click();
  await expect(page.getByText('The payee is saved.')).toBeVisible();

  await page.goto('/en/payees');
  await expect(page.getByTestId('payee')).toHaveCount(2);
  const card = page.getByTestId('payee').filter({ hasText: 'Kortið hennar Gunnu' });
  await card.getByRole('button', { name: 'Edit payee: Kortið hennar Gunnu' }).click();
  await page.getByLabel('Name', { exact: true }).first().fill('Gunna');
  await page.getByRole('button', { name: 'Save payee' }).first().click();
  await expect(page.getByTestId('payee').filter({ hasText: 'Gunna' })).toContainText('123456******1234');

  // A stranger: sees none, and their delete and edit with this PSU's payee id change nothing.
  const cardId = await page
    .getByTestId('payee')
    .filter({ hasText: 'Gunna' })
    .locator('input[name="id"]')
    .getAttribute('value');
  expect(cardId).toMatch(/^[0-9a-f-]{36}$/);
  const stranger = await signInAs(browser, 'anna@greidsla.is');
  await stranger.goto('/en/payees');
  await expect(stranger.getByText('No saved payees yet.')).toBeVisible();
  await stranger.getByLabel('Name', { exact: true }).fill('Mine');
  await stranger.getByLabel('Account', { exact: true }).fill(creditorIban);
  await stranger.getByRole('button', { name: 'Save payee' }).click();
  await expect(stranger.getByTestId('payee')).toHaveCount(1);
  await stranger
    .getByTestId('payee')
    .locator('input[name="id"]')
    .evaluate((input, id) => {
      (input as HTMLInputElement).value = id ?? '';
    }, cardId);
  await stranger.getByTestId('payee').getByRole('button', { name: 'Delete' }).click();
  await expect(stranger.getByText('We cannot find this among your saved items.')).toBeVisible();
  await stranger.getByRole('button', { name: 'Edit payee: Mine' }).click();
  await stranger
    .locator('form input[name="id"]')
    .first()
    .evaluate((input, id) => {
      (input as HTMLInputElement).value = id ?? '';
    }, cardId);
  await stranger.getByLabel('Name', { exact: true }).first().fill('Stolen');
  await stranger.getByRole('button', { name: 'Save payee' }).first().click();
  await expect(stranger.getByText('We cannot find this among your saved items.')).toBeVisible();
  await stranger.context().close();

  await page.reload();
  await expect(page.getByTestId('payee').filter({ hasText: 'Gunna' })).toHaveCount(1);
  await page
    .getByTestId('payee')
    .filter({ hasText: 'Gunna' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByTestId('payee')).toHaveCount(1);
  await page.context().close();
});

test('pay again from a single, a standing order and a bulk; a bulk saved as a template and started from it; a stranger gets none of it', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('pay-again'));
  const single = await paySettled(page, 'Leiga nóvember');
  await page.goto(single.replace('/en/', '/is/'));
  // The recipient of a past payment saved as a payee.
  await page.getByLabel('Nafn viðtakanda').fill('Leigusali');
  await page.getByRole('button', { name: 'Vista viðtakandann' }).click();
  await expect(page.getByText('Viðtakandinn er vistaður.')).toBeVisible();
  await page.getByRole('link', { name: 'Greiða aftur' }).click();
  await expect(page.getByText('Fyllt út eftir fyrri greiðslu.')).toBeVisible();
  await expect(page.getByLabel('Á reikning (IBAN)')).toHaveValue(creditorIban);
  await expect(page.getByLabel('Upphæð')).toHaveValue('12.500');
  await expect(page.getByLabel('Skilaboð til viðtakanda')).toHaveValue('Leiga nóvember');
  await expect(page.getByLabel('Nafn viðtakanda')).toHaveValue('Leigusali ehf.');

  // A standing order, left at the bank's page: copied to a new one, in English (it is not paid again now).
  await page.goto('/en/payments/new/periodic');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Amount').fill('25,000');
  await page.getByLabel('Message to the recipient').fill('Húsaleiga');
  await page.getByLabel('First payment on or after').fill(daysAhead(40));
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank(), { timeout: 30_000 });
  const orderAtBank = page.url();
  await page.goto('/en/payments');
  await page.locator('tbody tr', { hasText: 'Húsaleiga' }).getByRole('link').first().click();
  // While the bank waits for the PSU to confirm it, it is not copied: the copy could be confirmed beside it.
  await expect(page.getByText('Húsaleiga').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Pay again|Copy to a new standing order/ })).toHaveCount(0);
  await page.goto(orderAtBank);
  await approveAtBank(page);
  await expect(page.getByRole('link', { name: 'Pay again' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Copy to a new standing order' }).click();
  await expect(page).toHaveURL(/\/en\/payments\/new\/periodic\?from=/);
  await expect(page.getByLabel('Amount')).toHaveValue(/^25[.,]?000$/);
  await expect(page.getByLabel('How often')).toHaveValue('Monthly');
  await expect(page.getByLabel('First payment on or after')).toHaveValue('');

  // A bulk of two, kept as a template, started from it.
  await page.goto('/en/payments/new/bulk');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await page.getByLabel('To account, payment 1').fill(creditorIban);
  await page.getByLabel('Amount, payment 1').fill('7,500');
  await page.getByLabel('To account, payment 2').fill(debtorIban);
  await page.getByLabel('Amount, payment 2').fill('1,000');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank(), { timeout: 30_000 });
  await approveAtBank(page);
  await page.goto('/en/payments');
  // The history's row says who the bulk pays: its recipients have no names here, so their accounts.
  const bulkId = await page
    .locator('tbody tr', { hasText: '2 payments' })
    .filter({ hasText: '0301-26-001234 and 0159-26-007654' })
    .first()
    .getAttribute('data-payment-id');
  // A name that would turn its text around is refused in the page's words, Icelandic here, and stays as typed.
  await page.goto(`/is/payments/${bulkId}`);
  const turned = 'Laun \u202efebrúar';
  await page.getByLabel('Heiti sniðmáts').fill(turned);
  await page.getByRole('button', { name: 'Vista sem sniðmát' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Laga þarf einhverja reiti.' })).toBeVisible();
  await expect(page.getByText(/Í nafninu eru línuskil eða önnur stýri- eða stefnutákn/)).toBeVisible();
  await expect(page.getByLabel('Heiti sniðmáts')).toHaveValue(turned);
  await page.goto(`/en/payments/${bulkId}`);
  await page.getByLabel('Template name').fill('Monthly wages');
  await page.getByRole('button', { name: 'Save as template' }).click();
  await expect(page.getByText('The template is saved.')).toBeVisible();
  const payAgain = await page.getByRole('link', { name: 'Pay again' }).getAttribute('href');
  expect(payAgain).toBe(`/en/payments/new/bulk?from=${bulkId}`);
  await page.goto(payAgain ?? '');
  await expect(page.getByLabel('Amount, payment 2')).toHaveValue(/^1[.,]?000$/);

  await page.goto('/is/payments/new/bulk');
  // The template says how many payments it holds, in the page's words.
  await expect(page.getByTestId('bulk-template')).toContainText('2 greiðslur');
  await page.getByRole('link', { name: 'Byrja á sniðmátinu „Monthly wages“' }).click();
  await expect(page.getByText('Fyllt út eftir sniðmátinu „Monthly wages“.')).toBeVisible();
  await expect(page.getByLabel('Af reikningi (IBAN)')).toHaveValue(debtorIban);
  await expect(page.getByLabel('Upphæð, greiðsla 2')).toHaveValue(/^1[.,]?000$/);
  expect(await seriousViolations(page)).toEqual([]);
  const templateId = new URL(page.url()).searchParams.get('template');

  // A stranger: another PSU's payment or template fills in nothing, and their template list is empty.
  const stranger = await signInAs(browser, 'anna@greidsla.is');
  await stranger.goto(`/en/payments/new/bulk?template=${templateId}`);
  await expect(stranger.getByText(/Filled in from/)).toHaveCount(0);
  await expect(stranger.getByTestId('bulk-template')).toHaveCount(0);
  await stranger.goto(`/en/payments/new/single?from=${single.split('/').pop()}`);
  await expect(stranger.getByText(/Filled in from/)).toHaveCount(0);
  await expect(stranger.getByLabel('To account (IBAN)')).toHaveValue('');
  await stranger.context().close();

  await page.getByRole('button', { name: 'Eyða sniðmátinu „Monthly wages“' }).click();
  await expect(page.getByTestId('bulk-template')).toHaveCount(0);
  await page.context().close();
});
