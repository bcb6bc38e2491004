import { openBeforeScripts } from './support/before-hydration';
import { expect, test } from './support/test';

// Registering a subscription made elsewhere: the fields are checked where they are typed, before anything
// goes to the bank (the schema of lib/webhooks/subscription-forms.ts), and an error goes as it is corrected;
// a well-formed id the bank does not hold is the bank's answer, in words.

test('registering checks its fields before sending, and says what the bank answered', async ({ page }) => {
  await page.goto('/en/events');
  const form = page.getByRole('region', { name: 'Register an existing subscription' });
  const id = form.getByLabel('Bank’s subscription id');
  const secret = form.getByLabel('Signing secret');
  const register = form.getByRole('button', { name: 'Register' });

  await register.click();
  await expect(id).toHaveAttribute('aria-invalid', 'true');
  await expect(secret).toHaveAttribute('aria-invalid', 'true');
  await expect(id).toBeFocused();
  await expect(form.getByText('Check the fields and try again.')).toHaveCount(2);
  await expect(form.getByRole('alert')).toHaveCount(0);

  await id.fill(`sub-${Date.now()}`);
  await expect(id).not.toHaveAttribute('aria-invalid');
  await secret.fill('too short');
  await register.click();
  await expect(secret).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveCount(0);

  await secret.fill('whsec_registered_elsewhere_0123456789');
  await expect(secret).not.toHaveAttribute('aria-invalid');
  await register.click();
  await expect(form.getByRole('alert')).toHaveText('The bank has no subscription with that ID (404).');
});

test('before the page has its scripts, the signing secret typed cannot be sent into the address', async ({
  page,
}) => {
  const scripts = await openBeforeScripts(page, '/en/events');
  const form = page.getByRole('region', { name: 'Register an existing subscription' });
  await form.getByLabel('Bank’s subscription id').fill('sub-before-scripts');
  await form.getByLabel('Signing secret').fill('whsec_typed_before_the_scripts_0123456789');
  const register = form.getByRole('button', { name: 'Register' });
  // The browser would send the form itself, by GET, with the secret in the address: the button waits.
  await expect(register).toBeDisabled();
  await form.getByLabel('Signing secret').press('Enter');
  expect(new URL(page.url()).search).toBe('');
  scripts.release();
  await expect(register).toBeEnabled();
  expect(new URL(page.url()).search).toBe('');
});
