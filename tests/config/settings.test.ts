import { describe, expect, it } from 'vitest';
import { bankJobConcurrency, parseSettings, SettingsError } from '@/lib/config';

const secret = 'x'.repeat(32);

/** An app in production at a bank not on this machine, with every setting such an app must have. */
const liveSettings = {
  AUTH_SECRET: secret,
  NODE_ENV: 'production',
  BANK_BASE_URL: 'https://api.bank.example/psd2',
  TPP_PUBLIC_IP: '203.0.113.10',
  SEED_DEMO_PSU: 'false',
  BANK_NAME: 'Landsbankinn',
};
/** `liveSettings` without one of them. */
const liveWithout = (name: keyof typeof liveSettings) =>
  Object.fromEntries(Object.entries(liveSettings).filter(([key]) => key !== name));

describe('settings', () => {
  it('defaults every bank setting to the sandbox bank of npm start', () => {
    const settings = parseSettings({ AUTH_SECRET: secret });
    expect(settings.BANK_BASE_URL).toBe('http://127.0.0.1:4010/psd2');
    expect(settings.BANK_AUTH_URL).toBe('http://127.0.0.1:4010');
    expect(settings.APP_BASE_URL).toBe('http://localhost:3000');
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.SEED_DEMO_PSU).toBe(true);
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    expect(parseSettings({ AUTH_SECRET: secret, DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('says which setting is wrong and how to fix it', () => {
    expect(() => parseSettings({ AUTH_SECRET: 'short', BANK_BASE_URL: 'ftp://bank' })).toThrow(SettingsError);
    try {
      parseSettings({ AUTH_SECRET: 'short', BANK_BASE_URL: 'ftp://bank' });
    } catch (error) {
      expect((error as Error).message).toMatch(/AUTH_SECRET: must be at least 32 characters/);
      expect((error as Error).message).toMatch(/BANK_BASE_URL/);
    }
  });

  it('accepts only PostgreSQL connection strings for DATABASE_URL', () => {
    expect(() => parseSettings({ AUTH_SECRET: secret, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(
      parseSettings({ AUTH_SECRET: secret, DATABASE_URL: 'postgresql://u@127.0.0.1/db' }).DATABASE_URL,
    ).toBe('postgresql://u@127.0.0.1/db');
  });

  it('runs the job workers in the app unless told otherwise, and apart from it only on PostgreSQL', () => {
    expect(parseSettings({ AUTH_SECRET: secret }).JOB_WORKERS).toBe('app');
    expect(() => parseSettings({ AUTH_SECRET: secret, JOB_WORKERS: 'separate' })).toThrow(
      /JOB_WORKERS: can be `separate` only with DATABASE_URL \(PostgreSQL\)/,
    );
    expect(
      parseSettings({
        AUTH_SECRET: secret,
        JOB_WORKERS: 'separate',
        DATABASE_URL: 'postgresql://u@127.0.0.1/db',
      }).JOB_WORKERS,
    ).toBe('separate');
    expect(() => parseSettings({ AUTH_SECRET: secret, JOB_WORKERS: 'elsewhere' })).toThrow(/JOB_WORKERS/);
  });

  it('runs 4 status checks and 4 resends at once per process on PostgreSQL, 1 on the embedded database, unless told otherwise, from 1 to 32', () => {
    const postgres = 'postgresql://app@127.0.0.1:5432/app';
    expect(bankJobConcurrency(parseSettings({ AUTH_SECRET: secret, DATABASE_URL: postgres }))).toBe(4);
    expect(bankJobConcurrency(parseSettings({ AUTH_SECRET: secret }))).toBe(1);
    expect(bankJobConcurrency(parseSettings({ AUTH_SECRET: secret, BANK_JOB_CONCURRENCY: '6' }))).toBe(6);
    expect(
      bankJobConcurrency(
        parseSettings({ AUTH_SECRET: secret, DATABASE_URL: postgres, BANK_JOB_CONCURRENCY: '1' }),
      ),
    ).toBe(1);
    for (const value of ['0', '33', '2.5', 'many']) {
      expect(() => parseSettings({ AUTH_SECRET: secret, BANK_JOB_CONCURRENCY: value })).toThrow(
        /BANK_JOB_CONCURRENCY/,
      );
    }
  });

  describe('TPP_PUBLIC_IP: our own address, sent as PSU-IP-Address when the PSU\u2019s IPv4 is not known', () => {
    it('is the loopback address by default, as the sandbox bank of npm start sees us', () => {
      expect(parseSettings({ AUTH_SECRET: secret }).TPP_PUBLIC_IP).toBe('127.0.0.1');
      expect(parseSettings({ AUTH_SECRET: secret, TPP_PUBLIC_IP: '203.0.113.10' }).TPP_PUBLIC_IP).toBe(
        '203.0.113.10',
      );
    });

    it.each(['2001:db8::1', 'tpp.example.is', '203.0.113.256', '203.0.113'])(
      'refuses %s with a message that says what it must be',
      (value) => {
        expect(() => parseSettings({ AUTH_SECRET: secret, TPP_PUBLIC_IP: value })).toThrow(
          /TPP_PUBLIC_IP: must be an IPv4 address/,
        );
      },
    );

    it('must be set to a public address to run in production against a bank not on this machine', () => {
      const live = liveWithout('TPP_PUBLIC_IP');
      expect(() => parseSettings(live)).toThrow(/TPP_PUBLIC_IP: .*BANK_BASE_URL/);
      expect(() => parseSettings({ ...live, TPP_PUBLIC_IP: '127.0.0.2' })).toThrow(/TPP_PUBLIC_IP/);
      expect(parseSettings({ ...live, TPP_PUBLIC_IP: '203.0.113.10' }).TPP_PUBLIC_IP).toBe('203.0.113.10');
      // The sandbox (on this machine, or in development) keeps the default.
      expect(parseSettings({ ...live, BANK_BASE_URL: 'https://127.0.0.1:4443/psd2' }).TPP_PUBLIC_IP).toBe(
        '127.0.0.1',
      );
      expect(parseSettings({ ...live, NODE_ENV: 'development' }).TPP_PUBLIC_IP).toBe('127.0.0.1');
    });
  });

  it('refuses a bank URL in plain http to another machine for an app in production; loopback may be http', () => {
    expect(() => parseSettings({ ...liveSettings, BANK_BASE_URL: 'http://api.bank.example/psd2' })).toThrow(
      /BANK_BASE_URL: must be https:\/\//,
    );
    for (const name of ['BANK_AUTH_URL', 'BANK_EVENTS_BASE_URL', 'BANK_BUSINESS_BASE_URL'])
      expect(() => parseSettings({ ...liveSettings, [name]: 'http://api.bank.example/x' })).toThrow(
        new RegExp(`${name}: must be https://`),
      );
    expect(parseSettings({ ...liveSettings, BANK_AUTH_URL: 'https://auth.bank.example' }).BANK_AUTH_URL).toBe(
      'https://auth.bank.example',
    );
    // In development, or the sandbox on this machine, http stays.
    expect(
      parseSettings({ ...liveSettings, NODE_ENV: 'development', BANK_BASE_URL: 'http://bank.test/psd2' })
        .BANK_BASE_URL,
    ).toBe('http://bank.test/psd2');
  });

  describe('SEED_DEMO_PSU: the demo accounts, whose password the sign-in page shows', () => {
    it('must be false to run in production against a bank not on this machine; the sandbox keeps them', () => {
      const live = liveWithout('SEED_DEMO_PSU');
      expect(() => parseSettings({ ...live, BANK_NAME: 'Landsbankinn' })).toThrow(
        /SEED_DEMO_PSU: must be false/,
      );
      expect(
        parseSettings({ ...live, SEED_DEMO_PSU: 'false', BANK_NAME: 'Landsbankinn' }).SEED_DEMO_PSU,
      ).toBe(false);
      expect(parseSettings({ ...live, BANK_BASE_URL: 'http://127.0.0.1:4010/psd2' }).SEED_DEMO_PSU).toBe(
        true,
      );
    });
  });

  describe('BANK_NAME: the one bank\u2019s name on every payment and receipt', () => {
    it('must be the bank\u2019s own in production at a bank not on this machine, never the sandbox\u2019s', () => {
      const live = liveWithout('BANK_NAME');
      expect(() => parseSettings(live)).toThrow(/BANK_NAME: must be the bank/);
      expect(parseSettings({ ...live, BANK_NAME: 'Landsbankinn' }).BANK_NAME).toBe('Landsbankinn');
      // A directory names each of its banks; the sandbox keeps its own name.
      expect(() => parseSettings({ ...live, BANK_DIRECTORY: '/etc/greidsla/banks.json' })).not.toThrow();
      expect(parseSettings({ ...live, BANK_BASE_URL: 'http://127.0.0.1:4010/psd2' }).BANK_NAME).toBe(
        'Sandkassabankinn',
      );
    });
  });

  describe('PASSWORD_HASH_COST: bcrypt\u2019s cost for every password hash', () => {
    it('is 12 unless set, and a test run may lower it to 4', () => {
      expect(parseSettings({ AUTH_SECRET: secret }).PASSWORD_HASH_COST).toBe(12);
      expect(parseSettings({ AUTH_SECRET: secret, PASSWORD_HASH_COST: '4' }).PASSWORD_HASH_COST).toBe(4);
      expect(() => parseSettings({ AUTH_SECRET: secret, PASSWORD_HASH_COST: '3' })).toThrow(
        /PASSWORD_HASH_COST/,
      );
    });

    it('is at least 10 for an app in production at a bank not on this machine', () => {
      const live = liveSettings;
      expect(() => parseSettings({ ...live, PASSWORD_HASH_COST: '9' })).toThrow(
        /PASSWORD_HASH_COST: must be at least 10/,
      );
      expect(parseSettings({ ...live, PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
      expect(
        parseSettings({ ...live, BANK_BASE_URL: 'http://127.0.0.1:4010/psd2', PASSWORD_HASH_COST: '4' })
          .PASSWORD_HASH_COST,
      ).toBe(4);
    });
  });
});
