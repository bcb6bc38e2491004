import { mkdirSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { signInAs } from './support/payments';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/en\/operations\/stuck\)/,
      reason: 'a PSU who is not an operator opens the list of stuck payments on purpose and is answered 404',
    },
  ],
});

// The operators' list of stuck payments (docs/operations.md "Payments that are stuck"), in both languages;
// which payments it lists is tested on the database (tests/observability/stuck-payments.test.ts). Nobody else
// reaches it, nor learns that it exists.
test('the list of stuck payments, for operators only, in both languages, and its CSV', async ({
  page,
  browser,
}) => {
  const shots = process.env.STUCK_SHOTS_DIR;
  if (shots) mkdirSync(shots, { recursive: true });
  for (const [locale, words] of [
    [
      'en',
      {
        title: 'Payments that are stuck',
        menu: 'Stuck payments',
        reason: 'No longer followed',
        download: 'Download as CSV',
        header: 'Reason,Detail,Since (Iceland time),Our id,Bank,Bank’s id,PSU e-mail,Last status,',
      },
    ],
    [
      'is',
      {
        title: 'Greiðslur sem hafa strandað',
        menu: 'Strandaðar greiðslur',
        reason: 'Ekki lengur fylgt eftir',
        download: 'Sækja sem CSV',
        header: 'Ástæða,Nánar,Frá (tími á Íslandi),Auðkenni okkar,Banki,Auðkenni bankans,Netfang greiðanda,',
      },
    ],
  ] as const) {
    await page.goto(`/${locale}/payments`);
    await page.getByRole('link', { name: words.menu }).click();
    await expect(page).toHaveURL(`/${locale}/operations/stuck`);
    await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
    // The whole list, with what rows the run has.
    expect(await seriousViolations(page)).toEqual([]);
    // Each reason is explained with its threshold, and counted.
    await expect(page.getByText(`${words.reason}:`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('stuck-counts').locator('li[data-reason]')).toHaveCount(6);
    await page
      .getByTestId('stuck-counts')
      .getByRole('link', { name: new RegExp(words.reason) })
      .click();
    await expect(page).toHaveURL(`/${locale}/operations/stuck?reason=notFollowed`);
    await expect(page.getByTestId('stuck-count')).toBeVisible();
    // The list as CSV, of the reason chosen, in the page's language.
    const download = page.getByRole('link', { name: words.download });
    await expect(download).toHaveAttribute(
      'href',
      `/api/operations/stuck?locale=${locale}&reason=notFollowed`,
    );
    const csv = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).slice(0, words.header.length)).toBe(words.header);
    if (shots) {
      await page.goto(`/${locale}/operations/stuck`);
      for (const width of [1100, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/stuck-${locale}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  }

  const anna = await signInAs(browser, 'anna@greidsla.is');
  expect((await anna.goto('/en/operations/stuck'))?.status()).toBe(404);
  await expect(anna.getByText('Payments that are stuck')).toHaveCount(0);
  await anna.goto('/en/payments');
  await expect(anna.getByRole('link', { name: 'Stuck payments' })).toHaveCount(0);
  // Nor its CSV, of any reason: as the page, 404, and not a PSU's address in it.
  for (const query of ['', '?locale=en', '?reason=unsent']) {
    const csv = await anna.request.get(`/api/operations/stuck${query}`);
    expect(csv.status()).toBe(404);
    expect(await csv.text()).not.toContain('@');
  }
  await anna.context().close();

  const visitor = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await visitor.goto('/en/operations/stuck?reason=unsent');
  await expect(visitor).toHaveURL(/\/en\/sign-in\?returnTo=%2Foperations%2Fstuck/);
  await expect(visitor.getByText('Payments that are stuck')).toHaveCount(0);
  const csv = await visitor.request.get('/api/operations/stuck?locale=en');
  expect(csv.status()).toBe(401);
  expect(await csv.text()).not.toContain('@');
  await visitor.context().close();
});
