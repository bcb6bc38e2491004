import { writeFileSync } from 'node:fs';
import { type BankProfile, DEFAULT_BANK, OTHER_BANKS } from './banks.js';

/**
 * The app's bank directory (BANK_DIRECTORY, the app's lib/bank/directory.ts) for the banks this sandbox plays at
 * `sandboxUrl`: `npm start` and the end-to-end tests write it, so the app knows every sandbox bank's numbers,
 * URLs, credentials and offer. The default bank is `default` in the app, the id the app gives the bank of its
 * single-bank settings.
 */
export function appDirectory(
  sandboxUrl: string,
  banks: readonly BankProfile[] = [DEFAULT_BANK, ...OTHER_BANKS],
) {
  const root = sandboxUrl.replace(/\/+$/, '');
  return {
    banks: banks.map((bank) => {
      const base = bank === DEFAULT_BANK ? root : `${root}/banks/${bank.id}`;
      // A bank that speaks IOBWS 3.2 is its server: payments at {base}/v1/…, claims at {base}/v1/claims.
      const iobws = bank.dialect === 'iobws-3.2';
      return {
        id: bank === DEFAULT_BANK ? 'default' : bank.id,
        name: bank.name,
        nameForms: bank.nameForms,
        bankNumbers: bank.bankNumbers,
        urls: {
          payments: iobws ? base : `${base}/psd2`,
          auth: base,
          events: `${base}/events`,
          business: iobws ? base : `${base}/business`,
        },
        credentials: {
          clientId: bank.client.clientId,
          clientSecret: bank.client.clientSecret,
          subscriptionKey: bank.client.subscriptionKey,
          businessUsername: bank.business.username,
          businessPassword: bank.business.password,
        },
        dialect: bank.dialect,
        offer: {
          services: bank.services,
          // IOBWS 3.2: a bill is paid as a claim payment there.
          products: iobws ? [...bank.products, 'claim-payments'] : bank.products,
          scaApproaches: bank.decoupledOnly ? ['DECOUPLED'] : ['REDIRECT', 'DECOUPLED', 'EMBEDDED'],
          notifications: true,
          // The webhooks service of our bank's spec is not IOBWS 3.2's; its claims are at /v1/claims.
          webhooks: !iobws,
        },
      };
    }),
  };
}

/** Writes the directory of `banks` at `sandboxUrl` to `file`, as JSON. */
export function writeAppDirectory(file: string, sandboxUrl: string, banks?: readonly BankProfile[]): void {
  writeFileSync(file, `${JSON.stringify(appDirectory(sandboxUrl, banks), null, 2)}\n`);
}
