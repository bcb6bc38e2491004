// Where the sandbox bank of this test run listens (playwright.config.ts sets it for every worker).
export const sandboxUrl = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4110';

/** Matches a URL on the sandbox bank, optionally under a path such as `sca/`. */
export function atBank(path = ''): RegExp {
  return new RegExp(`^${`${sandboxUrl}/${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
}
