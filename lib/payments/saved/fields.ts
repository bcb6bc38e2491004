import { z } from 'zod';
import { isValidIbanChecksum, normalizeIban } from '@/lib/payments/accounts/iban';
import { normalizeKennitala } from '@/lib/payments/accounts/kennitala';
import { isMaskedPan } from '@/lib/payments/accounts/masked-pan';
import { bankTextIssue, isReadableText } from '@/lib/security/plain-text';

/**
 * The fields of what a PSU saves (accounts' names, payees, templates), bounded as the bank's
 * interface bounds the same values (spec 2.1: creditorName at most 70 characters; an IBAN by
 * ISO 13616; a card by its masked PAN) and answered with message keys of the `saved` namespace.
 */
export const SAVED_NAME_MAX = 70;

export function savedName({ optional = false } = {}) {
  return (
    z
      .string()
      .trim()
      .max(SAVED_NAME_MAX, 'saved.errors.nameTooLong')
      .refine((value) => optional || value.length > 0, 'saved.errors.nameRequired')
      .refine(isReadableText, 'security.unreadableText')
      // A saved name becomes a payment's text: under the same rule (lib/payments/submission.ts).
      .refine((value) => bankTextIssue(value) === undefined, 'security.unsafeText')
  );
}

export const savedIban = z
  .string()
  .max(60, 'saved.errors.iban')
  .transform((value) => normalizeIban(value))
  .refine((value) => value !== '' && isValidIbanChecksum(value), 'saved.errors.iban');

export const savedMaskedPan = z
  .string()
  .max(60, 'saved.errors.maskedPan')
  .transform((value) => value.replace(/\s+/g, ''))
  .refine(isMaskedPan, 'saved.errors.maskedPan');

/** A kennitala in any of its written forms, kept as its ten digits; empty is none. */
export const savedKennitala = z
  .string()
  .max(20, 'saved.errors.kennitala')
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const digits = normalizeKennitala(value);
    if (digits === undefined) {
      ctx.addIssue({ code: 'custom', message: 'saved.errors.kennitala' });
      return z.NEVER;
    }
    return digits;
  });
