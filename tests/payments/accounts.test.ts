import fc from 'fast-check';
import { composeIBAN, countrySpecs, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { hasValidCheckDigits } from '@/lib/payments/accounts/check-digits';
import {
  accountWarnings,
  domesticAccountToIban,
  ibanToDomesticAccount,
  parseDomesticAccount,
} from '@/lib/payments/accounts/domestic-account';
import { ibanCheckDigits, isValidIbanChecksum, normalizeIban } from '@/lib/payments/accounts/iban';
import { checkKennitala } from '@/lib/payments/accounts/kennitala';
import { isMaskedPan } from '@/lib/payments/accounts/masked-pan';

describe('kennitala', () => {
  it.each([
    ['5510730339', 'valid'],
    ['551073-0339', 'valid'],
    ['5510730349', 'invalid-checksum'],
    ['55107303', 'malformed'],
    ['55107303399', 'malformed'],
    ['551073033x', 'malformed'],
  ] as const)('%s → %s', (kt, result) => expect(checkKennitala(kt)).toBe(result));

  it('accepts exactly one check digit for each first eight digits, or none when it would be 10', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), fc.stringMatching(/^\d$/), (first, last) => {
        const valid = Array.from({ length: 10 }, (_, c) => checkKennitala(`${first}${c}${last}`) === 'valid');
        expect(valid.filter(Boolean).length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('domestic account to IBAN', () => {
  it('builds the ÍST TS-310 example', () => {
    expect(domesticAccountToIban('0159-26-007654', '5510730339')).toEqual({
      ok: true,
      iban: 'IS140159260076545510730339',
      kennitala: 'valid',
    });
    expect(domesticAccountToIban('159-26-7654', '551073-0339')).toMatchObject({
      iban: 'IS140159260076545510730339',
    });
    expect(domesticAccountToIban('015926007654', '5510730339')).toMatchObject({
      iban: 'IS140159260076545510730339',
    });
  });

  it('builds the IBAN even when the kennitala check digit fails, and says so', () => {
    const result = domesticAccountToIban('0133-26-012345', '5510730349');
    expect(result).toMatchObject({ ok: true, kennitala: 'invalid-checksum' });
    expect(result.ok && isValidIBAN(result.iban)).toBe(true);
  });

  it('warns, without blocking, about a kennitala check digit inside an Icelandic IBAN', () => {
    const built = domesticAccountToIban('0133-26-012345', '5510730349');
    expect(built.ok && accountWarnings({ iban: built.iban })).toEqual(['validation.kennitala.checksum']);
    expect(accountWarnings({ iban: 'IS140159260076545510730339' })).toEqual([]);
    expect(accountWarnings({ iban: 'GB82WEST12345698765432' })).toEqual([]);
    expect(accountWarnings({})).toEqual([]);
  });

  it('refuses malformed input with a message key', () => {
    expect(domesticAccountToIban('0133-26', '5510730339')).toEqual({
      ok: false,
      error: 'validation.domesticAccount.format',
    });
    expect(domesticAccountToIban('0133-26-012345', '123')).toEqual({
      ok: false,
      error: 'validation.kennitala.malformed',
    });
  });

  it('agrees with ibantools for any account and kennitala, and round-trips', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.stringMatching(/^\d{10}$/), (account, kt) => {
        const result = domesticAccountToIban(account, kt);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.iban).toBe(composeIBAN({ countryCode: 'IS', bban: `${account}${kt}` }));
        expect(isValidIbanChecksum(result.iban)).toBe(true);
        const back = ibanToDomesticAccount(result.iban);
        expect(back && `${back.bank}${back.ledger}${back.account}${back.kennitala}`).toBe(`${account}${kt}`);
      }),
    );
  });

  it('parses the usual ways of writing an account', () => {
    expect(parseDomesticAccount('0133-26-012345')).toEqual({ bank: '0133', ledger: '26', account: '012345' });
    expect(parseDomesticAccount('133 26 12345')).toEqual({ bank: '0133', ledger: '26', account: '012345' });
    expect(parseDomesticAccount('0133-26-0123456')).toBeUndefined();
  });
});

describe('IBAN check', () => {
  it('checks length, format and check digits, ignoring case', () => {
    expect(isValidIbanChecksum('IS140159260076545510730339')).toBe(true);
    expect(isValidIbanChecksum('IS150159260076545510730339')).toBe(false);
    expect(isValidIbanChecksum('IS14015926007654551073033')).toBe(false);
    expect(isValidIbanChecksum('GB82WEST12345698765432')).toBe(true);
    expect(isValidIbanChecksum('gb82west12345698765432')).toBe(true);
    expect(normalizeIban('is14 0159 2600 7654 5510 7303 39')).toBe('IS140159260076545510730339');
  });

  it('falls back to mod-97 for a country ibantools does not know', () => {
    // Check digits for "ZZ" + BBAN 12345: mod-97 of "12345353500" is 55, and 98 - 55 = 43.
    expect(isValidIbanChecksum('ZZ4312345')).toBe(true);
    expect(isValidIbanChecksum('ZZ4412345')).toBe(false);
  });
});

describe('masked PAN', () => {
  it.each([
    ['123456******1234', true],
    ['123456***1234', true],
    ['1234561234', false],
    ['123456XXXXXX1234', false],
    ['12345******1234', false],
  ])('%s → %s', (pan, ok) => expect(isMaskedPan(pan)).toBe(ok));
});

describe('IBAN check agrees with ibantools', () => {
  const countries = ['IS', 'GB', 'DE', 'FR', 'NO', 'BE', 'ES', 'PL', 'DK', 'NL', 'IT', 'CH'];
  const candidate = fc.oneof(
    // Well-formed IBANs of known countries with right check digits (and national checks by chance).
    fc
      .tuple(fc.constantFrom(...countries), fc.stringMatching(/^[0-9A-Z]{8,30}$/))
      .map(([country, bban]) => `${country}${ibanCheckDigits(country, bban)}${bban}`),
    fc.constantFrom(
      'FR1420041010050500013M02606',
      'NO9386011117947',
      'BE68539007547034',
      'PL61109010140000071219812874',
    ),
    fc
      .stringMatching(/^[A-Z]{2}[0-9]{2}[0-9A-Z]{10,30}$/)
      .filter((iban) => Boolean(countrySpecs[iban.slice(0, 2)]?.bban_regexp)),
  );

  it('for uppercase IBANs of countries in its table', () => {
    fc.assert(
      fc.property(candidate, (iban) => {
        expect(isValidIbanChecksum(iban)).toBe(isValidIBAN(iban));
      }),
      { numRuns: 2000 },
    );
  });

  // The payment forms name the owner of an Icelandic IBAN from its check digits alone, without the table.
  it('for Icelandic IBANs, whose owner the forms name from the check digits alone', () => {
    const icelandic = fc.oneof(
      fc.stringMatching(/^[0-9]{22}$/).map((bban) => `IS${ibanCheckDigits('IS', bban)}${bban}`),
      fc.stringMatching(/^IS[0-9]{2}[0-9A-Z]{18,26}$/),
      fc
        .tuple(fc.stringMatching(/^[0-9]{22}$/), fc.nat({ max: 21 }), fc.integer({ min: 1, max: 9 }))
        .map(([bban, at, by]) => {
          const typo = `${bban.slice(0, at)}${(Number(bban[at]) + by) % 10}${bban.slice(at + 1)}`;
          return `IS${ibanCheckDigits('IS', bban)}${typo}`;
        }),
    );
    fc.assert(
      fc.property(icelandic, (iban) => {
        const named = hasValidCheckDigits(iban) && ibanToDomesticAccount(iban) !== undefined;
        expect(named).toBe(isValidIBAN(iban) && ibanToDomesticAccount(iban) !== undefined);
      }),
      { numRuns: 2000 },
    );
  });
});
