import { describe, expect, it } from 'vitest';
import { issueMessage } from '@/lib/payments/schemas/issue-message';
import { translateMessage } from '@/lib/payments/schemas/translate';

// messages/GLOSSARY.md, numbers: written by lib/format, the same on the server and in any browser.
describe('numbers in validation messages', () => {
  it('are written the page’s way, whatever locale data the runtime has', () => {
    const tooMany = issueMessage('validation.bulk.tooMany', { max: 10000 });
    expect(translateMessage(tooMany, 'is')).toBe(
      'Fjöldagreiðsla rúmar mest 10.000 greiðslur. Skiptu henni í fleiri.',
    );
    expect(translateMessage(tooMany, 'en')).toBe(
      'A bulk payment holds at most 10,000 payments. Split it into more than one.',
    );
  });
});
