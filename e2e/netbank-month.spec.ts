import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import {
  bankingDayAhead,
  creditorIban,
  daysAhead,
  debtorIban,
  expectScaPage,
  sendBulkOfTwo,
} from './forms-helpers';
import { newEmail, signUp } from './support/accounts';
import { expectAxeClean } from './support/axe';
import { atBank, sandboxUrl } from './support/bank';
import { expect, test } from './support/test';
import { transactionStatuses } from './support/timeline';

// A customer's month with the everyday netbank tools, in Icelandic and English, each test with a PSU
// of its own: payments waiting, a standing order with names changed at the bank (and a change whose
// cancellation the bank refuses), payees found without Icelandic letters, templates, paying to one's
// own account, and exports a customer can open.

test.describe.configure({ timeout: 240_000 });

const accepted = /^(ACTC|ACCP|ACSP)$/;

/** Approves at the bank's page and waits for the return to a payment's page; answers its id. */
async function approveAtBank(page: Page, language: 'is' | 'en') {
  await expectScaPage(page, language);
  await page.getByRole('button', { name: language === 'is' ? 'Samþykkja' : 'Approve' }).click();
  await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return /\/payments\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
}

/** Waits until React has hydrated the element, so that a choice made in it reaches the form. */
async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

/** The page's own content fits a phone's width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const labels = {
  is: {
    name: 'Heiti föstu greiðslunnar (má sleppa)',
    recipient: 'Nafn viðtakanda',
    from: 'Af reikningi (IBAN)',
    to: 'Á reikning (IBAN)',
    amount: 'Upphæð',
    often: 'Hve oft',
    day: 'Dagur mánaðar',
    start: 'Upphafsdagur (fyrsta greiðsla ekki fyrr)',
    submit: 'Áfram í bankann þinn',
  },
  en: {
    name: 'Name of the standing order (optional)',
    recipient: 'Recipient’s name',
    from: 'From account (IBAN)',
    to: 'To account (IBAN)',
    amount: 'Amount',
    often: 'How often',
    day: 'Day of the month',
    start: 'First payment on or after',
    submit: 'Continue to your bank',
  },
} as const;

/** A monthly standing order with its names, confirmed at the bank; answers its id. */
async function standingOrder(page: Page, language: 'is' | 'en', amount: string) {
  const l = labels[language];
  await page.goto(`/${language}/payments/new/periodic`);
  await page.getByLabel(l.name).fill('Húsaleiga');
  await page.getByLabel(l.from).fill(debtorIban);
  await page.getByLabel(l.to).fill(creditorIban);
  await page.getByLabel(l.recipient).fill('Þórður Ólafsson');
  await page.getByLabel(l.amount, { exact: true }).fill(amount);
  await page.getByLabel(l.often).selectOption('Monthly');
  await page.getByLabel(l.day).selectOption('1');
  await page.getByLabel(l.start).fill(daysAhead(15));
  await page.getByRole('button', { name: l.submit }).click();
  const id = await approveAtBank(page, language);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', accepted, {
    timeout: 30_000,
  });
  // Its page names it as the lists do.
  await expect(page.getByTestId('payment-label')).toHaveText('Húsaleiga');
  return id;
}

test('payments waiting and a standing order changed at the bank: the old one cancelled, the new one accepted (is, en, phone)', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('order-change'));
  const oldId = await standingOrder(page, 'is', '185000');

  // The history names it by its recipient and by the PSU's own name for it, and its search finds it by either.
  await page.goto('/is/payments?q=h%C3%BAsaleiga');
  const listed = page.locator(`tbody tr[data-payment-id="${oldId}"]`);
  await expect(listed).toContainText('Þórður Ólafsson');
  await expect(listed).toContainText('Húsaleiga');
  // Typed in the search field without the Icelandic letters, as on a foreign keyboard: found all the same.
  await page.goto('/en/payments');
  await page.getByLabel('Search recipient or message').fill('thordur olafs');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=thordur\+olafs/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator(`tbody tr[data-payment-id="${oldId}"]`)).toContainText('Þórður Ólafsson');

  // Payments waiting, from the menu: the order's next dates, soonest first, by name.
  await page.goto('/is/payments');
  await page.getByRole('banner').getByRole('link', { name: 'Greiðslur í bið' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Greiðslur í bið' })).toBeVisible();
  const waiting = page.locator(`li[data-payment-id="${oldId}"]`);
  await expect(waiting).toHaveCount(3);
  await expect(waiting.first()).toContainText('Húsaleiga');
  await expect(waiting.first()).toContainText('185.000 kr.');
  await expect(waiting.first().getByRole('button', { name: 'Afturkalla fasta greiðslu' })).toBeVisible();
  const days = await waiting.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-date') ?? ''));
  expect([...days].sort()).toEqual(days);
  await expectAxeClean(page);
  await page.goto('/en/payments/waiting');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments waiting' })).toBeVisible();
  await expect(page.locator(`li[data-payment-id="${oldId}"]`).first()).toContainText('Standing order');

  // A bulk dated ahead waits too, named by who it pays, as the history names it.
  await sendBulkOfTwo(page, 'is', bankingDayAhead(30));
  const bulkId = await approveAtBank(page, 'is');
  await page.goto('/is/payments/waiting');
  const bulk = page.locator(`li[data-payment-id="${bulkId}"]`);
  await expect(bulk).toContainText('Guðrún Helgadóttir og 0159-26-007654');
  await expect(bulk).toContainText('2 greiðslur');
  await expect(bulk).toContainText('9.000 kr.');

  // The standing orders page names it; "Change" opens the form filled in from the order.
  await page.goto('/is/payments/standing-orders');
  const order = page.locator(`li[data-payment-id="${oldId}"]`);
  await expect(order.getByRole('heading', { name: 'Húsaleiga' })).toBeVisible();
  await expect(order).toContainText('Þórður Ólafsson');
  await order.getByRole('link', { name: 'Breyta föstu greiðslunni „Húsaleiga“' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Breyta fastri greiðslu' })).toBeVisible();
  await expect(page.getByLabel(labels.is.name)).toHaveValue('Húsaleiga');
  await expect(page.getByLabel(labels.is.recipient)).toHaveValue('Þórður Ólafsson');
  await expect(page.getByLabel(labels.is.to)).toHaveValue(creditorIban);
  await expect(page.getByText('Ef bankinn afturkallar ekki þá gömlu er ekkert nýtt sent.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await hydrated(page.getByLabel(labels.is.amount, { exact: true }));
  await page.getByLabel(labels.is.amount, { exact: true }).fill('190.000');
  await page.getByRole('button', { name: 'Afturkalla þá gömlu og senda nýja' }).click();
  // First the bank asks the PSU to confirm the cancellation of the old order …
  await expectScaPage(page, 'is', 'Staðfesta afturköllun');
  const cancellationPage = page.url();
  await page.getByRole('button', { name: 'Staðfesta afturköllun' }).click();
  // … then, back with us, the new order waits for them: the page says the old one is cancelled, and they go on to
  // the bank to confirm the new one.
  await page.waitForURL(/\/is\/payments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const pendingId = /\/payments\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  expect(pendingId).not.toBe(oldId);
  await expect(page.getByTestId('change-confirm-new')).toHaveText(
    'Gamla fasta greiðslan hefur verið afturkölluð. Staðfestu nú þá nýju hjá bankanum þínum. Þangað til kemur engin föst greiðsla í hennar stað.',
  );
  await expect(page.getByTestId('payment-label')).toHaveText('Húsaleiga');
  // Its payment dates are not "none to come": nothing is paid until it is confirmed.
  await expect(page.getByTestId('payment-schedule')).toContainText(
    'Ekkert verður greitt fyrr en fasta greiðslan hefur verið staðfest í bankanum.',
  );
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'Áfram í bankann til að staðfesta' }).click();
  await page.waitForURL((url) => url.toString() !== cancellationPage && atBank().test(url.toString()), {
    timeout: 30_000,
  });
  const newId = await approveAtBank(page, 'is');
  expect(newId).toBe(pendingId);
  await expect(page.getByTestId('change-confirm-new')).toHaveCount(0);
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', accepted, {
    timeout: 30_000,
  });

  await page.goto('/en/payments/standing-orders');
  await expect(page.locator(`li[data-payment-id="${oldId}"] [data-status]`).first()).toHaveAttribute(
    'data-status',
    'CANC',
  );
  const changed = page.locator(`li[data-payment-id="${newId}"]`);
  await expect(changed.getByRole('heading', { name: 'Húsaleiga' })).toBeVisible();
  await expect(changed).toContainText('ISK 190,000');
  await expect(changed.locator('[data-status]').first()).toHaveAttribute('data-status', accepted);
  // Only the new one waits to be paid.
  await page.goto('/en/payments/waiting');
  await expect(page.locator(`li[data-payment-id="${oldId}"]`)).toHaveCount(0);
  await expect(page.locator(`li[data-payment-id="${newId}"]`)).toHaveCount(3);
  // The old order's own page says it was changed, not only stopped, and leads to the order in its place.
  await page.goto(`/en/payments/${oldId}`);
  const replaced = page.locator('[data-change-state="sent"]');
  await expect(replaced).toContainText('This standing order was changed');
  await expect(replaced.getByRole('link', { name: 'See the new standing order' })).toHaveAttribute(
    'href',
    `/en/payments/${newId}`,
  );
  await page.context().close();
});

test('a change whose new order the PSU declines at the bank: its page says no order takes the old one’s place, and sets it up again (en, is)', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('order-change-declined'));
  const oldId = await standingOrder(page, 'en', '185000');
  await page.goto(`/en/payments/standing-orders/${oldId}/change`);
  await hydrated(page.getByLabel(labels.en.amount, { exact: true }));
  await page.getByLabel(labels.en.amount, { exact: true }).fill('190000');
  await page.getByRole('button', { name: 'Cancel the old one and send the new one' }).click();
  await expectScaPage(page, 'en', 'Confirm cancellation');
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();
  await page.waitForURL(/\/en\/payments\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const newId = /\/payments\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  await page.getByRole('link', { name: 'Continue to your bank to confirm' }).click();
  await expectScaPage(page, 'en');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(new RegExp(`/en/payments/${newId}$`), { timeout: 30_000 });

  const note = page.getByTestId('change-new-not-confirmed');
  await expect(note).toContainText(
    'Your old standing order is cancelled and this new one will not be paid, so there is now no standing order in its place.',
  );
  await expect(page.getByTestId('change-confirm-new')).toHaveCount(0);
  await expectAxeClean(page);
  // The old order's change page says the same, not that a new order took its place.
  await page.goto(`/en/payments/standing-orders/${oldId}/change`);
  const changeNotice = page.locator('[data-change-state="sent"]');
  await expect(changeNotice).toHaveAttribute('role', 'alert');
  await expect(changeNotice).toContainText(
    'the new one was not confirmed at your bank and will not be paid, so there is now no standing order in its place.',
  );
  await expect(changeNotice.getByRole('link', { name: 'Set up the standing order again' })).toHaveAttribute(
    'href',
    `/en/payments/new/periodic?from=${newId}`,
  );
  await page.goto(`/is/payments/${newId}`);
  await expect(page.getByTestId('payment-schedule')).toContainText(
    'Þessi fasta greiðsla var ekki staðfest í bankanum og því verður ekkert greitt.',
  );
  await expect(note).toContainText(
    'Gamla fasta greiðslan hefur verið afturkölluð og þessi nýja verður ekki greidd, svo að nú er engin föst greiðsla í hennar stað.',
  );
  await expectAxeClean(page);
  // Set up again: the standing order form, filled in from the new order as the PSU changed it.
  await note.getByRole('link', { name: 'Setja föstu greiðsluna upp aftur' }).click();
  await expect(page).toHaveURL(new RegExp(`/is/payments/new/periodic\\?from=${newId}$`));
  await expect(page.getByLabel(labels.is.name)).toHaveValue('Húsaleiga');
  await expect(page.getByLabel(labels.is.amount, { exact: true })).toHaveValue('190.000');
  await page.context().close();
});

test('a cancellation the bank refuses, from the list and from a change, sends nothing new; the old order runs on (is, en)', async ({
  browser,
  request,
}) => {
  const page = await signUp(browser, newEmail('order-refused'));
  const oldId = await standingOrder(page, 'en', '25000');
  await page.goto(`/en/payments/${oldId}`);
  const bankId = (await page.getByTestId('bank-payment-id').locator('span').textContent())?.trim() ?? '';
  expect(bankId).not.toBe('');
  // The bank refuses to cancel this order alone (405 SERVICE_INVALID, "not cancellable").
  const rule = await request.post(`${sandboxUrl}/sandbox/faults`, {
    data: {
      method: 'DELETE',
      pathRegex: `/periodic-payments/credit-transfers/${bankId.replace(/[^A-Za-z0-9-]/g, '')}$`,
      error: { status: 405, code: 'SERVICE_INVALID', text: 'Not cancellable.' },
    },
  });
  expect(rule.ok()).toBe(true);
  const ruleId = ((await rule.json()) as { id: string }).id;
  try {
    // Cancelled from the list of standing orders, whose page loads no translations: the bank's refusal
    // comes in words from the server, in the page's language.
    for (const [language, cancel, refused] of [
      ['is', 'Afturkalla fasta greiðslu', 'Bankinn getur ekki lengur afturkallað þessa greiðslu'],
      ['en', 'Cancel standing order', 'Your bank can no longer cancel this payment'],
    ] as const) {
      await page.goto(`/${language}/payments/standing-orders`);
      const order = page.locator(`li[data-payment-id="${oldId}"]`);
      await hydrated(order.getByRole('button', { name: cancel }));
      await order.getByRole('button', { name: cancel }).click();
      await order.getByRole('group', { name: cancel }).getByRole('button', { name: cancel }).click();
      await expect(order.getByRole('alert')).toContainText(refused, { timeout: 30_000 });
      await expect(order.locator('[data-status]').first()).toHaveAttribute('data-status', accepted);
    }
    await page.goto(`/en/payments/standing-orders/${oldId}/change`);
    await hydrated(page.getByLabel(labels.en.amount, { exact: true }));
    await page.getByLabel(labels.en.amount, { exact: true }).fill('27,500');
    await page.getByRole('button', { name: 'Cancel the old one and send the new one' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your bank did not cancel' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).not.toHaveURL(atBank());
    // The form keeps what was typed, to send again.
    await expect(page.getByLabel(labels.en.amount, { exact: true })).toHaveValue('27,500');
    await page.goto('/en/payments/standing-orders');
    await expect(page.locator('li[data-payment-id]')).toHaveCount(1);
    await expect(page.locator(`li[data-payment-id="${oldId}"] [data-status]`).first()).toHaveAttribute(
      'data-status',
      accepted,
    );
    // Coming back to the change, the PSU reads what happened, in Icelandic too.
    await page.goto(`/is/payments/standing-orders/${oldId}/change`);
    await expect(page.locator('[data-change-state="cancelRefused"]')).toContainText(
      'Bankinn þinn afturkallaði ekki núverandi föstu greiðsluna',
    );
  } finally {
    await request.delete(`${sandboxUrl}/sandbox/faults/${ruleId}`);
  }
  await page.context().close();
});

test('payees found without Icelandic letters, templates paid in one click, my own account, and exports a customer opens (is, en)', async ({
  browser,
}) => {
  const page = await signUp(browser, newEmail('netbank'));
  for (const [name, account, kennitala] of [
    ['Þórður Ævarsson', '0301-26-001234', '5101696399'],
    ['Ólafur Ragnar', creditorIban, ''],
    ['Anna', creditorIban, ''],
  ]) {
    await page.goto('/is/payees');
    await page.getByLabel('Nafn', { exact: true }).fill(name ?? '');
    await page.getByLabel('Reikningur').fill(account ?? '');
    if (kennitala) await page.getByLabel('Kennitala (má sleppa)').fill(kennitala);
    await page.getByRole('button', { name: 'Vista viðtakanda' }).click();
    await expect(page.getByText('Viðtakandinn er vistaður.')).toBeVisible();
  }
  // Icelandic order, then a favourite first.
  const names = () => page.getByTestId('payee').locator('p.font-medium').allTextContents();
  expect(await names()).toEqual(['Anna', 'Ólafur Ragnar', 'Þórður Ævarsson']);
  await page.getByRole('button', { name: 'Merkja viðtakandann „Þórður Ævarsson“ sem uppáhald' }).click();
  await expect.poll(names).toEqual(['★Þórður Ævarsson', 'Anna', 'Ólafur Ragnar']);
  // The account names its holder's kennitala; the payee's own, the same, is not shown again beside it.
  const thordur = page.getByTestId('payee').filter({ hasText: 'Þórður Ævarsson' });
  await expect(thordur).toContainText('0301-26-001234, kt. 510169-6399');
  expect((await thordur.textContent())?.match(/510169-6399/g)).toHaveLength(1);
  const payeeSearch = page.getByRole('searchbox', { name: 'Leita í viðtakendum' });
  await payeeSearch.fill('Thord');
  await payeeSearch.press('Enter');
  await expect(page.getByTestId('payee')).toHaveCount(1);
  await expect(page.getByText('1 viðtakandi fannst fyrir „Thord“.')).toBeVisible();
  await expectAxeClean(page);
  await page.goto('/en/payees?q=Olafur');
  await expect(page.getByTestId('payee')).toHaveCount(1);
  await expect(page.getByTestId('payee')).toContainText('Ólafur Ragnar');

  // The form's recipient search finds the same way; "to my own account" picks from My accounts.
  await page.goto('/en/payments/new/single');
  const search = page.getByRole('combobox', { name: 'Find a saved payee' });
  await search.fill('Þor');
  await expect(page.getByRole('listbox', { name: 'Find a saved payee' }).getByRole('option')).toHaveText([
    /Þórður Ævarsson/,
  ]);
  await search.fill('thord');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page.getByLabel('To account (IBAN)')).toHaveValue(creditorIban);
  await expect(page.getByText('owner’s kennitala 510169-6399', { exact: false })).toBeVisible();

  // Monthly rent as a single payment, paid, then kept as a template.
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('Amount').fill('185,000');
  await page.getByLabel('Message to the recipient').fill('Leiga');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  const rentId = await approveAtBank(page, 'en');
  await expect(transactionStatuses(page).last()).toHaveAttribute('data-status', 'ACSC', { timeout: 30_000 });
  await page.getByLabel('Template name').fill('Leiga');
  await page.getByRole('button', { name: 'Save as template' }).click();
  await expect(page.getByText('The template is saved.')).toBeVisible();

  // My own account: the paying account, now in My accounts, is offered as a recipient.
  await page.goto('/is/payments/new/periodic');
  const ownAccount = page.getByLabel('Á minn reikning');
  await hydrated(ownAccount);
  await ownAccount.selectOption({ index: 1 });
  await expect(page.getByLabel('Á reikning (IBAN)')).toHaveValue(debtorIban);
  await expect(page.getByText('kennitala eiganda 551073-0339', { exact: false })).toBeVisible();

  // Pay from the template in one click: the form opens filled in.
  await page.goto('/is/payments/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Sniðmát' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'Greiða eftir sniðmátinu „Leiga“' }).click();
  await expect(page).toHaveURL(/\/is\/payments\/new\/single\?template=/);
  await expect(page.getByText('Fyllt út eftir sniðmátinu „Leiga“.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Á reikning (IBAN)')).toHaveValue(creditorIban);
  await expect(page.getByLabel('Upphæð', { exact: true })).toHaveValue(/185[.]?000/);
  await expect(page.getByLabel('Skilaboð til viðtakanda')).toHaveValue('Leiga');

  // A day in the list's filters that does not exist stays in its field as typed, with the reason beside it; the
  // other day still filters.
  await page.goto('/is/payments?from=30.02.2026&to=15.03.2026');
  const filterFrom = page.getByLabel('Frá dagsetningu');
  await expect(filterFrom).toHaveValue('30.02.2026');
  await expect(filterFrom).toHaveAttribute('aria-invalid', 'true');
  await expect(filterFrom).toHaveAccessibleDescription(
    /Sláðu inn dagsetningu sem er til, t\.d\. 15\.03\.2027/,
  );
  await expect(page.getByLabel('Til dagsetningar')).toHaveValue('15.03.2026');
  await expect(page.getByLabel('Til dagsetningar')).not.toHaveAttribute('aria-invalid', 'true');
  await page.goto('/en/payments?to=31.4.2026');
  await expect(page.getByLabel('To date')).toHaveValue('31.4.2026');
  await expect(page.getByLabel('To date')).toHaveAccessibleDescription(/Enter a date that exists/);

  // Exports: chosen on their own page; the Excel CSV read back as Icelandic Excel would.
  await page.goto('/is/payments');
  await page.getByRole('link', { name: 'Sækja', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sækja greiðslur' })).toBeVisible();
  // What the page is for, said to the PSU as a step: a sentence with its verb.
  await expect(page.getByRole('main')).toContainText(
    'Sæktu greiðslurnar sem listinn sýnir sem skrá, með síunum sem þú valdir, eða yfirlit yfir tímabil sem PDF-skjal.',
  );
  await expectAxeClean(page);
  const excelHref =
    (await page.getByRole('link', { name: 'CSV-skrá fyrir Excel á íslensku' }).getAttribute('href')) ?? '';
  const csv = await (await page.request.get(excelHref)).text();
  const rows = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    delimiter: ';',
    header: true,
    skipEmptyLines: true,
  }).data;
  const rent = rows.find((row) => row.Auðkenni === rentId);
  expect(rent?.Upphæð).toBe('185000');
  expect(rent?.Stofnuð).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  expect(rent?.['Kóði stöðu']).toBe('ACSC');
  // The period is typed day first; one that ends before it starts comes back as typed, with the reason.
  const statementFrom = page.getByLabel('Frá', { exact: true });
  const statementTo = page.getByLabel('Til', { exact: true });
  await expect(statementFrom).toHaveValue(/^01\.\d{2}\.\d{4}$/);
  await statementFrom.fill('30.11.2026');
  await statementTo.fill('1.11.2026');
  await page.getByRole('button', { name: 'Sækja yfirlit (PDF)' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Fyrri dagurinn er á eftir þeim síðari.' }),
  ).toBeVisible();
  await expect(statementTo).toHaveValue('1.11.2026');
  // A day that does not exist is a period that cannot be read.
  await statementFrom.fill('31.11.2026');
  await page.getByRole('button', { name: 'Sækja yfirlit (PDF)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ekki tókst að lesa tímabilið.' })).toBeVisible();
  await expect(statementFrom).toHaveValue('31.11.2026');
  await statementFrom.fill('1.11.2026');
  await statementTo.fill('30.11.2026');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Sækja yfirlit (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe('yfirlit-2026-11-01-2026-11-30.pdf');
  await page.goto('/en/payments/export');
  await expect(page.getByRole('link', { name: 'CSV for Icelandic Excel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plain CSV for programs' })).toBeVisible();
  await page.context().close();
});
