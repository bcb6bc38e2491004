import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '@/lib/config';

const secret = 'x'.repeat(32);

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
});
