import {
  bankingDayAhead,
  creditorIban,
  daysAhead,
  debtorIban,
  expectScaPage,
  singleFormLabels,
} from './forms-helpers';
import { newEmail, signUp } from './support/accounts';
import { atBank, sandboxUrl } from './support/bank';
import { openBeforeScripts } from './support/before-hydration';
import { expect, test } from './support/test';

test('single payment: errors beside the fields, corrected, every more-details field filled, to the SCA page', async ({
  page,
}) => {
  await page.goto('/en/payments/new/single');
  const submit = page.getByRole('button', { name: 'Continue to your bank' });

  // Nothing filled: the summary lists the problems and focus moves to the first field.
  await submit.click();
  const summary = page.getByRole('alert').filter({ hasText: 'need correcting' });
  await expect(summary).toBeVisible();
  await expect(page.getByLabel('From account (IBAN)')).toBeFocused();
  await expect(summary).toContainText('Amount');
  await expect(summary).toContainText('From account');

  await page.getByLabel('From account (IBAN)').fill(debtorIban.toLowerCase());
  // The summary keeps pace as fields are corrected: a field no longer wrong leaves it.
  await expect(summary).not.toContainText('From account');
  await expect(summary).toContainText('Amount');
  // An Icelandic IBAN names its owner, to check; one with a wrong check digit names none, since its
  // kennitala would be read from the typing error.
  await page.getByLabel('To account (IBAN)').fill('IS870301260012345101696399');
  await expect(page.getByText('Account 0301-26-001234, owner’s kennitala 510169-6399.')).toBeVisible();
  await page.getByLabel('To account (IBAN)').fill('IS770133260044551203892038');
  await expect(page.getByText('owner’s kennitala')).toHaveCount(0);
  // A domestic account plus kennitala gives the IBAN; a bad kennitala check digit only warns.
  await page.getByLabel('To account (IBAN)').fill('0301-26-1234');
  await page.getByLabel('Kennitala of the owner of the account you pay to').fill('510169-6399');
  // Read back as it will be paid: the short number padded ("1234" is 001234), the IBAN in groups of four.
  await expect(page.getByText('Account 0301-26-001234: IBAN IS87 0301 2600 1234 5101 6963 99')).toBeVisible();
  await expect(page.getByText('The check digit of this kennitala does not match')).toBeVisible();
  await page.getByLabel('Recipient’s name').fill('Guðrún Helgadóttir');

  // ISK has no decimals: the message says so, beside the field.
  await page.getByLabel('Amount').fill('12,500.5');
  await expect(page.getByText('An amount in ISK can have no decimals').first()).toBeVisible();
  // Typed the Icelandic way on the English page: twelve and a half, refused, never read as 12,500.
  await page.getByLabel('Amount').fill('12.500');
  await expect(page.getByText('An amount in ISK can have no decimals').first()).toBeVisible();
  await page.getByLabel('Amount').fill('12,500');
  await expect(page.getByText('That is ISK 12,500.')).toBeVisible();

  await page.getByLabel('Message to the recipient').fill('Leiga');
  await expect(page.getByText('135 characters left')).toBeVisible();
  await page.getByLabel('Payment date').fill(daysAhead(20));
  await page.getByLabel('Purpose code (textalykill)').selectOption('03');

  await page.getByText('More details').click();
  await page.getByLabel('Who pays the charges').selectOption('SHAR');
  await page.getByLabel('Your reference', { exact: true }).fill('E2E-SINGLE-1');
  await page.getByLabel('Instruction ID').fill('INSTR-1');
  // The bound on one request's cost is stated where the references are added.
  await expect(page.getByText('At most 10 references.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a reference' }).click();
  await page.getByLabel('Reference', { exact: true }).fill('TILV-123');
  await page.getByLabel('Reference type').fill('TILV_U');
  await page.getByLabel('Reference issuer').fill('Greiðsla');
  await page.getByLabel('This is a part payment of a bill').check();
  await page.getByLabel('Payer’s ID (kennitala)').fill('5510730339');
  await page.getByLabel('Paying on behalf of (name)').fill('Jón Jónsson');
  await page.getByLabel('Paying on behalf of (ID)').fill('5510730339');
  await page.getByLabel('Account for the charges (IBAN)').fill(debtorIban);
  await page.getByLabel('Recipient’s ID (kennitala)', { exact: true }).fill('5101696399');
  await page.getByLabel('Final recipient (name)').fill('Helga Guðrúnardóttir');
  await page.getByLabel('Final recipient’s ID (kennitala)').fill('5101696399');
  const address = page.getByRole('group', { name: 'Recipient’s address', exact: true });
  await address.getByLabel('Street').fill('Laugavegur');
  await address.getByLabel('Building number').fill('1');
  await address.getByLabel('Post code').fill('101');
  await address.getByLabel('Town').fill('Reykjavík');
  await address.getByLabel('Country').selectOption({ label: 'Iceland' });
  await page.getByLabel('Recipient’s bank (BIC)').fill('nbiiisre');
  await page.getByLabel('Recipient’s bank name').fill('Landsbankinn');
  const agentAddress = page.getByRole('group', { name: 'Recipient’s bank address' });
  await agentAddress.getByLabel('Street').fill('Reykjastræti');
  await agentAddress.getByLabel('Country').selectOption('IS');
  // Four characters are one too many for the Central Bank purpose code.
  await page.getByLabel('Central Bank purpose code').fill('0999');
  await page.getByLabel('Service level').fill('NURG');
  await page.getByRole('radio', { name: 'English' }).check();

  await submit.click();
  await expect(page.getByLabel('Central Bank purpose code')).toBeFocused();
  await expect(page.getByText('Too long. Use at most 3 characters.').first()).toBeVisible();
  await page.getByLabel('Central Bank purpose code').fill('099');
  await submit.click();

  await expectScaPage(page, 'en');
});

test('single card deposit with a masked card number', async ({ page }) => {
  await page.goto('/en/payments/new/single');
  await page.getByLabel('A payment card').check();
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('Card number (masked)').fill('1234561234');
  await page.getByLabel('Amount').fill('5,000');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByLabel('Card number (masked)')).toBeFocused();
  await expect(page.getByText('first 6 and the last 4 digits visible').first()).toBeVisible();
  // A card the bank knows (sandbox README "Seeded cards"); an unknown one is refused with CARD_NOT_FOUND.
  await page.getByLabel('Card number (masked)').fill('522011******4242');
  await page.getByRole('radio', { name: 'Icelandic' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expectScaPage(page, 'is');
});

test('a date is typed day first whatever the browser speaks, read back in words, and reaches the bank so', async ({
  page,
  request,
}) => {
  // The English page: Iceland's order, never the browser's "mm/dd/yyyy".
  await page.goto('/en/payments/new/single');
  const englishDate = page.getByLabel('Payment date');
  await expect(page.getByText('For example 15.03.2027 (dd.mm.yyyy).')).toBeVisible();
  await englishDate.fill('15.3.2030');
  await expect(page.getByText('That is Fri, 15 Mar 2030.', { exact: true })).toBeVisible();
  // Month first is a day that does not exist: not read back, and refused in words when the form is sent.
  await englishDate.fill('03/15/2030');
  await expect(page.getByText(/^That is .*2030/)).toHaveCount(0);
  await expect(page.getByText('For example 15.03.2027 (dd.mm.yyyy).')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(
    page.getByText('Enter a date that exists, for example 15.03.2027 (dd.mm.yyyy).').first(),
  ).toBeVisible();

  const l = singleFormLabels.is;
  const remittance = `Dagsetning ${Date.now().toString(36)}`;
  const [year, month, day] = bankingDayAhead(30).split('-');
  await page.goto('/is/payments/new/single');
  await page.getByLabel(l.from).fill(debtorIban);
  await page.getByLabel(l.to).fill(creditorIban);
  await page.getByLabel(l.amount, { exact: true }).fill('2.500');
  await page.getByLabel(l.remittance).fill(remittance);
  const date = page.getByLabel('Greiðsludagur');
  await date.fill('29.2.2028');
  await expect(page.getByText('Dagur: þri., 29. feb. 2028.', { exact: true })).toBeVisible();
  await date.fill('30.02.2028');
  await page.getByRole('button', { name: l.submit }).click();
  await expect(date).toBeFocused();
  await expect(
    page.getByText('Sláðu inn dagsetningu sem er til, t.d. 15.03.2027 (dd.mm.áááá).').first(),
  ).toBeVisible();
  // Without leading zeros, as many write it.
  await date.fill(`${Number(day)}.${Number(month)}.${year}`);
  await page.getByRole('button', { name: l.submit }).click();
  await page.waitForURL(atBank('sca/'));
  const bank = (await (await request.get(`${sandboxUrl}/sandbox/payments`)).json()) as {
    payments: { body: { remittanceInformationUnstructured?: string; requestedExecutionDate?: string } }[];
  };
  const sent = bank.payments.filter((p) => p.body.remittanceInformationUnstructured === remittance);
  expect(sent.map((p) => p.body.requestedExecutionDate)).toEqual([`${year}-${month}-${day}T00:00:00Z`]);
});

test('a past date is told on the first send, beside the fields left empty or mistyped', async ({ page }) => {
  await page.goto('/is/payments/new/single');
  await page.getByLabel('Af reikningi (IBAN)').fill('0159-26-0076');
  await page.getByLabel('Á reikning (IBAN)').fill('IS140159260076545510730338');
  await page.getByLabel('Greiðsludagur').fill('01.12.2020');
  await page.getByRole('button', { name: 'Áfram í bankann þinn' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Leiðrétta þarf' });
  await expect(summary).toContainText('Greiðsludagur: Þessi dagsetning er liðin.');
  await expect(summary).toContainText('Upphæð');
  await expect(summary).toContainText('Á reikning (IBAN)');
});

test('a day on which banks are closed says so, and the banking day after it, on the single and the bulk form', async ({
  page,
}) => {
  await page.goto('/en/payments/new/single');
  const englishDate = page.getByLabel('Payment date');
  await englishDate.fill('16.3.2030');
  await expect(
    page.getByText(
      'That is Sat, 16 Mar 2030. Saturday: banks are closed. Your bank is likely to pay on the next banking day, Mon, 18 Mar 2030.',
      { exact: true },
    ),
  ).toBeVisible();
  // A banking day has no note.
  await englishDate.fill('18.3.2030');
  await expect(page.getByText('That is Mon, 18 Mar 2030.', { exact: true })).toBeVisible();
  await expect(page.getByText(/banks are closed/)).toHaveCount(0);

  // Christmas Day, then Boxing Day: the next banking day is the Friday.
  await page.goto('/is/payments/new/bulk');
  await page.getByLabel('Greiðsludagur').fill('25.12.2030');
  await expect(
    page.getByText(
      'Dagur: mið., 25. des. 2030. Jóladagur: bankar eru lokaðir. Greiðslan fer líklega fram næsta bankadag, fös., 27. des. 2030.',
      { exact: true },
    ),
  ).toBeVisible();
});

test('an amount is read as the page\u2019s language writes it, and shown back so after the field', async ({
  page,
}) => {
  await page.goto('/is/payments/new/single');
  const amount = page.getByLabel('Upphæð');
  // Krónur, the default, have no decimals: neither has the example.
  await expect(page.getByText('Til dæmis 1.234.567.', { exact: true })).toBeVisible();
  await page.getByLabel('Gjaldmiðill').selectOption('EUR');
  await expect(page.getByText('Til dæmis 1.234.567 eða 1.234,50.')).toBeVisible();
  await page.getByLabel('Gjaldmiðill').selectOption('ISK');
  // The English way on the Icelandic page: 12,5 krónur, not shown as an amount, and refused.
  await amount.fill('12,500');
  await expect(page.getByText(/^Upphæð: /)).toHaveCount(0);
  await page.getByRole('button', { name: 'Áfram í bankann þinn' }).click();
  await expect(page.getByText('Upphæð í ISK má ekki hafa aukastafi').first()).toBeVisible();
  await amount.fill('12.500');
  // One period after "kr.", never two.
  await expect(page.getByText('Upphæð: 12.500 kr.', { exact: true })).toBeVisible();
  await page.getByLabel('Gjaldmiðill').selectOption('EUR');
  await amount.fill('1234,5');
  await amount.blur();
  await expect(amount).toHaveValue('1.234,5');
  await expect(page.getByText('Upphæð: 1.234,50 €', { exact: true })).toBeVisible();

  await page.goto('/en/payments/new/single');
  await expect(page.getByText('For example 1,234,567.', { exact: true })).toBeVisible();
  await page.getByLabel('Currency').selectOption('EUR');
  await expect(page.getByText('For example 1,234,567 or 1,234.50.')).toBeVisible();
  await page.getByLabel('Amount').fill('1234.5');
  await page.getByLabel('Amount').blur();
  await expect(page.getByLabel('Amount')).toHaveValue('1,234.5');
  await expect(page.getByText('That is EUR 1,234.50.')).toBeVisible();
  await page.getByLabel('Amount').fill('1.234,50');
  await expect(
    page.getByText('Enter the amount in digits, e.g. 1,234,567 or 1,234.50.').first(),
  ).toBeVisible();
});

// On a slow connection the form is on screen before its scripts have run. Pressing "Continue to your bank" then
// must not send the form the browser's own way (a GET to the page, the message in the address, everything typed
// gone): the button waits for the scripts, and what was typed is still there and sent once they have run.
test('pressed before the page\u2019s scripts have run, the form keeps what was typed and sends nothing', async ({
  page,
}) => {
  const early = await openBeforeScripts(page, '/en/payments/new/single');
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(request.url());
  });
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Amount').fill('1,000');
  await page.getByLabel('Message to the recipient').fill('Sent before the scripts');
  const submit = page.getByRole('button', { name: 'Continue to your bank' });
  await expect(submit).toBeDisabled();
  // As the PSU would: Enter in a field, and a press on the button (which the browser refuses, disabled).
  await page.getByLabel('Amount').press('Enter');
  await submit.dispatchEvent('click');

  early.release();
  await expect(submit).toBeEnabled();
  // A form the browser had sent would have loaded the page anew, empty.
  await expect(page.getByLabel('Message to the recipient')).toHaveValue('Sent before the scripts');
  await expect(page.getByLabel('From account (IBAN)')).toHaveValue(debtorIban);
  await expect(page.getByText('That is ISK 1,000.')).toBeVisible();
  expect(navigations).toEqual([]);
  expect(page.url()).toMatch(/\/en\/payments\/new\/single$/);
  await submit.click();
  await expectScaPage(page, 'en');
});

test('back from the bank without confirming: the form names the payment that waits for confirmation and links to it', async ({
  browser,
}) => {
  // A PSU of its own: the demo PSU's payments of other specs wait at the bank too.
  const page = await signUp(browser, newEmail('back-from-bank'));
  await page.goto('/en/payments/new/single');
  const waiting = page.getByRole('region', { name: 'Payments waiting for your confirmation' });
  await expect(waiting).toHaveCount(0);
  await page.getByLabel('From account (IBAN)').fill(debtorIban);
  await page.getByLabel('To account (IBAN)').fill(creditorIban);
  await page.getByLabel('Recipient’s name').fill('Þórður Ólafsson');
  await page.getByLabel('Amount', { exact: true }).fill('4000');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(atBank());
  await page.goBack();
  await expect(waiting).toContainText(
    'A payment you sent recently still waits for your confirmation at your bank:',
  );
  await waiting.getByRole('link', { name: 'ISK\u00a04,000, Þórður Ólafsson' }).click();
  await expect(page).toHaveURL(/\/en\/payments\/[0-9a-f-]{36}$/);
});
