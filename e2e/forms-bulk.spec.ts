import { creditorIban, debtorIban, expectScaPage } from './forms-helpers';
import { openBeforeScripts } from './support/before-hydration';
import { expect, test } from './support/test';

const ROWS = 500;

function bulkCsv(): Buffer {
  const lines = [
    'creditorAccount;creditorKennitala;amount;currency;remittanceInformationUnstructured;endToEndIdentification',
  ];
  for (let i = 1; i <= ROWS; i++) {
    // Amounts as the English page writes them ("1,000"). Payment 3 has a decimal ISK lacks; payment 250 an
    // IBAN with a wrong check digit.
    const amount = i === 3 ? '30.5' : (i * 10).toLocaleString('en-US');
    const account =
      i === 250
        ? 'IS870301260012345101696398;'
        : i % 5 === 0
          ? '0301-26-1234;510169-6399'
          : `${creditorIban};`;
    lines.push(`${account};${amount};ISK;Laun ${i};BULK-${i}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

test('bulk payment: a 500-row CSV with bad cells, row-numbered errors, corrected, to the SCA page', async ({
  page,
}) => {
  await page.goto('/en/payments/new/bulk');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  const id = page.getByLabel('Bulk payment ID');
  await expect(id).toHaveValue(/^GRD-\d{8}-[0-9A-Z]{12}$/);
  await page.getByLabel('One entry on my statement for the whole bulk payment').check();

  // The bound on one request's cost is stated where the payments are imported.
  await expect(page.getByText('A bulk payment holds at most 10,000 payments.')).toBeVisible();
  await page
    .getByLabel('Import a CSV file')
    .setInputFiles({ name: 'laun.csv', mimeType: 'text/csv', buffer: bulkCsv() });
  await expect(page.getByText('500 payments read, 2 cells to correct.')).toBeVisible();
  const errors = page.getByTestId('bulk-errors');
  await expect(errors).toContainText('Payment 3: Amount: An amount in ISK can have no decimals');
  await expect(errors).toContainText('Payment 250: To account: This IBAN is not valid');
  // The cell keeps what the file wrote, for the PSU to correct.
  await expect(page.getByLabel('Amount, payment 3')).toHaveValue('30.5');

  // Sending is refused here, and focus goes to the first bad cell.
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '2 cells need correcting' })).toBeVisible();
  await expect(page.getByLabel('Amount, payment 3')).toBeFocused();
  await page.getByLabel('Amount, payment 3').fill('30');

  await errors.getByRole('button', { name: /Payment 250/ }).click();
  await expect(page.getByLabel('To account, payment 250')).toBeFocused();
  await page.getByLabel('To account, payment 250').fill(creditorIban);
  await expect(errors).toHaveCount(0);

  // 10 + 20 + … + 5.000 ISK
  await expect(page.getByTestId('bulk-totals').locator('li[data-currency="ISK"]')).toHaveAttribute(
    'data-amount',
    String((10 * ROWS * (ROWS + 1)) / 2),
  );
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expectScaPage(page, 'en');
});

test('bulk payment typed in by hand, rows added and removed', async ({ page }) => {
  await page.goto('/en/payments/new/bulk');
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await page.getByRole('button', { name: 'Add a payment' }).click();
  await expect(page.getByText('2 payments')).toBeVisible();
  // Rows not typed in yet are no errors to show: nothing is marked, nothing counted, until typed in or sent.
  const table = page.getByRole('table');
  await expect(table.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.getByText(/needs? correcting/)).toHaveCount(0);
  await page.getByLabel('To account, payment 1').fill(creditorIban);
  // Who is paid, by name, in the table itself.
  await page.getByLabel('Recipient’s name, payment 1').fill('Guðrún Helgadóttir');
  await page.getByLabel('Amount, payment 1').fill('7,500');
  // Sent with a row left empty: now its errors show, and the form goes nowhere.
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(table.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/en\/payments\/new\/bulk/);
  await page.getByRole('button', { name: 'Remove payment 2' }).click();
  await expect(page.getByText('1 payment', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Icelandic' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expectScaPage(page, 'is');
});

test('a row added while the PSU has moved on to another field leaves their focus and their typing where they are', async ({
  page,
}) => {
  await page.goto('/en/payments/new/bulk');
  const add = page.getByRole('button', { name: 'Add a payment' });
  await expect(add).toBeEnabled();
  // The row tools load when first asked for, after the page: held back here until the PSU has moved on.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/chunks/**', async (route) => {
    await held;
    await route.continue();
  });
  await add.click();
  const from = page.getByLabel('From account (IBAN)');
  await from.click();
  await from.pressSequentially('IS14');
  release();
  const firstRow = page.getByLabel('To account, payment 1');
  await expect(firstRow).toBeVisible();
  // Frames enough for a focus the press had asked for to land.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 0;
        const next = () => (++frames < 10 ? requestAnimationFrame(next) : resolve());
        requestAnimationFrame(next);
      }),
  );
  await expect(from).toBeFocused();
  await page.keyboard.type('0159');
  await expect(from).toHaveValue('IS140159');
  await expect(firstRow).toHaveValue('');
  // A press left alone takes focus to the new row, as it always did.
  await add.click();
  await expect(page.getByLabel('To account, payment 2')).toBeFocused();
});

test('a file chosen before the page has hydrated is read; a tab-separated file is read, a workbook is told it is no CSV (is)', async ({
  page,
}) => {
  const early = await openBeforeScripts(page, '/is/payments/new/bulk');
  const file = page.getByLabel('Lesa inn CSV-skrá');
  // In the page's words, not the browser's ("Choose File", "No file chosen").
  await expect(page.getByText('Engin skrá valin', { exact: true })).toBeVisible();
  await file.setInputFiles({
    name: 'laun.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(
      `Á reikning\tUpphæð\tSkilaboð\n${creditorIban}\t12.500\tLeiga, mars\n${creditorIban}\t1.000\tHússjóður\n`,
    ),
  });
  early.release();
  await expect(page.getByText('2 greiðslur lesnar, engar villur.')).toBeVisible();
  await expect(page.getByText('laun.txt', { exact: true })).toBeVisible();
  // The bound in Icelandic digits, the same on the server and in a browser without Icelandic locale data.
  await expect(page.getByText('Fjöldagreiðsla rúmar mest 10.000 greiðslur.')).toBeVisible();

  // The button in our words opens the browser's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Veldu skrá…', { exact: true }).click();
  await (await chooser).setFiles({
    name: 'laun.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]),
  });
  await expect(page.getByText('Þessi skrá er ekki CSV-textaskrá.', { exact: false })).toBeVisible();
  await expect(page.getByText('laun.xlsx', { exact: true })).toBeVisible();
  await expect(page.getByText(/engan dálk/)).toHaveCount(0);
});
