import fc from 'fast-check';
import { friendlyFormatIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { formatKennitala } from '@/lib/format';
import { accountDisplay } from '@/lib/format/account';
import { domesticAccountToIban } from '@/lib/payments/accounts';

describe('accountDisplay', () => {
  it('shows an Icelandic IBAN as the domestic account and kennitala, beside the IBAN (ÍST TS-310)', () => {
    expect(accountDisplay('IS140159260076545510730339')).toEqual({
      kind: 'domestic',
      account: '0159-26-007654',
      kennitala: '551073-0339',
      iban: 'IS14 0159 2600 7654 5510 7303 39',
    });
    expect(accountDisplay('is14 0159 2600 7654 5510 7303 39')).toMatchObject({ account: '0159-26-007654' });
  });

  it('groups any other IBAN in fours', () => {
    expect(accountDisplay('GB82WEST12345698765432')).toEqual({
      kind: 'iban',
      iban: 'GB82 WEST 1234 5698 7654 32',
    });
  });

  it('prints every IBAN in the groups of four ibantools prints', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/), (iban) => {
        const shown = accountDisplay(iban);
        expect(shown.kind !== 'other' && shown.iban).toBe(friendlyFormatIBAN(iban));
      }),
    );
  });

  it.each([['123456******1234'], ['0159-26-007654'], ['+3545551234'], ['']])('shows %j as it is', (text) => {
    expect(accountDisplay(text)).toEqual({ kind: 'other', text });
  });

  it('gives back the domestic account and kennitala an Icelandic IBAN was built from', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{4}$/),
        fc.stringMatching(/^\d{2}$/),
        fc.stringMatching(/^\d{6}$/),
        fc.stringMatching(/^\d{10}$/),
        (bank, ledger, account, kennitala) => {
          const built = domesticAccountToIban(`${bank}-${ledger}-${account}`, kennitala);
          if (!built.ok) throw new Error(built.error);
          const shown = accountDisplay(built.iban);
          expect(shown).toEqual({
            kind: 'domestic',
            account: `${bank}-${ledger}-${account}`,
            kennitala: `${kennitala.slice(0, 6)}-${kennitala.slice(6)}`,
            iban: expect.stringMatching(/^IS\d{2}( \d{4}){5} \d{2}$/),
          });
          expect(shown.kind === 'domestic' && shown.iban.replaceAll(' ', '')).toBe(built.iban);
        },
      ),
    );
  });
});

describe('formatKennitala', () => {
  it.each([
    ['0101302989', '010130-2989'],
    ['010130-2989', '010130-2989'],
    ['010130 2989', '010130-2989'],
    ['01013029', '01013029'],
  ])('%s → %s', (input, shown) => expect(formatKennitala(input)).toBe(shown));
});
