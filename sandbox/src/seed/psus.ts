import type { Db } from '../db/db.js';
import { insertAccount } from '../db/queries/accounts.js';
import {
  addSigner,
  insertPsu,
  listUsernames,
  type ScaMethod,
  setPsuBlocked,
  setPsuSca,
} from '../db/queries/psus.js';
import { toMinorUnits } from '../shared/money.js';
import { hashPassword } from '../shared/passwords.js';

export interface SeedAccount {
  iban: string;
  name: string;
  currency: string;
  /** Balance as a decimal string in the account currency. */
  balance: string;
  /** Credits to this account are not posted (payments to it end ACWP). */
  creditBlocked?: boolean;
  /** Frozen by the bank: nothing is paid from it (400 RESOURCE_BLOCKED on its debtorAccount). */
  blocked?: boolean;
}

/** How the bank authenticates this PSU by default (see README "SCA approaches"). */
export type PsuScaApproach = 'redirect' | 'oauth' | 'decoupled' | 'embedded' | 'iobws';

export interface SeedPsu {
  username: string;
  password: string;
  name: string;
  kennitala: string;
  scaApproach?: PsuScaApproach;
  /** Methods offered for embedded/decoupled SCA (PUSH_OTP means decoupled, in the bank's app). */
  scaMethods?: ScaMethod[];
  /** For a company: the usernames of the people who must all sign its payments (multilevel SCA). */
  signers?: string[];
  /** The bank has blocked this PSU's access, whatever the channel: 403 SERVICE_BLOCKED. */
  blocked?: boolean;
  accounts: SeedAccount[];
}

/**
 * Demo online-banking users. Every kennitala has a valid check digit and every IBAN a valid checksum
 * (checked in test/shared.test.ts); the BBAN of an Icelandic IBAN ends with the owner's kennitala.
 */
export const SEED_PSUS: readonly SeedPsu[] = [
  {
    username: 'jon',
    password: 'sandbox',
    name: 'Jón Jónsson',
    kennitala: '0101302989',
    scaApproach: 'redirect',
    // Only used when a TPP sends TPP-Redirect-Preferred: false (embedded, one method, chosen implicitly).
    scaMethods: [
      {
        authenticationType: 'SMS_OTP',
        authenticationMethodId: 'sms-jon',
        name: 'SMS to +354 ***-**89',
        is: { name: 'SMS í +354 ***-**89' },
      },
    ],
    accounts: [
      { iban: 'IS140159260076545510730339', name: 'Launareikningur', currency: 'ISK', balance: '5000000' },
      {
        iban: 'IS860159260012340101302989',
        name: 'Sparireikningur',
        currency: 'ISK',
        balance: '250000',
      },
      {
        iban: 'IS770159380005550101302989',
        name: 'Gjaldeyrisreikningur',
        currency: 'EUR',
        balance: '10000.00',
      },
    ],
  },
  {
    username: 'anna',
    password: 'sandbox',
    name: 'Anna Sigurðardóttir',
    kennitala: '1203892039',
    scaApproach: 'redirect',
    // Only used when a TPP sends TPP-Redirect-Preferred: false (decoupled: approve in the bank's app).
    scaMethods: [
      {
        authenticationType: 'PUSH_OTP',
        authenticationMethodId: 'app-anna',
        name: "Bank's app",
        is: { name: 'App bankans' },
      },
    ],
    accounts: [
      {
        iban: 'IS770133260044551203892039',
        name: 'Veltureikningur',
        currency: 'ISK',
        balance: '1200000',
      },
      // Low balance: a payment above 1 000 kr. from this account is rejected for insufficient funds.
      {
        iban: 'IS660133260000011203892039',
        name: 'Lágur reikningur',
        currency: 'ISK',
        balance: '1000',
      },
      // Credits to this account are not posted: a payment to it ends ACWP.
      {
        iban: 'IS040133260000991203892039',
        name: 'Lokaður reikningur (blocked for credits)',
        currency: 'ISK',
        balance: '0',
        creditBlocked: true,
      },
      // Frozen by the bank: a payment from it is refused, 400 RESOURCE_BLOCKED (path debtorAccount).
      {
        iban: 'IS100133260000771203892039',
        name: 'Frystur reikningur (frozen)',
        currency: 'ISK',
        balance: '50000',
        blocked: true,
      },
    ],
  },
  {
    username: 'helga',
    password: 'sandbox',
    name: 'Helga Björnsdóttir',
    kennitala: '1505852289',
    scaApproach: 'decoupled',
    scaMethods: [
      {
        authenticationType: 'PUSH_OTP',
        authenticationMethodId: 'app-helga',
        name: "Bank's app",
        is: { name: 'App bankans' },
      },
    ],
    accounts: [
      { iban: 'IS950515260012341505852289', name: 'Launareikningur', currency: 'ISK', balance: '2000000' },
    ],
  },
  {
    username: 'olafur',
    password: 'sandbox',
    name: 'Ólafur Ragnarsson',
    kennitala: '2207793199',
    scaApproach: 'embedded',
    scaMethods: [
      {
        authenticationType: 'SMS_OTP',
        authenticationMethodId: 'sms',
        name: 'SMS to +354 ***-**99',
        is: { name: 'SMS í +354 ***-**99' },
      },
      {
        authenticationType: 'CHIP_OTP',
        authenticationMethodId: 'chip',
        name: 'Security token (auðkennislykill)',
        explanation: 'Enter the start code on your token and type the code it shows.',
        is: {
          name: 'Auðkennislykill',
          explanation: 'Sláðu upphafskóðann inn í lykilinn og síðan kóðann sem hann sýnir.',
        },
      },
      {
        authenticationType: 'PHOTO_OTP',
        authenticationMethodId: 'photo',
        name: 'Photo code',
        explanation: 'Scan the image with the bank app and type the code it shows.',
        is: {
          name: 'Myndkóði',
          explanation: 'Skannaðu myndina með appi bankans og sláðu inn kóðann sem það sýnir.',
        },
      },
    ],
    accounts: [
      { iban: 'IS830515260012342207793199', name: 'Launareikningur', currency: 'ISK', balance: '3000000' },
      {
        iban: 'IS840515380007772207793199',
        name: 'Gjaldeyrisreikningur',
        currency: 'EUR',
        balance: '5000.00',
      },
    ],
  },
  {
    username: 'sigrun',
    password: 'sandbox',
    name: 'Sigrún Pálsdóttir',
    kennitala: '0303904239',
    scaApproach: 'oauth',
    accounts: [
      { iban: 'IS250515260012340303904239', name: 'Launareikningur', currency: 'ISK', balance: '1500000' },
    ],
  },
  {
    username: 'gunnar',
    password: 'sandbox',
    name: 'Gunnar Einarsson',
    kennitala: '1111712549',
    scaApproach: 'redirect',
    accounts: [],
  },
  {
    username: 'kristin',
    password: 'sandbox',
    name: 'Kristín Jónsdóttir',
    kennitala: '0808832779',
    scaApproach: 'redirect',
    accounts: [],
  },
  {
    username: 'sandkassi',
    password: 'sandbox',
    name: 'Sandkassi ehf.',
    kennitala: '5102993029',
    scaApproach: 'redirect',
    signers: ['gunnar', 'kristin'],
    accounts: [
      {
        iban: 'IS780515260012345102993029',
        name: 'Rekstrarreikningur',
        currency: 'ISK',
        balance: '50000000',
      },
    ],
  },
  {
    username: 'bokhald',
    password: 'sandbox',
    name: 'Bókhaldskerfi ehf.',
    kennitala: '6403164039',
    scaApproach: 'iobws',
    accounts: [
      {
        iban: 'IS950515260012346403164039',
        name: 'Rekstrarreikningur',
        currency: 'ISK',
        balance: '20000000',
      },
    ],
  },
  {
    // The bank has blocked Björn's access to its services (channel-independent, e.g. at his own request): any
    // payment from his account, or naming him by PSU-ID, is refused with 403 SERVICE_BLOCKED.
    username: 'bjorn',
    password: 'sandbox',
    name: 'Björn Gíslason',
    kennitala: '0905781039',
    scaApproach: 'redirect',
    blocked: true,
    accounts: [
      { iban: 'IS930133260043210905781039', name: 'Launareikningur', currency: 'ISK', balance: '800000' },
    ],
  },
];

/**
 * Inserts every seeded PSU and account that is missing (so a database seeded by an older version gains the
 * newer PSUs) and sets each PSU's SCA approach, methods and signers. Existing balances are left alone.
 */
export async function seedPsus(db: Db, psus: readonly SeedPsu[] = SEED_PSUS): Promise<void> {
  const existing = new Set(await listUsernames(db));
  const hashes = new Map(
    psus.filter((p) => !existing.has(p.username)).map((p) => [p.username, hashPassword(p.password)]),
  );
  await db.transaction(async (tx) => {
    for (const psu of psus) {
      const passwordHash = hashes.get(psu.username);
      if (passwordHash) await insertPsu(tx, { ...psu, passwordHash }, { ifAbsent: true });
      await setPsuSca(tx, psu.username, psu.scaApproach ?? 'redirect', psu.scaMethods ?? []);
      await setPsuBlocked(tx, psu.username, psu.blocked ?? false);
      for (const account of psu.accounts) {
        await insertAccount(
          tx,
          {
            iban: account.iban,
            ownerUsername: psu.username,
            name: account.name,
            currency: account.currency,
            balanceMinor: toMinorUnits(account.balance, account.currency),
            creditBlocked: account.creditBlocked ?? false,
            blocked: account.blocked ?? false,
          },
          { ifAbsent: true },
        );
      }
    }
    for (const psu of psus) {
      for (const signer of psu.signers ?? []) await addSigner(tx, psu.username, signer);
    }
  });
}
