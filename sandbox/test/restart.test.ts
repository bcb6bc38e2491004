import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
