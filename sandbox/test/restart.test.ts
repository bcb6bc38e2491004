import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { OTHER_BANKS } from '../src/banks.js';
import { holdsCluster } from '../src/db/db.js';
import { scratchDataDir } from '../src/db/pglite-template.js';
import { advanceClock, formAction, ScaBrowser, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

const nordur = OTHER_BANKS.find((bank) => bank.id === 'nordur');
if (!nordur) throw new Error('no Norðurbankinn among the sandbox banks');
const JON_AT_NORDUR = nordur.psus[0]?.accounts[0]?.iban ?? '';

describe('PGlite data dirs, made on a first start and kept across restarts', () => {
  // Two clusters made from nothing, a second process started and refused, two starts: 23–84 s in the runs of
  // 3 December 2026, once past the suite's 120 s with another `npm test` beside it, and past 300 s in both of two
  // runs side by side on 4 December (load about 20 on 2 cores). A bound on a failure.
  it("makes each bank's database, keeps tokens, payments and due status steps, and locks the dir while open", {
    timeout: 600_000,
  }, async () => {
    // Neither bank's dir exists: both are made from one cluster initialised for them (sandbox/src/server.ts).
    const dataDir = scratchDataDir();
    const bankDirs = [dataDir, `${dataDir}-banks/nordur`];
    expect(bankDirs.map(holdsCluster)).toEqual([false, false]);
    // Steps an hour apart: a restart that outlasts the helpers' 60 s step (it did, at load 20) still finds the
    // payment where it left it; the case moves the clock itself.
    const delays = { acsp: 3600, acsc: 7200 };
    const first = await startTestSandbox({ dataDir, port: 0, otherBanks: [nordur], delays });
    expect(bankDirs.map(holdsCluster)).toEqual([true, true]);

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
    // The other bank has its own customers, seeded into its own database.
    const nordurBase = `${first.url}/banks/nordur`;
    const atNordur = new TestTpp(nordurBase, nordur.client);
    const nordurToken = await atNordur.token();
    const madeAtNordur = await atNordur.initiate(
      nordurToken,
      singlePayment({ debtorAccount: { iban: JON_AT_NORDUR } }),
    );
    expect(madeAtNordur.status).toBe(201);
    const nordurStatusPath = (
      (madeAtNordur.json._links as Record<string, { href: string }>).status?.href ?? ''
    ).slice(nordurBase.length);

    // A second process on the same dir is refused with a clear message.
    expect(existsSync(join(dataDir, 'sandbox.lock'))).toBe(true);
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/src/main.ts'], {
      env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_PORT: '0' },
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('is in use by process');
    // And so is a second sandbox in this process.
    await expect(startTestSandbox({ dataDir, port: 0 })).rejects.toThrow(/already open/);

    await first.close();
    expect(existsSync(join(dataDir, 'sandbox.lock'))).toBe(false);

    const restarted = await startTestSandbox({ dataDir, port: 0, otherBanks: [nordur], delays });
    try {
      const again = new TestTpp(restarted.url);
      // The token issued before the restart still works; the steps scheduled before it still run.
      expect((await again.get(token, statusPath)).json).toEqual({ transactionStatus: 'ACTC' });
      await advanceClock(restarted.url, delays.acsc);
      // Two hours on, that token has expired (an hour's life): a new one reads the settled payment.
      expect((await again.get(await again.token(), statusPath)).json).toEqual({ transactionStatus: 'ACSC' });
      const againAtNordur = new TestTpp(`${restarted.url}/banks/nordur`, nordur.client);
      expect((await againAtNordur.get(nordurToken, nordurStatusPath)).json).toEqual({
        transactionStatus: 'RCVD',
      });
    } finally {
      await restarted.close();
    }
    // Each bank's database runs with small shared buffers (setSmallSharedBuffers), as made on the first start.
    for (const bankDir of bankDirs) {
      const pglite = await PGlite.create({ dataDir: bankDir });
      try {
        const { rows } = await pglite.query(`SELECT current_setting('shared_buffers') AS size`);
        expect(rows, bankDir).toEqual([{ size: '16MB' }]);
      } finally {
        await pglite.close();
      }
    }
  });
});
