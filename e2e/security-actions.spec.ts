import { serverActions } from './support/actions';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 403 \(Forbidden\) \(http:\/\/[^/]+\/en\/account\)/,
      reason: 'a cross-site form post to an action is refused 403 on purpose, which Chromium logs',
    },
  ],
});

// Server actions refuse calls from another origin, however they are made.

const actionIds = () => serverActions().map((action) => action.id);

test('a server action posted with a foreign Origin is refused and runs nothing', async ({ page }) => {
  await page.goto('/en/account');
  const ids = actionIds();
  expect(ids.length).toBeGreaterThan(3);
  for (const id of ids) {
    const response = await page.request.post('/en/account', {
      headers: {
        'Next-Action': id,
        Origin: 'https://evil.example',
        'Content-Type': 'text/plain;charset=UTF-8',
        Accept: 'text/x-component',
      },
      data: JSON.stringify(['$K1']),
    });
    expect(response.status(), id).toBe(403);
  }
});

test('a cross-site form post to the password change cannot change the password', async ({
  page,
  browser,
  baseURL,
}) => {
  const target = new URL('/en/account', baseURL).toString();
  // A page on another origin (evil.test, served by the test itself) that posts
  // to our action with the PSU's cookies: the browser sends its own Origin, and we refuse it.
  await page.goto('/en/account');
  const [changeAction] = actionIds();
  const attacker = await browser.newContext({ storageState: await page.context().storageState() });
  const evil = await attacker.newPage();
  await evil.route('http://evil.test/evil', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${target}" enctype="multipart/form-data">
        <input name="$ACTION_ID_${changeAction}" value=""><input name="newPassword" value="pwned-pwned-pwned">
        </form><script>document.forms[0].submit()</script>`,
    }),
  );
  const posted = evil.waitForResponse((response) => response.url().startsWith(target));
  await evil.goto('http://evil.test/evil');
  expect((await posted).status()).toBe(403);
  await attacker.close();
});

test('the same action from our own page still works', async ({ page }) => {
  await page.goto('/en/account');
  await page.getByLabel('Current password').fill('wrong-wrong-wrong');
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase 9');
  await page.getByLabel('New password again').fill('a brand new passphrase 9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is wrong.')).toBeVisible();
});

test('a malformed action call is answered 400, never 500', async ({ page }) => {
  const [id] = actionIds();
  const post = (
    headers: Record<string, string>,
    data: string | undefined,
    multipart?: Record<string, string>,
  ) =>
    page.request.post('/en/account', {
      headers: { Accept: 'text/x-component', ...headers },
      ...(multipart ? { multipart } : { data }),
      failOnStatusCode: false,
    });
  const text = { 'Content-Type': 'text/plain;charset=UTF-8' };
  const answers = [
    await post({ ...text, 'Next-Action': 'not-an-action-id' }, '[]'),
    await post({ ...text, 'Next-Action': id ?? '' }, '['),
    await post({ ...text, 'Next-Action': id ?? '' }, '"not a list"'),
    // A "$" string refers to another part of the body, which a text body lacks.
    await post({ ...text, 'Next-Action': id ?? '' }, '["$"]'),
    await post({ ...text, 'Next-Action': id ?? '' }, '["$@1"]'),
    await post({ 'Next-Action': id ?? '' }, undefined, { _1_email: 'x' }),
  ];
  // A form sent as multipart form data that is none, to a page or to an address no route answers, which Next.js
  // reads as a form sent before the page's scripts ran.
  for (const path of ['/en/account', '/api/no-such-route'])
    answers.push(
      await page.request.post(path, {
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
        data: 'Ðö\u001c-/O(',
        failOnStatusCode: false,
      }),
    );
  for (const answer of answers) {
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toEqual({ error: 'malformed_action_request' });
  }
});
