import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import { holdsCluster } from '../src/db/db.js';
import { scratchDataDir } from '../src/db/pglite-template.js';
import { sandboxDataDir } from '../src/testing.js';
import { advanceClock, formAction, ScaBrowser, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

describe('a PGlite data dir across restarts', () => {
  it('keeps tokens, payments and due status steps, and locks the dir while open', async () => {
    const dataDir = await sandboxDataDir();
    const first = await startTestSandbox({ dataDir, port: 0 });
    const tpp = new TestTpp(first.url);
    const token = await tpp.token();
    const created = await tpp.initiate(token, singlePayment());
    expect(created.status).toBe(201);
    const links = created.json._links as Record<string, { href: string }>;
    const browser = new ScaBrowser();
    const scaRedirect = links.scaRedirect?.href ?? '';
    const login = await browser.get(scaRedirect);
    await browser.post(formAction(login.html, scaRedirect), { username: 'jon', password: 'sandbox' });
    const review = await browser.get(scaRedirect);
    await browser.post(formAction(review.html, scaRedirect), { decision: 'approve' });
    const statusPath = new URL(links.status?.href ?? '').pathname;

    // A second process on the same dir is refused with a clear message.
    expect(existsSync(join(dataDir, 'sandbox.lock'))).toBe(true);
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/src/main.ts'], {
      env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('is in use by process');
    // And so is a second sandbox in this process.
    await expect(startTestSandbox({ dataDir, port: 0 })).rejects.toThrow(/already open/);

    await first.close();
    expect(existsSync(join(dataDir, 'sandbox.lock'))).toBe(false);

    const restarted = await startTestSandbox({ dataDir, port: 0 });
    try {
      const again = new TestTpp(restarted.url);
      // The token issued before the restart still works; the steps scheduled before it still run.
      const path = statusPath;
      expect((await again.get(token, path)).json).toEqual({ transactionStatus: 'ACTC' });
      await advanceClock(restarted.url, 120);
      expect((await again.get(token, path)).json).toEqual({ transactionStatus: 'ACSC' });
    } finally {
      await restarted.close();
    }
  });
});

describe('a first start in new data dirs', () => {
  it("makes each bank's database, and a restart opens each as it was left", async () => {
    const nordur = OTHER_BANKS.find((bank) => bank.id === 'nordur');
    if (!nordur) throw new Error('no Norðurbankinn among the sandbox banks');
    const jonAtNordur = nordur.psus[0]?.accounts[0]?.iban ?? '';
    // Neither dir exists: both are made from one cluster initialised for them (sandbox/src/server.ts).
    const dataDir = scratchDataDir();
    const bankDirs = [dataDir, `${dataDir}-banks/nordur`];
    expect(bankDirs.map(holdsCluster)).toEqual([false, false]);

    const first = await startTestSandbox({ dataDir, otherBanks: [nordur] });
    let statusPaths: string[];
    let tokens: string[];
    const tpps = () => [new TestTpp(first.url), new TestTpp(`${first.url}/banks/nordur`, nordur.client)];
    try {
      expect(bankDirs.map(holdsCluster)).toEqual([true, true]);
      // Each bank has its own customers, seeded into its own database.
      const [ours, theirs] = tpps();
      if (!ours || !theirs) throw new Error('two banks');
      tokens = [await ours.token(), await theirs.token()];
      const made = [
        await ours.initiate(tokens[0] ?? '', singlePayment()),
        await theirs.initiate(tokens[1] ?? '', singlePayment({ debtorAccount: { iban: jonAtNordur } })),
      ];
      expect(made.map((answer) => answer.status)).toEqual([201, 201]);
      // Each link's path below its bank's base, where the client of the restarted process asks.
      const bases = [first.url, `${first.url}/banks/nordur`];
      statusPaths = made.map((answer, n) =>
        ((answer.json._links as Record<string, { href: string }>).status?.href ?? '').slice(bases[n]?.length),
      );
    } finally {
      await first.close();
    }

    const restarted = await startTestSandbox({ dataDir, otherBanks: [nordur] });
    try {
      const again = [new TestTpp(restarted.url), new TestTpp(`${restarted.url}/banks/nordur`, nordur.client)];
      for (const [i, tpp] of again.entries()) {
        expect((await tpp.get(tokens[i] ?? '', statusPaths[i] ?? '')).json).toEqual({
          transactionStatus: 'RCVD',
        });
      }
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
