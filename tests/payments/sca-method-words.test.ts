import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { methodLabel, scaTextsOf } from '@/components/payments/sca-texts';
import { toScaAnswer } from '@/lib/bank/sca-answer';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

// Payment spec 2.5 AuthenticationObject: `authenticationType` (SMS_OTP, CHIP_OTP, PHOTO_OTP, PUSH_OTP) is required,
// `name` and `explanation` are nullable. Where the bank names no method, the PSU choosing among several reads what
// each is in words, never the bank's code.
const textsIn = (messages: typeof en) =>
  scaTextsOf(createTranslator({ locale: 'en', messages }) as unknown as (key: string) => string);

describe('an SCA method the PSU chooses', () => {
  it('is the bank’s name for it where it gives one', () => {
    expect(
      methodLabel(
        { authenticationType: 'SMS_OTP', authenticationMethodId: 'm1', name: 'SMS í 690 1234' },
        textsIn(is),
      ),
    ).toBe('SMS í 690 1234');
  });

  it('is its type in words where the bank gives no name, or an empty one', () => {
    const english = textsIn(en);
    const icelandic = textsIn(is);
    for (const type of ['SMS_OTP', 'CHIP_OTP', 'PHOTO_OTP', 'PUSH_OTP']) {
      for (const name of [undefined, null, '']) {
        const method = { authenticationType: type, authenticationMethodId: 'm', name };
        expect(methodLabel(method, english), type).not.toContain(type);
        expect(methodLabel(method, icelandic), type).not.toContain(type);
        expect(methodLabel(method, icelandic)).not.toBe(methodLabel(method, english));
      }
    }
    expect(methodLabel({ authenticationType: 'SMS_OTP', authenticationMethodId: 'm' }, english)).toMatch(
      /text message/i,
    );
    expect(methodLabel({ authenticationType: 'PUSH_OTP', authenticationMethodId: 'm' }, icelandic)).toMatch(
      /appi bankans/,
    );
  });

  it('of a type the spec does not list is named as another way the bank offers', () => {
    const label = methodLabel({ authenticationType: 'VOICE_OTP', authenticationMethodId: 'm' }, textsIn(en));
    expect(label).not.toContain('VOICE_OTP');
    expect(label).toBeTruthy();
  });

  it('keeps the bank’s name and explanation as text fit to show: no control characters, at most 500 characters', () => {
    const answer = toScaAnswer({
      scaMethods: [
        {
          authenticationType: 'SMS_OTP',
          authenticationMethodId: 'm1',
          name: 'SMS\u202e\u0007 í síma',
          explanation: 'x'.repeat(900),
        },
      ],
    });
    expect(answer.scaMethods?.[0]?.name).toBe('SMS í síma');
    expect(Array.from(answer.scaMethods?.[0]?.explanation ?? '')).toHaveLength(500);
  });
});
