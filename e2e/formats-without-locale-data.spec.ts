import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expectScaPage } from './forms-helpers';
import { newEmail, signUp } from './support/accounts';
import { createClaim } from './support/claims';
import { paymentIdOf, sendSinglePayment } from './support/payments';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// Amounts, dates and accounts on the Icelandic and English pages never come from the browser's Intl.
// The Chromium the tests use has no Icelandic locale data: with the browser set to is-IS it writes
// CLDR's root patterns ("2026 M12 7", "ISK 12,500"), with en-US American ones ("Dec 7, 2026"). The
// pages are read in both, after their client components have hydrated: the history, a payment and
// the bills of the demo PSU, and the receipt, standing orders, own accounts and payees of a PSU of the
// spec's own (signed up here, as it saves accounts and payees).

const tag = randomUUID().slice(0, 6).toUpperCase();
const reference = `FMT-${tag}`;
const dueYear = new Date().getUTCFullYear() + 1;
const nbsp = '\u00a0';

// CLDR's abbreviated months, as Icelandic and English readers see them.
const months = {
  is: ['jan.', 'feb.', 'mar.', 'apr.', 'maí', 'jún.', 'júl.', 'ágú.', 'sep.', 'okt.', 'nóv.', 'des.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
} as const;

/** "7. des. 2026" (is), "7 Dec 2026" (en), whole on a line (no-break spaces): the day on Iceland's clock (UTC). */
function dayOf(iso: string, locale: 'is' | 'en'): string {
  const at = new Date(iso);
  const [day, month, year] = [at.getUTCDate(), months[locale][at.getUTCMonth()], at.getUTCFullYear()];
  return locale === 'is' ? `${day}.${nbsp}${month}${nbsp}${year}` : `${day}${nbsp}${month}${nbsp}${year}`;
}

/** "7. des. 2026 kl. 13:05" (is), "7 Dec 2026, 13:05" (en), on Iceland's clock (UTC). */
function moment(iso: string, locale: 'is' | 'en', seconds = false): string {
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  const clock = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}${seconds ? `:${two(at.getUTCSeconds())}` : ''}`;
  return `${dayOf(iso, locale)}${locale === 'is' ? ' kl. ' : ', '}${clock}`;
}

const shown = {
  is: {
    paid: `12.500${nbsp}kr.`,
    euro: `1.234,50${nbsp}€`,
    bill: `3.500${nbsp}kr.`,
    due: `Gjalddagi 7. des. ${dueYear}`,
    kennitala: 'kt. 510169-6399',
    debtor: '0159-26-007654, kt. 551073-0339',
    debtorKennitala: 'kt. 551073-0339',
    schedule: `Frá 7. des. ${dueYear} til 7. des. ${dueYear + 1}`,
    asap: 'Sem fyrst',
  },
  en: {
    paid: `ISK${nbsp}12,500`,
    euro: `EUR${nbsp}1,234.50`,
    bill: `ISK${nbsp}3,500`,
    due: `Due 7 Dec ${dueYear}`,
    kennitala: 'kennitala 510169-6399',
    debtor: '0159-26-007654, kennitala 551073-0339',
    debtorKennitala: 'kennitala 551073-0339',
    schedule: `From 7 Dec ${dueYear} until 7 Dec ${dueYear + 1}`,
    asap: 'As soon as possible',
  },
} as const;

interface PaymentJson {
  createdAt: string;
  events: { at: string; transactionStatus: string | null }[];
}

const debtorIbanShown = 'IS14 0159 2600 7654 5510 7303 39';
const creditorIbanShown = 'IS87 0301 2600 1234 5101 6963 99';

/** Text exactly as the page has it, no-break spaces included (toHaveText would fold them). */
async function expectText(locator: Locator, text: string) {
  await expect.poll(async () => (await locator.textContent())?.trim()).toBe(text);
}

/**
 * Waits until React has hydrated the element: what is read then is what the browser renders (a
 * text that differed from the server's would have been rendered again in the browser).
 */
async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

test.describe.configure({ mode: 'serial' });

let paid = '';
let euro = '';
/** The spec's own PSU: its session, its paid payment and its standing order. */
let ownPsu: BrowserContextOptions['storageState'];
let ownPaid = '';
let standingOrder = '';

async function approveAndSettle(page: Page) {
  await expectScaPage(page, 'en');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', /^(ACSC|ACCC)$/, {
    timeout: 30_000,
  });
}

test('a bill arrives, 12.500 kr. is paid at the bank and a payment in euros is started', async ({
  page,
  request,
}) => {
  await createClaim(request, { amount: 3500, dueDate: `${dueYear}-12-07`, reference });

  await sendSinglePayment(page, { amount: '12,500', remittance: `Paid ${tag}` });
  await approveAndSettle(page);
  paid = await paymentIdOf(page, `Paid ${tag}`);

  // Left at the bank unconfirmed: it is in the history with its amount all the same.
  await sendSinglePayment(page, { amount: '1,234.50', currency: 'EUR', remittance: `Euro ${tag}` });
  euro = await paymentIdOf(page, `Euro ${tag}`);
});

test('a new PSU pays 12.500 kr. (its account is kept), sets up a monthly 12.500 kr. and saves a payee', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('formats'));
  await sendSinglePayment(page, { amount: '12,500', remittance: `Own ${tag}` });
  await approveAndSettle(page);
  ownPaid = await paymentIdOf(page, `Own ${tag}`);

  // Left at the bank: a standing order is listed with its schedule whatever its status.
  await page.goto('/en/payments/new/periodic');
  await page.getByLabel('From account (IBAN)').fill('IS140159260076545510730339');
  await page.getByLabel('To account (IBAN)').fill('IS870301260012345101696399');
  await page.getByLabel('Amount').fill('12,500');
  await page.getByLabel('Message to the recipient').fill(`Order ${tag}`);
  await page.getByLabel('How often').selectOption('Monthly');
  await page.getByLabel('Day of the month').selectOption('7');
  await page.getByLabel('First payment on or after').fill(`${dueYear}-12-07`);
  await page.getByLabel('Last payment on or before').fill(`${dueYear + 1}-12-07`);
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expectScaPage(page, 'en');
  standingOrder = await paymentIdOf(page, `Order ${tag}`);

  await page.goto('/en/payees');
  await page.getByLabel('Name', { exact: true }).fill('Leigusali ehf.');
  await page.getByRole('textbox', { name: 'Account' }).fill('0301-26-001234');
  await page.getByLabel('Kennitala (optional)').fill('5101696399');
  await page.getByRole('button', { name: 'Save payee' }).click();
  await expect(page.getByText('The payee is saved.')).toBeVisible();
  ownPsu = await page.context().storageState();
  await page.context().close();
});

for (const browserLocale of ['is-IS', 'en-US'] as const) {
  test.describe(`a browser set to ${browserLocale}`, () => {
    test.use({ locale: browserLocale });

    test('has no Icelandic number or date data of its own', async ({ page }) => {
      await page.goto('/is/payments');
      const own = await page.evaluate(() => ({
        supported: [
          ...Intl.NumberFormat.supportedLocalesOf(['is']),
          ...Intl.DateTimeFormat.supportedLocalesOf(['is']),
        ],
        amount: new Intl.NumberFormat('is', { style: 'currency', currency: 'ISK' }).format(12500),
        date: new Intl.DateTimeFormat('is', { dateStyle: 'medium', timeZone: 'UTC' }).format(
          Date.UTC(2026, 11, 7),
        ),
      }));
      expect(own.supported).toEqual([]);
      expect(own.amount).not.toBe(`12.500${nbsp}kr.`);
      expect(own.date).not.toBe('7. des. 2026');
    });

    for (const locale of ['is', 'en'] as const) {
      test(`shows the ${locale} history, payment and bills pages in ${locale} formats`, async ({ page }) => {
        expect(paid).not.toBe('');
        const payment = (await (await page.request.get(`/api/payments/${paid}`)).json()) as PaymentJson;

        await page.goto(`/${locale}/payments`);
        const row = page.locator(`tbody tr[data-payment-id="${paid}"]`);
        await expectText(row.locator('td').nth(0), moment(payment.createdAt, locale));
        await expectText(row.locator('[data-amount]'), shown[locale].paid);
        // Sent without a date and paid: the day the bank reported it paid.
        const paidAt = payment.events.find((event) =>
          /^(ACSC|ACCC)$/.test(event.transactionStatus ?? ''),
        )?.at;
        await expectText(row.locator('[data-pay-day]'), dayOf(paidAt ?? '', locale));
        const euroRow = page.locator(`tbody tr[data-payment-id="${euro}"]`);
        await expectText(euroRow.locator('[data-amount]'), shown[locale].euro);
        // No recipient's name: the account, as the PSU knows it, beside its IBAN.
        await expect(euroRow.getByTestId('domestic-account')).toHaveText('0301-26-001234');
        await expect(euroRow.locator('td').nth(2)).toContainText(shown[locale].kennitala);
        await expect(euroRow.locator('td').nth(2)).toContainText('IS87 0301 2600 1234 5101 6963 99');
        // Sent without a date: paid as soon as possible, in words.
        await expect(euroRow.locator('[data-pay-day]')).toHaveText(shown[locale].asap);

        await page.goto(`/${locale}/payments/${paid}`);
        const details = page.locator('dl').first();
        await hydrated(details);
        await expectText(details.locator('[data-amount]'), shown[locale].paid);
        await expect(details.getByTestId('payment-to').getByTestId('domestic-account')).toHaveText(
          '0301-26-001234',
        );
        await expect(details).toContainText(shown[locale].kennitala);
        await expectText(details.locator('dd time'), moment(payment.createdAt, locale));
        const times = page.getByTestId('status-history').locator('time');
        await expect(times).toHaveCount(payment.events.length);
        for (const [index, event] of payment.events.entries()) {
          await expectText(times.nth(index), moment(event.at, locale, true));
        }

        await page.goto(`/${locale}/bills`);
        const bill = page.getByTestId('bill').and(page.locator(`[data-reference="${reference}"]`));
        await hydrated(bill);
        await expectText(bill.locator('[data-amount]'), shown[locale].bill);
        await expect(bill).toContainText(shown[locale].due);
      });

      test(`shows the ${locale} receipt, standing orders, my accounts and payees pages in ${locale} formats`, async ({
        browser,
      }) => {
        expect(ownPaid).not.toBe('');
        const context = await browser.newContext({ locale: browserLocale, storageState: ownPsu });
        const page = await context.newPage();
        const payment = (await (await page.request.get(`/api/payments/${ownPaid}`)).json()) as PaymentJson;

        await page.goto(`/${locale}/payments/${ownPaid}/receipt`);
        const receipt = page.getByTestId('receipt');
        await hydrated(receipt);
        await expectText(receipt.locator('[data-line="amount"] dd'), shown[locale].paid);
        await expectText(receipt.locator('[data-line="created"] dd'), moment(payment.createdAt, locale));
        await expect(receipt.locator('[data-line="debtor"] dd')).toHaveText(
          `${shown[locale].debtor}${debtorIbanShown}`,
        );
        await expect(receipt.locator('[data-line="creditorAccount"] dd')).toHaveText(
          `0301-26-001234, ${shown[locale].kennitala}${creditorIbanShown}`,
        );

        await page.goto(`/${locale}/payments/standing-orders`);
        const order = page.locator(`li[data-payment-id="${standingOrder}"]`);
        await hydrated(order);
        await expectText(order.locator('dd [data-amount]'), shown[locale].paid);
        await expect(order.getByTestId('schedule')).toContainText(shown[locale].schedule);
        await expect(order.getByTestId('domestic-account')).toHaveText('0301-26-001234');
        await expect(order).toContainText(`${shown[locale].kennitala}${creditorIbanShown}`);

        await page.goto(`/${locale}/my-accounts`);
        const account = page.getByTestId('my-account');
        await hydrated(account);
        await expect(account.getByTestId('domestic-account')).toHaveText('0159-26-007654');
        await expect(account).toContainText(`${shown[locale].debtorKennitala}${debtorIbanShown}`);

        await page.goto(`/${locale}/payees`);
        const payee = page.getByTestId('payee');
        await hydrated(payee);
        await expect(payee.getByTestId('domestic-account')).toHaveText('0301-26-001234');
        await expect(payee).toContainText(`${shown[locale].kennitala}${creditorIbanShown}`);
        await context.close();
      });
    }
  });
}
