import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { OTHER_BANKS } from '../sandbox/src/banks';
import { bankingDayAhead, creditorIban, daysAhead } from './forms-helpers';
import { atBank, sandboxUrl } from './support/bank';
import { createClaim, otherClaimsBank } from './support/claims';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// One session pays at a bank that speaks IOBWS 3.2 as published (Suðurbankinn, /v1/…) and at one that speaks ours
// (Norðurbankinn, /psd2/api/v1/…), through the same forms and pages: a forward-dated payment approved on the bank's
// page and then cancelled there (redirect), a bulk confirmed with a code on our page (embedded), a standing order
// approved in the bank's app (decoupled), and a bill. The run's teardown checks every request and answer of the
// IOBWS bank against the published contracts (e2e/contract-check.teardown.ts).
const BANKS = [
  { id: 'sudur', name: 'Suðurbankinn', bill: 'SUDUR-3' },
  // A bill of its own, issued by this run (e2e/support/claims.ts): the seeded ones are other specs' to read.
  { id: 'nordur', name: 'Norðurbankinn', bill: `NORDUR-${randomUUID().slice(0, 6).toUpperCase()}` },
] as const;

function accountOf(bankId: string, username: string): string {
  const bank = OTHER_BANKS.find((profile) => profile.id === bankId);
  return bank?.psus.find((psu) => psu.username === username)?.accounts[0]?.iban ?? '';
}

test.describe.configure({ timeout: 240_000 });

async function fillFrom(page: Page, debtor: string, bankName: string) {
  await page.getByLabel('From account (IBAN)').fill(debtor);
  await expect(page.getByTestId('debtor-bank')).toContainText(bankName);
}

/** Signs in at the bank's page and approves what it asks: the payment, or (`confirm`) its cancellation. */
async function signInAtBank(page: Page, bankId: string, username: string, confirm = 'Approve') {
  await page.waitForURL(atBank(`banks/${bankId}/`));
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('sandbox');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: confirm }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
}

async function expectStatus(page: Page, status: RegExp) {
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', status, { timeout: 30_000 });
}

for (const bank of BANKS) {
  test(`${bank.name}: forward-dated and cancelled, bulk, standing order and a bill, each SCA approach`, async ({
    page,
    request,
  }) => {
    // Redirect: a payment for a later day, approved on the bank's page, then cancelled with its confirmation there.
    await page.goto('/en/payments/new/single');
    await fillFrom(page, accountOf(bank.id, 'jon'), bank.name);
    await page.getByLabel('To account (IBAN)').fill(creditorIban);
    await page.getByLabel('Amount').fill('4,000');
    await page.getByLabel('Message to the recipient').fill(`${bank.id} later`);
    await page.getByLabel('Payment date').fill(bankingDayAhead(30));
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await signInAtBank(page, bank.id, 'jon');
    await expectStatus(page, /^(ACTC|PDNG|ACSP|ACWC)$/);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page
      .getByRole('group', { name: 'Cancel payment' })
      .getByRole('button', { name: 'Cancel payment' })
      .click();
    await signInAtBank(page, bank.id, 'jon', 'Confirm cancellation');
    await expectStatus(page, /^CANC$/);

    // Embedded: a bulk of two, the method chosen and the code typed on our page.
    await page.goto('/en/payments/new/bulk');
    await fillFrom(page, accountOf(bank.id, 'olafur'), bank.name);
    await page.getByRole('button', { name: 'Add a payment' }).click();
    await page.getByRole('button', { name: 'Add a payment' }).click();
    for (const row of [1, 2]) {
      await page.getByLabel(`To account, payment ${row}`).fill(creditorIban);
      await page.getByLabel(`Amount, payment ${row}`).fill(`${row},500`);
    }
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
    const panel = page.locator('[data-sca-step]');
    await expect(panel).toHaveAttribute('data-sca-step', 'choose-method');
    await page.getByRole('radio', { name: /SMS/ }).check();
    await page.getByRole('button', { name: 'Use this method' }).click();
    await page.getByLabel('One-time code').fill('123456');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expectStatus(page, /^(ACSC|ACCC|PART)$/);

    // Decoupled: a standing order, approved in the bank's app while our page waits.
    await page.goto('/en/payments/new/periodic');
    await fillFrom(page, accountOf(bank.id, 'helga'), bank.name);
    await page.getByLabel('To account (IBAN)').fill(creditorIban);
    await page.getByLabel('Amount').fill('2,000');
    await page.getByLabel('Message to the recipient').fill(`${bank.id} monthly`);
    await page.getByLabel('How often').selectOption('Monthly');
    await page.getByLabel('First payment on or after').fill(daysAhead(10));
    await page.getByLabel('Last payment on or before').fill(daysAhead(200));
    await page.getByRole('radio', { name: 'English' }).check();
    // A reference of 40 characters: ours takes 140 (payment spec 2.2), IOBWS 3.2 one of 35, which the form counts
    // against, and which is refused beside the field before anything is sent.
    await page.getByText('More details').click();
    const reference = page.getByLabel('Structured reference');
    await reference.fill('R'.repeat(40));
    if (bank.id === 'sudur') {
      await expect(page.getByText('5 characters too many')).toBeVisible();
      await page.getByRole('button', { name: 'Continue to your bank' }).click();
      await expect(
        page.getByText('Too long for the paying account’s bank. Use at most 35 characters.', { exact: true }),
      ).toBeVisible();
      await expect(
        page.getByText('A field marked below is longer than the bank of this account takes.'),
      ).toBeVisible();
      await reference.fill('R'.repeat(35));
    } else await expect(page.getByText('100 characters left')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
    await expect(page.locator('[data-sca-step="decoupled"]')).toBeVisible();
    const admin = `${sandboxUrl}/banks/${bank.id}/sandbox`;
    const { payments } = (await (await request.get(`${admin}/payments`)).json()) as {
      payments: { paymentId: string; body: { debtorAccount?: { iban?: string } } }[];
    };
    const ordered = payments.find(
      (payment) => payment.body.debtorAccount?.iban === accountOf(bank.id, 'helga'),
    );
    const { authorisations } = (await (
      await request.get(`${admin}/authorisations?paymentId=${ordered?.paymentId}`)
    ).json()) as { authorisations: { authorisationId: string; scaStatus: string }[] };
    const waiting = authorisations.find((authorisation) => authorisation.scaStatus === 'started');
    expect((await request.post(`${admin}/decoupled/${waiting?.authorisationId}/approve`)).ok()).toBe(true);
    await expectStatus(page, /^(ACTC|ACCP|ACSP)$/);

    // A bill of Greiðsla ehf. at this bank, paid from Jón's account there: at an IOBWS bank as a claim payment.
    if (bank.id === 'nordur') {
      const dueDate = daysAhead(25);
      await createClaim(
        request,
        { amount: 15_900, dueDate, reference: bank.bill },
        otherClaimsBank('nordur', '03'),
      );
    }
    await page.goto('/en/bills');
    const bill = page.getByTestId('bill').and(page.locator(`[data-reference="${bank.bill}"]`));
    await expect(bill).toHaveAttribute('data-status', 'Unpaid');
    await bill.getByRole('link', { name: `Pay bill ${bank.bill}` }).click();
    await expect(page.getByRole('heading', { name: 'Pay a bill' })).toBeVisible();
    await page.getByLabel('From account (IBAN)').fill(accountOf(bank.id, 'jon'));
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await signInAtBank(page, bank.id, 'jon');
    await expectStatus(page, /^(ACSC|ACCC)$/);
    await expect(async () => {
      await page.goto('/en/bills');
      await expect(bill).toHaveAttribute('data-status', 'Paid', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });
}
