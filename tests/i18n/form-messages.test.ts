import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';

/**
 * The payment forms' pages give their client components only the namespaces of PAYMENT_FORM_MESSAGES: a text a
 * form's script reads from another namespace would be missing in the browser (next-intl shows its key). This reads
 * every client module of the forms and holds each namespace it names to the list.
 */
const FORM_CLIENT_ROOTS = ['components/payments', 'components/netbank'];

function clientModules(dir: string): string[] {
  return readdirSync(path.join(process.cwd(), dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return clientModules(file);
    if (!/\.tsx?$/.test(entry.name)) return [];
    return readFileSync(file, 'utf8').startsWith("'use client'") ? [file] : [];
  });
}

/**
 * The top-level namespaces a module reads: `useTranslations('ns…')`, and of a root translator `t('ns.…')` and the
 * keys it takes from an answer by their start (`message.startsWith('ns.')`).
 */
function namespacesRead(source: string): string[] {
  const scoped = [...source.matchAll(/useTranslations\('([a-zA-Z]+)/g)].map((match) => match[1] ?? '');
  const rooted = /useTranslations\(\)/.test(source)
    ? [...source.matchAll(/\b(?:t|translate)\(\s*'([a-zA-Z]+)\.|startsWith\('([a-zA-Z]+)\.'\)/g)].map(
        (match) => match[1] ?? match[2] ?? '',
      )
    : [];
  return [...scoped, ...rooted];
}

describe('the texts a payment form reads in the browser', () => {
  const modules = FORM_CLIENT_ROOTS.flatMap(clientModules);

  it('are all in the namespaces its page gives', () => {
    expect(modules.length).toBeGreaterThan(20);
    const missing = modules.flatMap((file) =>
      namespacesRead(readFileSync(file, 'utf8'))
        .filter((namespace) => !PAYMENT_FORM_MESSAGES.includes(namespace))
        .map((namespace) => `${file}: ${namespace}`),
    );
    expect(missing).toEqual([]);
  });

  it('leave out the bank, payment and sign-in texts: an action answers those in words', () => {
    for (const namespace of ['bank', 'payment', 'auth', 'standingOrderChange'])
      expect(PAYMENT_FORM_MESSAGES).not.toContain(namespace);
  });
});
