import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { seedBusiness } from '../business/seed.js';
import { toMinorUnits } from '../lib/money.js';
import type { Db } from './db.js';

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

export interface SeedAccount {
  iban: string;
  name: string;
  currency: string;
  /** Balance as a decimal string in the account currency. */
  balance: string;
}

export interface SeedPsu {
  username: string;
  password: string;
  name: string;
  kennitala: string;
  accounts: SeedAccount[];
}

/**
 * Demo online-banking users. Every kennitala has a valid check digit and every IBAN a valid checksum
 * (checked in test/lib.test.ts); the BBAN of an Icelandic IBAN ends with the owner's kennitala.
 */
export const SEED_PSUS: readonly SeedPsu[] = [
  {
    username: 'jon',
    password: 'sandbox',
    name: 'Jón Jónsson',
    kennitala: '0101302989',
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
    ],
  },
];

export async function seed(db: Db): Promise<void> {
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM psus');
  if ((existing[0]?.n ?? 0) > 0) return seedBusiness(db);
  await db.transaction(async (tx) => {
    for (const psu of SEED_PSUS) {
      await tx.query('INSERT INTO psus (username, password_hash, name, kennitala) VALUES ($1, $2, $3, $4)', [
        psu.username,
        hashPassword(psu.password),
        psu.name,
        psu.kennitala,
      ]);
      for (const account of psu.accounts) {
        await tx.query(
          `INSERT INTO accounts (iban, bban, owner_username, name, currency, balance_minor)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            account.iban,
            account.iban.slice(4),
            psu.username,
            account.name,
            account.currency,
            balanceMinor(account),
          ],
        );
      }
    }
  });
  await seedBusiness(db);
}

function balanceMinor(account: SeedAccount): string {
  return toMinorUnits(account.balance, account.currency).toString();
}
