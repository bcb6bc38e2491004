import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SignInAnswer } from '@/components/layout/sign-in-form';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

// Above the sign-in form: the notice the page came with (after sign-up, "we have sent a message"), until the PSU
// has tried to sign in and been refused; then the refusal alone, which says what to do.
describe('what the sign-in form says above its fields', () => {
  it.each([
    ['is', is],
    ['en', en],
  ] as const)('%s: a refusal replaces the notice', (_locale, messages) => {
    const html = renderToStaticMarkup(
      <SignInAnswer refusal={messages.signIn.failed} notice={messages.signIn.signedUp} />,
    );
    expect(html).toContain(messages.signIn.failed);
    expect(html).toContain('role="alert"');
    expect(html).not.toContain(messages.signIn.signedUp);
    expect(html).not.toContain('role="status"');
  });

  it('before any attempt: the notice', () => {
    const html = renderToStaticMarkup(<SignInAnswer notice={en.signIn.signedUp} />);
    expect(html).toContain(en.signIn.signedUp);
    expect(html).toContain('role="status"');
    expect(html).not.toContain('role="alert"');
  });
});
