import { z } from 'zod';
import type { Db } from '@/lib/db';
import { countPayees, type PayeeFields } from '@/lib/db/queries/payees';
import { domesticAccountToIban, parseDomesticAccount } from '@/lib/payments/accounts/domestic-account';
import { savedIban, savedKennitala, savedMaskedPan, savedName } from './fields';

/** How many payees one PSU may keep: more than anyone pays, and a bound on what a script can store. */
export const MAX_PAYEES = 500;

const common = { name: savedName(), kennitala: savedKennitala.optional() };

/**
 * A payee as a form sends it: an account as an IBAN, or as a domestic account ("0133-26-012345")
 * with the owner's kennitala, from which the IBAN is made (ÍST TS-310); or a card's masked PAN.
 */
export const payeeInputSchema = z
  .discriminatedUnion('accountKind', [
    z.object({ ...common, accountKind: z.literal('iban'), account: z.string().max(60, 'saved.errors.iban') }),
    z.object({ ...common, accountKind: z.literal('maskedPan'), account: savedMaskedPan }),
  ])
  .transform((input, ctx): PayeeFields => {
    const kennitala = input.kennitala ?? null;
    if (input.accountKind === 'maskedPan') return { ...input, kennitala };
    let account = input.account;
    if (parseDomesticAccount(account)) {
      const built = kennitala ? domesticAccountToIban(account, kennitala) : undefined;
      if (!built?.ok) {
        ctx.addIssue({ code: 'custom', path: ['kennitala'], message: 'saved.errors.kennitalaForDomestic' });
        return z.NEVER;
      }
      account = built.iban;
    }
    const iban = savedIban.safeParse(account);
    if (!iban.success) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'saved.errors.iban' });
      return z.NEVER;
    }
    return { name: input.name, accountKind: 'iban', account: iban.data, kennitala };
  });

export const payeeUpdateSchema = z.intersection(z.object({ id: z.uuid() }), payeeInputSchema);
export const payeeIdSchema = z.object({ id: z.uuid() });
export const payeeFromPaymentSchema = z.object({ paymentId: z.uuid(), name: savedName() });

/** The recipient of a single or periodic payment as a payee's account; undefined when it has none. */
export function payeeAccountOf(
  body: Record<string, unknown>,
): Pick<PayeeFields, 'accountKind' | 'account'> | undefined {
  const account = body.creditorAccount as { iban?: unknown; maskedPan?: unknown } | undefined;
  if (typeof account?.iban === 'string') return { accountKind: 'iban', account: account.iban };
  if (typeof account?.maskedPan === 'string') return { accountKind: 'maskedPan', account: account.maskedPan };
  return undefined;
}

export async function hasRoomForPayee(db: Db, psuId: string): Promise<boolean> {
  return (await countPayees(db, psuId)) < MAX_PAYEES;
}
