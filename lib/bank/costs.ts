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

/**
 * Spec 2.5 exchangeRateInformation: each member nullable, and each read on its own (`readRate`), so that one outside
 * its type loses only itself, never the rate's other members.
 */
const rateMembers = {
  unitCurrency: z.string().regex(/^[A-Z]{3}$/),
  exchangeRate: z.string().regex(/^[0-9]{1,14}(\.[0-9]{1,12})?$/),
  // A nullable string (spec 2.5): an empty or blank one is no identification.
  contractIdentification: z.string().transform((value) => boundedBankText(value)),
  rateType: z.enum(['SPOT', 'SALE', 'AGRD']),
} as const;

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
  // Its type; it is read entry by entry (`readFeeList`).
  transactionFeesDetails: z.array(z.object({ feeType: bankText, value: amountSchema })),
  // Its type; it is read member by member (`readRate`).
  exchangeRateInformation: z.object({
    unitCurrency: rateMembers.unitCurrency.nullish(),
    exchangeRate: rateMembers.exchangeRate.nullish(),
    contractIdentification: rateMembers.contractIdentification.nullish(),
    rateType: rateMembers.rateType.nullish(),
  }),
} as const;

export type Money = z.infer<typeof amountSchema>;

/** One entry of spec 2.5 `transactionFeesDetails`: a fee type of at least one character, and an Amount. */
const feeSchema = costFields.transactionFeesDetails.element;
export type Fee = z.infer<typeof feeSchema>;

/**
 * What the bank said the payment costs and at what rate, as its initiation answer gave it (spec 2.5);
 * `unreadableFees`: how many entries of its list of fees could not be read (a list that is no list counts as one).
 */
export type PaymentCosts = { -readonly [K in keyof typeof costFields]?: z.infer<(typeof costFields)[K]> } & {
  unreadableFees?: number;
};

/**
 * A bank's list of fees (spec 2.5 and 2.6 `transactionFeesDetails`), entry by entry: every entry that reads is kept,
 * in the bank's order, and those that do not are counted (`unreadableFees`) and named (`transactionFeesDetails[2]`),
 * so that one malformed fee never loses the others. A value that is no list counts as one; absent or null, none.
 */
export function readFeeList(value: unknown): {
  members: { transactionFeesDetails?: Fee[]; unreadableFees?: number };
  unreadable: string[];
} {
  if (value === undefined || value === null) return { members: {}, unreadable: [] };
  if (!Array.isArray(value))
    return { members: { unreadableFees: 1 }, unreadable: ['transactionFeesDetails'] };
  const fees: Fee[] = [];
  const unreadable: string[] = [];
  value.forEach((entry, index) => {
    const parsed = feeSchema.safeParse(entry);
    if (parsed.success) fees.push(parsed.data);
    else unreadable.push(`transactionFeesDetails[${index}]`);
  });
  return {
    members: {
      ...(fees.length > 0 ? { transactionFeesDetails: fees } : {}),
      ...(unreadable.length > 0 ? { unreadableFees: unreadable.length } : {}),
    },
    unreadable,
  };
}

/**
 * The cost members of an initiation answer. A member that is absent or null is no information; one
 * we cannot read is left out and named in `unreadable`, so that a fee we do not understand never
 * loses the payment the bank has just made, and is never shown as something it is not.
 */
export function readCosts(body: unknown): { costs: PaymentCosts; unreadable: string[] } {
  const source = (body ?? {}) as Record<string, unknown>;
  const {
    exchangeRateInformation: _readOnItsOwn,
    transactionFeesDetails: _entryByEntry,
    ...fields
  } = costFields;
  const { read, unreadable } = readEach(source, fields);
  const fees = readFeeList(source.transactionFeesDetails);
  Object.assign(read, fees.members);
  unreadable.push(...fees.unreadable);
  const rate = source.exchangeRateInformation;
  if (rate !== undefined && rate !== null) {
    const members = readRate(rate);
    if (members.rate) read.exchangeRateInformation = members.rate;
    unreadable.push(...members.unreadable);
  }
  return { costs: read as PaymentCosts, unreadable };
}

/**
 * Each member of `source` that `schemas` names, read on its own: absent or null, none; the value each reads as;
 * the names (under `prefix`) of those that do not read.
 */
function readEach(
  source: Record<string, unknown>,
  schemas: Record<string, z.ZodType>,
  prefix = '',
): { read: Record<string, unknown>; unreadable: string[] } {
  const read: Record<string, unknown> = {};
  const unreadable: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const value = source[name];
    if (value === undefined || value === null) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) unreadable.push(`${prefix}${name}`);
    else if (parsed.data !== undefined) read[name] = parsed.data;
  }
  return { read, unreadable };
}

/**
 * The rate's members that read, each on its own; one outside its type is named (`exchangeRateInformation.rateType`),
 * and the rate kept without it. A rate that is no object, or of which no member reads, is no rate.
 */
function readRate(value: unknown): { rate?: PaymentCosts['exchangeRateInformation']; unreadable: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { unreadable: ['exchangeRateInformation'] };
  const { read, unreadable } = readEach(
    value as Record<string, unknown>,
    rateMembers,
    'exchangeRateInformation.',
  );
  return {
    ...(Object.keys(read).length > 0 ? { rate: read as PaymentCosts['exchangeRateInformation'] } : {}),
    unreadable,
  };
}
