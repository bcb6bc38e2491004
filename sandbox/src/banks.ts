import type { TppClient } from './config.js';
import { DEFAULT_CLIENT } from './config.js';
import type { PaymentProduct, PaymentService } from './db/queries/payments.js';
import { PAYMENT_PRODUCTS, PAYMENT_SERVICES } from './pis/payments.js';
import { BUSINESS_USER, type BusinessUser, SEED_CLAIMS, type SeedClaim } from './seed/business.js';
import { SEED_CARDS, type SeedCard } from './seed/cards.js';
import { SEED_PSUS, type SeedPsu } from './seed/psus.js';
import { icelandicIban } from './shared/iban.js';

/**
 * Who a simulated bank is and how it differs from the others: its name, the bank numbers of its accounts (the
 * first two digits of the four-digit bank-and-branch number), what it offers, its customers and its TPP client.
 * One process plays several (server.ts): the default bank at the root, every other one under `/banks/{id}`.
 */
export interface BankProfile {
  id: string;
  name: string;
  /** The name as Icelandic sentences decline it ("í Sandkassabankanum"), passed on to the app's directory. */
  nameForms: { accusative: string; dative: string; genitive: string };
  bankNumbers: string[];
  services: readonly PaymentService[];
  products: readonly PaymentProduct[];
  /** The languages of its SCA pages; a bank with one shows every page in it, with no language switch. */
  scaPageLanguages: readonly ('is' | 'en')[];
  /** Every seeded customer approves every payment in the bank's app (decoupled SCA), whatever the TPP prefers. */
  decoupledOnly: boolean;
  psus: readonly SeedPsu[];
  business: BusinessUser;
  claims: readonly SeedClaim[];
  /** Payment cards of its customers, for card deposits. */
  cards: readonly SeedCard[];
  /** Its TPP client (credentials of the app); the default bank takes its clients from the settings instead. */
  client: TppClient;
  /**
   * The interface it speaks: `spec`, our bank's (contract/*.yaml), or `iobws-3.2`, IOBWS 3.2 as published
   * (contract/published/; http/dialects/iobws-face.ts), at `/v1/…` of its server, with `claim-payments`.
   */
  dialect: 'spec' | 'iobws-3.2';
}

/** The bank the sandbox has always played, at the root of its URL: everything the specification allows. */
export const DEFAULT_BANK: BankProfile = {
  id: 'sandbox',
  name: 'Sandkassabankinn',
  nameForms: { accusative: 'Sandkassabankann', dative: 'Sandkassabankanum', genitive: 'Sandkassabankans' },
  bankNumbers: ['01', '05'],
  services: PAYMENT_SERVICES,
  products: PAYMENT_PRODUCTS,
  scaPageLanguages: ['is', 'en'],
  decoupledOnly: false,
  psus: SEED_PSUS,
  business: BUSINESS_USER,
  claims: SEED_CLAIMS,
  cards: SEED_CARDS,
  client: DEFAULT_CLIENT,
  dialect: 'spec',
};

const JON = { username: 'jon', password: 'sandbox', name: 'Jón Jónsson', kennitala: '0101302989' };
const ANNA = { username: 'anna', password: 'sandbox', name: 'Anna Sigurðardóttir', kennitala: '1203892039' };

/** A bank of the sandbox's own: Jón and Anna bank there too, and Greiðsla ehf. has an account for its claims. */
function otherBank(
  id: string,
  name: string,
  nameForms: BankProfile['nameForms'],
  bank: string,
  offer: Pick<BankProfile, 'services' | 'products' | 'scaPageLanguages' | 'decoupledOnly'> &
    Partial<Pick<BankProfile, 'dialect' | 'claims'>>,
  morePsus: readonly SeedPsu[] = [],
): BankProfile {
  const branch = `${bank}11`;
  return {
    id,
    name,
    nameForms,
    bankNumbers: [bank],
    ...offer,
    psus: [
      {
        ...JON,
        accounts: [
          {
            iban: icelandicIban(branch, '26', '004711', JON.kennitala),
            name: 'Launareikningur',
            currency: 'ISK',
            balance: '800000',
          },
        ],
      },
      {
        ...ANNA,
        accounts: [
          {
            iban: icelandicIban(branch, '26', '004712', ANNA.kennitala),
            name: 'Veltureikningur',
            currency: 'ISK',
            balance: '300000',
          },
        ],
      },
      ...morePsus,
    ],
    business: {
      ...BUSINESS_USER,
      password: `sandbox-b2b-${id}`,
      account: {
        ...BUSINESS_USER.account,
        iban: icelandicIban(branch, '26', '002024', BUSINESS_USER.kennitala),
      },
    },
    claims: offer.claims ?? [],
    cards: [],
    client: {
      clientId: 'demo-tpp',
      clientSecret: `demo-tpp-secret-${id}`,
      subscriptionKey: `demo-subscription-key-${id}`,
    },
    dialect: offer.dialect ?? 'spec',
  };
}

/**
 * Customers beyond Jón and Anna, one per SCA approach, as at the default bank (sandbox/README.md, "SCA approaches"):
 * Helga approves in the bank's app (decoupled), Ólafur types a code (embedded), Bókhaldskerfi ehf. confirms straight
 * through (IOBWS). Norðurbankinn and Suðurbankinn have them, so that each approach is paid at a bank of either
 * dialect (e2e/two-dialects.spec.ts).
 */
function customersOfEveryApproach(bank: string): SeedPsu[] {
  const branch = `${bank}11`;
  const account = (number: string, kennitala: string, name = 'Launareikningur') => ({
    iban: icelandicIban(branch, '26', number, kennitala),
    name,
    currency: 'ISK',
    balance: '900000',
  });
  const approachOf = (username: string) => SEED_PSUS.find((psu) => psu.username === username);
  return (['helga', 'olafur', 'bokhald'] as const).flatMap((username, index) => {
    const psu = approachOf(username);
    if (!psu) return [];
    return [{ ...psu, accounts: [account(`00472${index + 1}`, psu.kennitala)] }];
  });
}

/** The banks `npm start` plays beside the default one, each unlike the others in one way (its products, SCA, page languages or dialect). */
export const OTHER_BANKS: readonly BankProfile[] = [
  otherBank(
    'nordur',
    'Norðurbankinn',
    { accusative: 'Norðurbankann', dative: 'Norðurbankanum', genitive: 'Norðurbankans' },
    '03',
    {
      services: PAYMENT_SERVICES,
      products: ['credit-transfers'],
      scaPageLanguages: ['is', 'en'],
      decoupledOnly: false,
    },
    customersOfEveryApproach('03'),
  ),
  otherBank(
    'austur',
    'Austurbankinn',
    { accusative: 'Austurbankann', dative: 'Austurbankanum', genitive: 'Austurbankans' },
    '07',
    {
      services: PAYMENT_SERVICES,
      products: PAYMENT_PRODUCTS,
      scaPageLanguages: ['is', 'en'],
      decoupledOnly: true,
    },
  ),
  otherBank(
    'vestur',
    'Vesturbankinn',
    { accusative: 'Vesturbankann', dative: 'Vesturbankanum', genitive: 'Vesturbankans' },
    '09',
    {
      services: ['payments', 'bulk-payments'],
      products: PAYMENT_PRODUCTS,
      scaPageLanguages: ['is'],
      decoupledOnly: false,
    },
  ),
  // Every other Icelandic bank publishes IOBWS 3.2: this one speaks it as published (http/dialects/iobws-face.ts).
  otherBank(
    'sudur',
    'Suðurbankinn',
    { accusative: 'Suðurbankann', dative: 'Suðurbankanum', genitive: 'Suðurbankans' },
    '11',
    {
      services: PAYMENT_SERVICES,
      products: ['credit-transfers'],
      scaPageLanguages: ['is', 'en'],
      decoupledOnly: false,
      dialect: 'iobws-3.2',
      // Greiðsla ehf.'s bills to Jón at this bank, read at /v1/claims (IOBWS-Claims 3.1) and paid as claims.
      claims: [
        {
          claimNo: 3,
          payorId: JON.kennitala,
          currency: 'ISK',
          amountMinor: 15_900n,
          dueInDays: 20,
          partialAllowed: false,
          reference: 'SUDUR-3',
        },
        {
          claimNo: 4,
          payorId: JON.kennitala,
          currency: 'ISK',
          amountMinor: 6_400n,
          dueInDays: 40,
          partialAllowed: true,
          reference: 'SUDUR-4',
        },
      ],
    },
    customersOfEveryApproach('11'),
  ),
];

/** The customers a bank seeds: for a decoupled-only bank, each approving in the bank's app. */
export function seededPsus(profile: BankProfile): readonly SeedPsu[] {
  if (!profile.decoupledOnly) return profile.psus;
  return profile.psus.map((psu) => ({
    ...psu,
    scaApproach: 'decoupled',
    scaMethods: [
      {
        authenticationType: 'PUSH_OTP',
        authenticationMethodId: `app-${psu.username}`,
        name: "Bank's app",
        is: { name: 'App bankans' },
      },
    ],
  }));
}

/**
 * SANDBOX_OTHER_BANKS: the ids of the other banks to play, separated by commas or spaces; unset: all of them;
 * `none`: the default bank alone.
 */
export function otherBanksNamed(value: string | undefined): BankProfile[] {
  if (value === undefined || value.trim() === '') return [...OTHER_BANKS];
  const ids = value.split(/[\s,]+/).filter((id) => id && id !== 'none');
  return ids.map((id) => {
    const profile = OTHER_BANKS.find((bank) => bank.id === id);
    if (!profile) {
      throw new Error(
        `Invalid sandbox settings:\n  SANDBOX_OTHER_BANKS: no bank ${id}; use some of ${OTHER_BANKS.map((b) => b.id).join(', ')}, or none`,
      );
    }
    return profile;
  });
}
