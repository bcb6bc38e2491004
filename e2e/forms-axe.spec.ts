import { seriousViolations } from './support/axe';
import { expect, test } from './support/test';

const FORMS = ['single', 'periodic', 'bulk'] as const;
const SUBMIT = { en: 'Continue to your bank', is: 'Áfram í bankann þinn' } as const;

for (const locale of ['is', 'en'] as const) {
  for (const form of FORMS) {
    test(`${form} form in ${locale}: no serious or critical axe violations, empty and with errors`, async ({
      page,
    }) => {
      await page.goto(`/${locale}/payments/new/${form}`);
      await expect(page.getByRole('button', { name: SUBMIT[locale] })).toBeVisible();
      if (form === 'bulk')
        await page
          .getByRole('button', { name: locale === 'en' ? 'Add a payment' : 'Bæta við greiðslu' })
          .click();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: SUBMIT[locale] }).click();
      await expect(page.getByRole('alert').first()).not.toBeEmpty();
      await page
        .locator('details')
        .first()
        .evaluate((details) => {
          (details as HTMLDetailsElement).open = true;
        });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('the payment type chooser links the three forms', async ({ page }) => {
  await page.goto('/en/payments/new');
  for (const name of ['Single payment', 'Standing order', 'Bulk payment']) {
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
});
