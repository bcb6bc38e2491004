import type { Page } from '@playwright/test';
import { singleFormLabels } from './forms-helpers';
import { atBank, sandboxUrl } from './support/bank';
import { expect, test } from './support/test';

// The bank failing on initiation: the PSU reads what happened in their language, submits again once
// the bank is back, and ends with exactly one payment.
const initiationPath = '/psd2/api/v1/payments/credit-transfers';
// Jón's savings account pays in this spec alone: each fault rule names it (`psu`), so the specs that
// run beside this one, paying from other accounts at the same bank, never meet the fault.
const debtorIban = 'IS860159260012340101302989';

const labels = singleFormLabels;

const cases = [
  { name: '500', locale: 'is', fault: { status: 500, count: 1 }, message: 'Vandamál er hjá bankanum núna' },
  {
    name: '503 that outlasts our retries',
    locale: 'en',
    fault: { status: 503, retryAfterSeconds: 1, count: 3 },
    message: 'Your bank has a problem right now',
  },
  {
    name: '429 with Retry-After',
    locale: 'is',
    fault: { status: 429, retryAfterSeconds: 1, count: 3 },
    message: 'Bankinn er upptekinn í augnablikinu',
  },
  {
    name: 'timeout after the bank made the payment',
    locale: 'en',
    fault: { timeout: 'after', holdMs: 15_000, count: 1 },
    message: 'Your bank did not answer in time',
  },
] as const;

async function fill(page: Page, locale: 'is' | 'en', remittance: string) {
  const l = labels[locale];
  await page.goto(`/${locale}/payments/new/single`);
  await page.getByLabel(l.from).fill(debtorIban);
  await page.getByLabel(l.to).fill('IS870301260012345101696399');
  await page.getByLabel(l.amount, { exact: true }).fill('3300');
  await page.getByLabel(l.remittance).fill(remittance);
}

// One case after another, in one worker: each case's rule is on the same account.
test.describe.configure({ mode: 'default' });

let ruleId = '';
test.afterEach(async ({ request }) => {
  if (ruleId) await request.delete(`${sandboxUrl}/sandbox/faults/${ruleId}`);
  ruleId = '';
});

for (const { name, locale, fault, message } of cases) {
  test(`bank answers ${name}: a clear message in ${locale}, then one payment`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const remittance = `Fault ${name}`.slice(0, 40);
    const rule = await request.post(`${sandboxUrl}/sandbox/faults`, {
      data: { target: 'request', method: 'POST', path: initiationPath, psu: debtorIban, ...fault },
    });
    expect(rule.ok()).toBe(true);
    ruleId = ((await rule.json()) as { id: string }).id;

    await fill(page, locale, remittance);
    await page.getByRole('button', { name: labels[locale].submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 30_000 });
    // What the PSU typed is still there.
    await expect(page.getByLabel(labels[locale].remittance)).toHaveValue(remittance);

    // The bank is back (a rule with a count may have been used up and gone already).
    await request.delete(`${sandboxUrl}/sandbox/faults/${ruleId}`);
    ruleId = '';
    await page.getByRole('button', { name: labels[locale].submit }).click();
    await page.waitForURL(atBank('sca/'));

    await page.goto(`/${locale}/payments?q=${encodeURIComponent(remittance)}`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    const bank = (await (await request.get(`${sandboxUrl}/sandbox/payments`)).json()) as {
      payments: { body: { remittanceInformationUnstructured?: string } }[];
    };
    expect(bank.payments.filter((p) => p.body.remittanceInformationUnstructured === remittance)).toHaveLength(
      1,
    );
  });
}
