import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { type Settings, SettingsError, secureUrl, settings } from '@/lib/config';
import { processGlobal } from '@/lib/server/process-global';
import { type BankNameForms, bankNameForms } from './bank-name';
import { DIALECT_IDS, dialectNamed } from './dialects';
import { type BankOffer, FULL_OFFER, PAYMENT_PRODUCTS, PAYMENT_SERVICES, SCA_APPROACHES } from './offer';

/**
 * The bank directory: every bank the app talks to, with the bank numbers its accounts carry (the first two
 * digits of the four-digit bank-and-branch number; the same digits in an IS IBAN, positions 5-6), its
 * interface URLs, the app's credentials there and what it offers. A JSON file named by BANK_DIRECTORY; without
 * one, the single bank of the BANK_* settings, serving every account.
 */
const url = z.url({ protocol: /^https?$/ });
const trimmed = (value: string) => value.replace(/\/+$/, '');

/**
 * What a bank offers (lib/bank/offer.ts), as the directory file gives it. Its products are those of its dialect it
 * takes: `claim-payments` (IOBWS 3.2) is how its bills are paid, never a product the forms offer.
 */
const bankOfferSchema = z.object({
  services: z.array(z.enum(PAYMENT_SERVICES)).min(1),
  products: z.array(z.enum([...PAYMENT_PRODUCTS, 'claim-payments'])).min(1),
  scaApproaches: z.array(z.enum(SCA_APPROACHES)).min(1),
  notifications: z.boolean(),
  webhooks: z.boolean(),
  claims: z.boolean().default(true),
});

const bankSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'lower-case letters, digits and -, at most 32'),
  name: z.string().trim().min(1).max(80),
  /** The name as Icelandic sentences decline it, where its ending does not say (lib/bank/bank-name.ts). */
  nameForms: z
    .object({
      accusative: z.string().trim().min(1).max(80),
      dative: z.string().trim().min(1).max(80),
      genitive: z.string().trim().min(1).max(80),
    })
    .partial()
    .optional(),
  /** Empty: every account (allowed for a directory of one only). */
  bankNumbers: z.array(z.string().regex(/^\d{2}$/, 'two digits, e.g. "01"')),
  urls: z.object({
    /** `{base_url}` of the payment interface, e.g. https://bank.example.is/psd2. */
    payments: url.transform(trimmed),
    /** Where `/oauth/v2/oauth-token` is. */
    auth: url.transform(trimmed),
    /** The webhooks service, e.g. https://bank.example.is/events. */
    events: url.transform(trimmed),
    /** The business interfaces (claims), e.g. https://bank.example.is/business. */
    business: url.transform(trimmed),
  }),
  credentials: z.object({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    subscriptionKey: z.string().min(1),
    /** The online-banking user of the business token (claims, webhooks). */
    businessUsername: z.string().min(1),
    businessPassword: z.string().min(1),
  }),
  /**
   * Which published interface the bank speaks (lib/bank/dialects): `spec`, our bank's (the default), or
   * `iobws-3.2`, the Icelandic standard's. It sets the paths, date formats, field names and fee codes of every call.
   */
  dialect: z.enum(DIALECT_IDS).default('spec'),
  offer: bankOfferSchema,
});

/** A bank of the directory; `claimPayments`: it takes a bill's payment as a claim payment (lib/bank/dialects). */
export type DirectoryBank = Omit<z.infer<typeof bankSchema>, 'offer'> & {
  offer: BankOffer;
  claimPayments: boolean;
};

/** The entry as the app uses it: the offer's form products apart from `claim-payments`. */
function asDirectoryBank(entry: z.infer<typeof bankSchema>): DirectoryBank {
  const products = entry.offer.products.filter((product) => product !== 'claim-payments');
  return {
    ...entry,
    offer: { ...entry.offer, products },
    claimPayments: entry.offer.products.includes('claim-payments'),
  };
}

const directorySchema = z
  .object({ banks: z.array(bankSchema).min(1, 'list at least one bank') })
  .superRefine(({ banks }, ctx) => {
    const ids = new Set<string>();
    const numbers = new Map<string, string>();
    banks.forEach((bank, index) => {
      const speaks = dialectNamed(bank.dialect).products;
      bank.offer.products.forEach((product, at) => {
        if (!speaks.includes(product))
          ctx.addIssue({
            code: 'custom',
            path: ['banks', index, 'offer', 'products', at],
            message: `${product} is not a product of the ${bank.dialect} dialect`,
          });
      });
      if (!bank.offer.products.some((product) => product !== 'claim-payments'))
        ctx.addIssue({
          code: 'custom',
          path: ['banks', index, 'offer', 'products'],
          message: 'offer credit-transfers or card-deposits too',
        });
      if (ids.has(bank.id))
        ctx.addIssue({ code: 'custom', path: ['banks', index, 'id'], message: `${bank.id} twice` });
      ids.add(bank.id);
      if (bank.bankNumbers.length === 0 && banks.length > 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['banks', index, 'bankNumbers'],
          message: 'name its bank numbers: only a directory of one bank may leave them out',
        });
      }
      for (const number of bank.bankNumbers) {
        const other = numbers.get(number);
        if (other && other !== bank.id) {
          ctx.addIssue({
            code: 'custom',
            path: ['banks', index, 'bankNumbers'],
            message: `${number} is already ${other}'s`,
          });
        }
        numbers.set(number, bank.id);
      }
    });
  });

export type BankDirectory = readonly DirectoryBank[];

/** The directory of one that the BANK_* settings describe (how the app ran before the directory). */
export function directoryFromSettings(current: Settings): BankDirectory {
  return [
    {
      id: 'default',
      name: current.BANK_NAME,
      bankNumbers: [],
      urls: {
        payments: trimmed(current.BANK_BASE_URL),
        auth: trimmed(current.BANK_AUTH_URL),
        events: trimmed(current.BANK_EVENTS_BASE_URL),
        business: trimmed(current.BANK_BUSINESS_BASE_URL),
      },
      credentials: {
        clientId: current.BANK_CLIENT_ID,
        clientSecret: current.BANK_CLIENT_SECRET,
        subscriptionKey: current.BANK_SUBSCRIPTION_KEY,
        businessUsername: current.BANK_B2B_USERNAME,
        businessPassword: current.BANK_B2B_PASSWORD,
      },
      dialect: current.BANK_DIALECT,
      offer: FULL_OFFER,
      claimPayments: dialectNamed(current.BANK_DIALECT).products.includes('claim-payments'),
    },
  ];
}

/**
 * Reads and checks a directory file; every problem in one message that names the file and the place. In
 * `production`, each bank's addresses must be https (or plain http to this machine, the sandbox's): the client
 * secret, tokens and payments travel over them.
 */
export function parseDirectory(
  text: string,
  source: string,
  { production = false }: { production?: boolean } = {},
): BankDirectory {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SettingsError(`Invalid bank directory ${source}: not JSON (${(error as Error).message})`);
  }
  const parsed = directorySchema.safeParse(json);
  const issues = parsed.success
    ? production
      ? insecureAddresses(parsed.data.banks)
      : []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  if (issues.length > 0 || !parsed.success) {
    const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`);
    throw new SettingsError(`Invalid bank directory ${source}; fix these:\n${lines.join('\n')}`);
  }
  return parsed.data.banks.map(asDirectoryBank);
}

function insecureAddresses(
  banks: readonly z.infer<typeof bankSchema>[],
): { path: string; message: string }[] {
  return banks.flatMap((bank, index) =>
    Object.entries(bank.urls)
      .filter(([, address]) => !secureUrl(address))
      .map(([name]) => ({
        path: `banks.${index}.urls.${name}`,
        message: 'must be https:// for an app in production (plain http only to this machine)',
      })),
  );
}

function loadDirectory(): BankDirectory {
  const current = settings();
  if (!current.BANK_DIRECTORY) return directoryFromSettings(current);
  let text: string;
  try {
    text = readFileSync(current.BANK_DIRECTORY, 'utf8');
  } catch (error) {
    throw new SettingsError(
      `BANK_DIRECTORY: cannot read ${current.BANK_DIRECTORY} (${(error as Error).message})`,
    );
  }
  return parseDirectory(text, current.BANK_DIRECTORY, { production: current.NODE_ENV === 'production' });
}

const state = processGlobal<{ directory?: BankDirectory }>('bank-directory', () => ({}));

/** The directory, read and checked once per process. */
export function bankDirectory(): BankDirectory {
  state.directory ??= loadDirectory();
  return state.directory;
}

/** The id a row made before the directory carries: the bank of the single-bank settings. */
export const FORMER_SINGLE_BANK = 'default';

/**
 * The bank of a directory entry's id; undefined for an id no longer listed. A row made before the directory
 * (`default`) belongs to a directory of one, whatever that bank's id now.
 */
export function bankById(id: string, directory: BankDirectory = bankDirectory()): DirectoryBank | undefined {
  const listed = directory.find((bank) => bank.id === id);
  if (listed || id !== FORMER_SINGLE_BANK || directory.length !== 1) return listed;
  return directory[0];
}

/** The banks of the directory whose business interfaces (claims, webhooks service) the app uses for `what`. */
export function banksOffering(
  what: 'webhooks' | 'claims',
  directory: BankDirectory = bankDirectory(),
): DirectoryBank[] {
  return directory.filter((bank) => bank.offer[what]);
}

/** The name the PSU knows a payment's bank by; for an id no longer listed, undefined. */
export function bankName(id: string): string | undefined {
  return bankById(id)?.name;
}

/** A directory bank's name in each Icelandic case (lib/bank/bank-name.ts). */
export function namesOf(bank: Pick<DirectoryBank, 'name' | 'nameForms'>): BankNameForms {
  return bankNameForms(bank.name, bank.nameForms);
}

/** What the browser may know of a bank: never its URLs or credentials. */
export interface PublicBank {
  id: string;
  name: string;
  names: BankNameForms;
  bankNumbers: string[];
  offer: BankOffer;
  /** The most characters its interface takes in a standing order's reference (its dialect's). */
  standingOrderReferenceMax: number;
}

/** The most characters a bank's interface takes in a standing order's reference (its dialect's). */
export function standingOrderReferenceMax(bank: Pick<DirectoryBank, 'dialect'>): number {
  return dialectNamed(bank.dialect).standingOrderReferenceMax;
}

/** The most characters a bank's interface takes in each bounded string member of a bulk element (its dialect's). */
export function bulkElementMax(bank: Pick<DirectoryBank, 'dialect'>): Readonly<Record<string, number>> {
  return dialectNamed(bank.dialect).bulkElementMax;
}

export function publicDirectory(directory: BankDirectory = bankDirectory()): PublicBank[] {
  return directory.map((bank) => ({
    id: bank.id,
    name: bank.name,
    names: namesOf(bank),
    bankNumbers: bank.bankNumbers,
    offer: bank.offer,
    standingOrderReferenceMax: standingOrderReferenceMax(bank),
  }));
}
