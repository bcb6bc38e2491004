import { describe, expect, it } from 'vitest';
import { creditorAgentAsTyped } from '@/components/payments/forms/creditor-agent';

describe('the recipient’s bank as the PSU types it (spec 2.1 creditorAgent: a BICFI, or another identification)', () => {
  it('writes a BIC in capitals, as BICs are written', () => {
    expect(creditorAgentAsTyped(' nbiiisre ')).toBe('NBIIISRE');
    expect(creditorAgentAsTyped('eskbisrexxx')).toBe('ESKBISREXXX');
  });

  it('leaves any other identification as typed: not "LANDSBANKINN HF.", nor "STRASSE" for "Straße"', () => {
    expect(creditorAgentAsTyped('Landsbankinn hf.')).toBe('Landsbankinn hf.');
    expect(creditorAgentAsTyped('Straße Bank')).toBe('Straße Bank');
    expect(creditorAgentAsTyped('0133')).toBe('0133');
  });
});
