import type { Page } from '@playwright/test';
import { atBank, sandboxUrl } from './support/bank';
import { openBeforeScripts } from './support/before-hydration';
import { signInAs } from './support/payments';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// Every SCA approach of the sandbox bank, driven from the PSU's side to its end. The bank picks the
// approach by the owner of the paying account (sandbox/README.md, "SCA approaches").
const creditor = 'IS870301260012345101696399';

async function pay(page: Page, debtorIban: string, remittance: string) {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditor);
  await page.getByLabel('Amount').fill('2500');
  await page.getByLabel('Message to the recipient').fill(remittance);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
}

async function approveAtBank(page: Page, username: string) {
  await page.waitForURL(atBank('sca/'));
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
}

function timeline(page: Page) {
  return page.getByTestId('status-history').locator('li');
}

async function timelineSteps(page: Page): Promise<string[]> {
  return timeline(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-status') ?? ''));
}

async function expectSettled(page: Page, final = 'ACSC') {
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', final, {
    timeout: 30_000,
  });
}

test('OAuth: the bank\u2019s authorisation server, a code back to us, confirmed', async ({ page }) => {
  await pay(page, 'IS250515260012340303904239', 'OAuth SCA');
  await approveAtBank(page, 'sigrun');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expectSettled(page);
  const steps = await timelineSteps(page);
  expect(steps[0]).toBe('RCVD');
  expect(steps).toContain('finalised');
});

// Helga approves in the bank's app (decoupled); this spec alone pays from her account.
const decoupledDebtor = 'IS950515260012341505852289';

test('decoupled: the PSU approves in the bank\u2019s app while our page waits', async ({ page, request }) => {
  await pay(page, decoupledDebtor, 'Decoupled SCA');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(page.locator('[data-sca-step="decoupled"]')).toBeVisible();
  // The bank's psuMessage (payment spec 2.5), under our own heading.
  await expect(page.locator('[data-bank-message="psuMessage"]')).toContainText(
    "Please approve the payment in the bank's app.",
  );
  await expect(timeline(page).filter({ has: page.locator('[data-sca-status="started"]') })).toHaveCount(1);

  // This payment's own authorisation: other specs may be paying at the same bank meanwhile.
  const { payments } = (await (await request.get(`${sandboxUrl}/sandbox/payments`)).json()) as {
    payments: { paymentId: string; body: { debtorAccount?: { iban?: string } } }[];
  };
  const bankPayment = payments.find((payment) => payment.body.debtorAccount?.iban === decoupledDebtor);
  const { authorisations } = (await (
    await request.get(`${sandboxUrl}/sandbox/authorisations?paymentId=${bankPayment?.paymentId}`)
  ).json()) as { authorisations: { authorisationId: string; scaStatus: string }[] };
  const waiting = authorisations.find((authorisation) => authorisation.scaStatus === 'started');
  expect(waiting).toBeDefined();
  expect(
    (await request.post(`${sandboxUrl}/sandbox/decoupled/${waiting?.authorisationId}/approve`)).ok(),
  ).toBe(true);

  await expectSettled(page);
  expect(await timelineSteps(page)).toEqual(expect.arrayContaining(['RCVD', 'started', 'finalised', 'ACSC']));
  await expect(page.locator('[data-sca-step]')).toHaveCount(0);
});

test('embedded: method chosen, a photo challenge, a wrong code refused, the right one accepted', async ({
  page,
}) => {
  await pay(page, 'IS830515260012342207793199', 'Embedded SCA');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  const panel = page.locator('[data-sca-step]');
  await expect(panel).toHaveAttribute('data-sca-step', 'choose-method');
  await page.getByRole('radio', { name: /photo/i }).check();
  await page.getByRole('button', { name: 'Use this method' }).click();

  await expect(panel).toHaveAttribute('data-sca-step', 'otp');
  await expect(page.getByRole('img', { name: /Scan this image/ })).toBeVisible();
  const otp = page.getByLabel('One-time code');
  await expect(otp).toHaveAttribute('maxlength', '6');
  await expect(otp).toHaveAttribute('inputmode', 'numeric');
  // Nothing typed, then letters: said in the page's words, and nothing sent to the bank.
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Enter the one-time code from your bank.' }),
  ).toBeVisible();
  await expect(otp).toBeFocused();
  await otp.fill('12ab');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is digits only.' })).toBeVisible();
  await otp.fill('000000');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code was not right' })).toBeVisible();
  // The bank's refusal in the words of the page's language, which the page's scripts carry no texts for.
  const english = page.url();
  await page.goto(english.replace('/en/', '/is/'));
  await page.getByLabel('Einnota kóði').fill('111111');
  await page.getByRole('button', { name: 'Staðfesta greiðslu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Kóðinn var ekki réttur.' })).toBeVisible();
  await page.goto(english);

  await otp.fill('123456');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expectSettled(page);
  expect(await timelineSteps(page)).toEqual(
    expect.arrayContaining(['RCVD', 'scaMethodSelected', 'finalised', 'ACSC']),
  );
});

test('before the page has its scripts, an SCA step on our page waits for them: nothing goes into the address', async ({
  page,
}) => {
  await pay(page, 'IS830515260012342207793199', 'Embedded before scripts');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  const path = new URL(page.url()).pathname;
  const scripts = await openBeforeScripts(page, path);
  const use = page.getByRole('button', { name: 'Use this method' });
  // The browser would send the step's form itself, by GET, with the method (a code, a password) in the address.
  await expect(use).toBeDisabled();
  await page.getByRole('radio', { name: /photo/i }).press('Enter');
  expect(new URL(page.url()).search).toBe('');
  scripts.release();
  await expect(use).toBeEnabled();
  await use.click();
  await expect(page.locator('[data-sca-step]')).toHaveAttribute('data-sca-step', 'otp');
  expect(new URL(page.url()).search).toBe('');
});

test('multilevel: the first signer leaves it waiting for another, the second completes it', async ({
  page,
}) => {
  await pay(page, 'IS780515260012345102993029', 'Multilevel SCA');
  await approveAtBank(page, 'gunnar');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  // The bank's status notification may record PATC before the browser is back: order by arrival.
  await expect(page.getByTestId('status-history').locator('li[data-status="PATC"]')).toHaveCount(1);
  await expect(page.locator('[data-sca-step]')).toHaveAttribute('data-sca-step', 'another-signer');
  await expect(page.getByText('Awaiting another signer').first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign as the next signer' }).click();
  await approveAtBank(page, 'kristin');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expectSettled(page);
  expect(await timelineSteps(page)).toEqual(expect.arrayContaining(['RCVD', 'PATC', 'finalised', 'ACSC']));
});

test('IOBWS straight-through: confirmed on our page, the bank executes at once', async ({ page }) => {
  await pay(page, 'IS950515260012346403164039', 'Straight-through');
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(page.locator('[data-sca-step]')).toHaveAttribute('data-sca-step', 'confirm');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expectSettled(page, 'ACCC');
  expect(await timelineSteps(page)).toEqual(expect.arrayContaining(['RCVD', 'finalised', 'ACCC']));
});

test('IOBWS straight-through from a company account the PSU does not act for: only its holder can confirm', async ({
  browser,
}) => {
  // Anna typed Bókhaldskerfi ehf.'s account: the bank would take our confirmation as the authorisation.
  const anna = await signInAs(browser, 'anna@greidsla.is');
  await pay(anna, 'IS950515260012346403164039', 'Not my company');
  await anna.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(anna.locator('[data-sca-step]')).toHaveAttribute('data-sca-step', 'holder-confirms');
  await expect(anna.locator('[data-sca-step]')).toContainText(
    'Only the account’s holder can confirm this payment.',
  );
  await expect(anna.getByRole('button', { name: 'Confirm payment' })).toHaveCount(0);
  // Not "waiting for you": the bank waits for the account's holder.
  await expect(anna.locator('[data-outcome]')).toHaveAttribute('data-outcome', 'awaitingHolder');
  await expect(anna.locator('[aria-live="polite"] [data-status="RCVD"]')).toHaveText(
    'Waiting for the account’s holder',
  );
  await expect(transactionStatuses(anna).last()).toHaveAttribute('data-status', 'RCVD');
  await anna.context().close();
});
