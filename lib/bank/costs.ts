import { z } from 'zod';
import { boundedBankText } from './bank-text';

/** Spec 2.4 Amount: ISO 4217 currency, and a decimal string of up to 14 digits and 3 decimals. */
const amountSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.string().regex(/^-?[0-9]{1,14}(\.[0-9]{1,3})?$/),
});

/**
 * A text of the bank's about costs (a fee's type, a contract's identification): spec 2.5 gives no bound,
 * so a long one is cut for showing (lib/bank/bank-text.ts), never refused.
 */
const bankText = z
  .string()
  .transform((value) => boundedBankText(value))
  .pipe(z.string());

/** Each member of the initiation answer's costs (spec 2.5), read on its own. */
const costFields = {
  transactionFees: amountSchema,
  /**
   * Not in spec 2.5: the Berlin Group's estimate of what the debtor account is charged in all (BG
   * implementation guidelines, initiation response). Read where a bank sends it; never required.
   */
  estimatedTotalAmount: amountSchema,
  currencyConversionFee: amountSchema,
  /** true: specific costs per the price list or agreement; false: none beyond any amounts given. */
  transactionFeeIndicator: z.boolean(),
  transactionFeesDetails: z.array(z.object({ feeType: bankText, value: amountSchema })),
  exchangeRateInformation: z.object({
    unitCurrency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullish(),
    exchangeRate: z
      .string()
      .regex(/^[0-9]{1,14}(\.[0-9]{1,12})?$/)
      .nullish(),
    // A nullable string (spec 2.5): an empty or blank one is no identification.
    contractIdentification: z
      .string()
      .transform((value) => boundedBankText(value))
      .nullish(),
    rateType: z.enum(['SPOT', 'SALE', 'AGRD']).nullish(),
  }),
} as const;

export type Money = z.infer<typeof amountSchema>;

/** What the bank said the payment costs and at what rate, as its initiation answer gave it (spec 2.5). */
export type PaymentCosts = { -readonly [K in keyof typeof costFields]?: z.infer<(typeof costFields)[K]> };

/**
 * The cost members of an initiation answer. A member that is absent or null is no information; one
 * we cannot read is left out and named in `unreadable`, so that a fee we do not understand never
 * loses the payment the bank has just made, and is never shown as something it is not.
 */
export function readCosts(body: unknown): { costs: PaymentCosts; unreadable: string[] } {
  const costs: Record<string, unknown> = {};
  const unreadable: string[] = [];
  const source = (body ?? {}) as Record<string, unknown>;
  for (const [name, schema] of Object.entries(costFields)) {
    const value = source[name];
    if (value === undefined || value === null) continue;
    const parsed = (schema as z.ZodType).safeParse(value);
    if (parsed.success) costs[name] = parsed.data;
    else unreadable.push(name);
  }
  return { costs: costs as PaymentCosts, unreadable };
}
