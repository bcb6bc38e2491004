import { z } from 'zod';
import { callBank } from './client';
import { BankError, BankProtocolError } from './errors';
import { currentBank } from './scope';

/**
 * The claims business interface (kröfur): read with the business token of the claimant, Greiðsla
 * ehf., which issues bills to its users. Amounts arrive as JSON numbers; ISK has no minor unit, so
 * they are whole krónur and are kept as decimal strings from here on, never as floats.
 */
const wholeKronur = z
  .number()
  .refine((value) => Number.isSafeInteger(value) && value >= 0, 'not whole krónur')
  .transform((value) => String(value));

export const claimSchema = z.object({
  claimId: z.string().min(1).max(64),
  claimantName: z.string(),
  payorId: z.string(),
  claimStatus: z.enum(['Unpaid', 'Paid']),
  isPartiallyPaid: z.boolean(),
  isPartialPaymentAllowed: z.boolean(),
  currency: z.literal('ISK'),
  amount: wholeKronur,
  amountPaid: wholeKronur,
  totalAmountDue: wholeKronur,
  dueDate: z.string(),
  finalDueDate: z.string().nullish(),
  reference: z.string().nullish(),
  depositAccount: z.object({ iban: z.string().min(1) }),
  closingDate: z.string().nullish(),
  lastChangeDate: z.string().nullish(),
});

export type Claim = z.infer<typeof claimSchema>;

function claimsUrl(): string {
  return `${currentBank('business').urls.business}/claims`;
}

/** A claimId carries a `+` (`5501692829015966000001+20260415`); as a path segment it is sent as %2B. */
export function claimPath(claimId: string): string {
  return `${claimsUrl()}/${encodeURIComponent(claimId)}`;
}

export function parseClaim(body: unknown): Claim | undefined {
  const parsed = claimSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** The claims a payor (by kennitala) owes the claimant, by due date; both open and paid ones. */
export async function listClaims(payorId: string, status?: 'Unpaid' | 'Paid'): Promise<Claim[]> {
  const query = new URLSearchParams({ payorId, ...(status ? { status } : {}) });
  const response = await callBank('business', { method: 'GET', url: `${claimsUrl()}?${query}` });
  const parsed = z.object({ claims: z.array(claimSchema) }).safeParse(response.body);
  if (!parsed.success)
    throw new BankProtocolError('The claims interface answered a list in a shape we do not know');
  return parsed.data.claims;
}

export async function getClaim(claimId: string): Promise<Claim | undefined> {
  try {
    const response = await callBank('business', { method: 'GET', url: claimPath(claimId) });
    const claim = parseClaim(response.body);
    if (!claim)
      throw new BankProtocolError('The claims interface answered a claim in a shape we do not know');
    return claim;
  } catch (error) {
    if (error instanceof BankError && error.status === 404) return undefined;
    throw error;
  }
}
