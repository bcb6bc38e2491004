import type { Locator, Page } from '@playwright/test';
import { creditorIban, debtorIban, expectScaPage, sendBulkOfTwo } from './forms-helpers';
import { newEmail, signUp } from './support/accounts';
import { expectAxeClean } from './support/axe';
import { atBank } from './support/bank';
import { sendSinglePayment } from './support/payments';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// A cut amount can be read as another amount ("15.90" for 15.900 kr.): on the payments list, at a desktop's width
// and a phone's, every payment's amount and status are whole and in view, whatever the names and references beside
// them (a long word is wrapped, an amount never), with no box to scroll sideways; and on a phone the forms'
// fields show their whole text: the choice of one's own account, the weekend rule, a bulk's generated id, and a
// bulk's payments keep inside their box. In Icelandic and in English. A PSU of its own, whose list this spec makes.

test.describe.configure({ timeout: 240_000 });

const desktop = { width: 1100, height: 900 };
const phone = { width: 390, height: 844 };
// One word longer than any column: a reference typed without spaces, and a long street name.
const longReference = 'Reikningur2026120700012345678901234567890ABCDEFGH';
const longName = 'Húsfélagið Kirkjubæjarklaustursvegi 14-16';

/** The element's box, which is to lie inside `within`'s and the screen's, left to right. */
async function expectWholeInside(element: Locator, within: Locator, width: number, what: string) {
  const box = await element.boundingBox();
  const outer = await within.boundingBox();
  expect(box, what).not.toBeNull();
  expect(outer, what).not.toBeNull();
  if (!box || !outer) return;
  expect(box.x, `${what} starts inside its box`).toBeGreaterThanOrEqual(Math.max(0, outer.x) - 0.5);
  expect(box.x + box.width, `${what} ends inside its box and the screen`).toBeLessThanOrEqual(
    Math.min(width, outer.x + outer.width) + 0.5,
  );
}

/** Nothing in the box is cut off to the side or scrolls sideways. */
async function expectNoSidewaysScroll(box: Locator, what: string) {
  const { scrollWidth, clientWidth } = await box.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, `${what}: ${scrollWidth} px of content in ${clientWidth} px`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/** A closed select shows its chosen option whole: the option's text is narrower than the box, less its arrow. */
async function expectSelectShowsWhole(select: Locator) {
  const fit = await select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (context) context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = element.options[element.selectedIndex]?.text ?? '';
    // The arrow takes about 20 px at the box's right.
    const room =
      element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 20;
    return { text, width: Math.ceil(context?.measureText(text).width ?? Number.POSITIVE_INFINITY), room };
  });
  expect(fit.width, `"${fit.text}" is ${fit.width} px in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
}

async function expectListWhole(page: Page, locale: 'is' | 'en', width: number) {
  await page.goto(`/${locale}/payments`);
  const rows = page.locator('tbody tr[data-payment-id]');
  await expect(rows).toHaveCount(4);
  const list = page.locator('table').locator('xpath=..');
  await expectNoSidewaysScroll(list, `the list at ${width} px (${locale})`);
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY))
    .toBeLessThanOrEqual(width);
  for (const row of await rows.all()) {
    const id = await row.getAttribute('data-payment-id');
    for (const [part, element] of [
      ['amount', row.locator('[data-amount]:visible')],
      ['status', row.locator('[data-status]:visible')],
    ] as const) {
      await expect(element).toHaveCount(1);
      await expectWholeInside(element, list, width, `the ${part} of ${id} at ${width} px (${locale})`);
    }
  }
}

test('amounts and statuses are whole on the payments list, and the forms fields on a phone (is and en)', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('whole'));

  // Paid: the paying account becomes the PSU's own, which the forms then offer to choose.
  await sendSinglePayment(page, { amount: '15,900', remittance: 'Rafmagn' });
  await expectScaPage(page, 'en');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', /^(ACSC|ACCC)$/, {
    timeout: 30_000,
  });
  // Left at the bank: a large amount, to a long name, with a reference of one long word.
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Recipient’s name').fill(longName);
  await page.getByLabel('Amount').fill('999,999,999');
  await page.getByLabel('Message to the recipient').fill(longReference);
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank(), { timeout: 30_000 });
  await sendSinglePayment(page, { amount: '1,234,567', remittance: 'Húsgjöld fyrir desember og janúar' });
  await sendBulkOfTwo(page, 'en');
  await page.waitForURL(atBank(), { timeout: 30_000 });

  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    for (const locale of ['is', 'en'] as const) {
      await expectListWhole(page, locale, viewport.width);
      await expectAxeClean(page);
    }
  }

  // On a phone: the bulk's payments inside the box of its page.
  await page.goto('/en/payments');
  const bulk = await page.locator('tbody tr', { hasText: '2 payments' }).getAttribute('data-payment-id');
  for (const locale of ['is', 'en'] as const) {
    await page.goto(`/${locale}/payments/${bulk}`);
    const results = page.locator('section[aria-labelledby="bulk-results-heading"]');
    const table = results.locator('table');
    await expect(table).toBeVisible();
    const inner = await results.evaluate((section) => {
      const box = section.getBoundingClientRect();
      const style = getComputedStyle(section);
      return box.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight);
    });
    const tableBox = await table.boundingBox();
    expect((tableBox?.x ?? 0) + (tableBox?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(
      inner + 0.5,
    );
    for (const amount of await table.locator('[data-amount]').all()) {
      await expectWholeInside(amount, results, phone.width, `a bulk's amount (${locale})`);
    }
  }

  // On a phone: each form's fields show their whole text.
  const labels = {
    is: {
      pick: 'Af mínum reikningum',
      rule: 'Þegar dagur lendir á helgi eða frídegi banka',
      id: 'Auðkenni fjöldagreiðslu',
    },
    en: {
      pick: 'From my accounts',
      rule: 'When a date falls on a weekend or bank holiday',
      id: 'Bulk payment ID',
    },
  };
  for (const locale of ['is', 'en'] as const) {
    const l = labels[locale];
    for (const form of ['single', 'periodic', 'bulk']) {
      await page.goto(`/${locale}/payments/new/${form}`);
      await expect(page.getByLabel(l.pick)).toBeVisible();
      await expectSelectShowsWhole(page.getByLabel(l.pick));
      for (const select of await page.locator('main select:visible').all())
        await expectSelectShowsWhole(select);
      if (form === 'periodic') await expectSelectShowsWhole(page.getByLabel(l.rule));
      if (form === 'bulk') {
        const id = page.getByLabel(l.id);
        await expect(id).toHaveValue(/^GRD-\d{8}-[0-9A-Z]{12}$/);
        await expectNoSidewaysScroll(id, `the bulk's id (${locale})`);
      }
      await expect
        .poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY))
        .toBeLessThanOrEqual(phone.width);
    }
  }
  await page.context().close();
});
