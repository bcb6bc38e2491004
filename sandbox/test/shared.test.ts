import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimIdOf, hasClaimIdForm } from '../src/claims/claims.js';
import { SEED_PSUS } from '../src/seed/psus.js';
import { icelandicIban, isValidIbanChecksum } from '../src/shared/iban.js';
import { isValidKennitala } from '../src/shared/kennitala.js';
import {
  convertMinor,
  currencyExponent,
  formatAmount,
  fromMinorUnits,
  toMinorUnits,
} from '../src/shared/money.js';

describe('money', () => {
  it('knows the fraction digits of a currency', () => {
    expect(currencyExponent('ISK')).toBe(0);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('converts decimal strings to minor units and back without floats', () => {
    expect(toMinorUnits('12.34', 'EUR')).toBe(1234n);
    expect(toMinorUnits('12.3', 'EUR')).toBe(1230n);
    expect(toMinorUnits('99999999999999.99', 'EUR')).toBe(9999999999999999n);
    expect(toMinorUnits('1500', 'ISK')).toBe(1500n);
    expect(() => toMinorUnits('1.5', 'ISK')).toThrow();
    expect(fromMinorUnits(1234n, 'EUR')).toBe('12.34');
    expect(fromMinorUnits(5n, 'EUR')).toBe('0.05');
    expect(fromMinorUnits(-1500n, 'ISK')).toBe('-1500');
  });

  it('converts between currencies at the fixed rates, rounding up', () => {
    expect(convertMinor(100n, 'EUR', 'ISK')).toBe(145n);
    expect(convertMinor(145n, 'ISK', 'EUR')).toBe(100n);
    expect(convertMinor(1n, 'ISK', 'EUR')).toBe(1n);
  });

  it('writes every currency by its code in English, as krónur are ("EUR 250.50", not "€250.50")', () => {
    expect(formatAmount('250.5', 'EUR', 'en')).toBe('EUR\u00a0250.50');
    expect(formatAmount('15000', 'ISK', 'en')).toBe('ISK\u00a015,000');
    expect(formatAmount('15000', 'ISK', 'is')).toBe('15.000\u00a0kr.');
  });
});

describe('identifiers', () => {
  it('checks IBAN checksums', () => {
    expect(isValidIbanChecksum('IS140159260076545510730339')).toBe(true);
    expect(isValidIbanChecksum('IS140159260076545510730338')).toBe(false);
    expect(isValidIbanChecksum('DE89370400440532013000')).toBe(true);
    expect(isValidIbanChecksum('GB82WEST12345698765432')).toBe(true);
  });

  it('builds Icelandic IBANs with valid checksums', () => {
    expect(icelandicIban('0159', '26', '007654', '5510730339')).toBe('IS140159260076545510730339');
  });

  it('checks kennitala check digits', () => {
    expect(isValidKennitala('5510730339')).toBe(true);
    expect(isValidKennitala('5510730329')).toBe(false);
    expect(isValidKennitala('123')).toBe(false);
  });

  it('seeds only valid kennitala and IBANs', () => {
    for (const psu of SEED_PSUS) {
      expect(isValidKennitala(psu.kennitala), psu.username).toBe(true);
      for (const account of psu.accounts) expect(isValidIbanChecksum(account.iban), account.iban).toBe(true);
    }
  });
});

// A payment names a claim by a reference equal to its id (docs/sandbox-extras.md): references without the form of
// a claim id are not looked up, so every id claimIdOf makes (kennitala, branch, claim number, due date) has it.
describe('claim ids', () => {
  it('every claim id has the form of one; ordinary references do not', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{10}$/),
        fc.stringMatching(/^[0-9]{4}$/),
        fc.integer({ min: 0, max: 999_999 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (claimantId, branch, claimNo, due) => {
          const dueDate = due.toISOString().slice(0, 10);
          expect(hasClaimIdForm(claimIdOf({ claimantId, branch, claimNo, dueDate }))).toBe(true);
        },
      ),
    );
    for (const reference of [
      'Leiga',
      '5501692829015966000001',
      '5501692829015966000001+2026041',
      'Reikningur 12',
    ])
      expect(hasClaimIdForm(reference)).toBe(false);
  });
});
