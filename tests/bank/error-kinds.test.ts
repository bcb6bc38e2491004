import { createServer } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Route handlers, server actions and the job workers are bundled apart, each with its own copy of lib/bank/errors.ts,
// and an error made by one copy reaches another through what they share in the process: a token request in flight
// (lib/bank/tokens.ts keeps one per bank and process). A poll of the payment page that waited on the job workers'
// token request, to a bank that could not be reached, answered 500: its copy did not know the other's error. Two
// copies of the modules here stand for two bundles (vi.resetModules between the imports).

type Errors = typeof import('@/lib/bank/errors');
type Tokens = typeof import('@/lib/bank/tokens');

async function bundle(): Promise<{ errors: Errors; tokens: Tokens }> {
  vi.resetModules();
  return { errors: await import('@/lib/bank/errors'), tokens: await import('@/lib/bank/tokens') };
}

/** A loopback port with nothing listening on it: a bank that cannot be reached. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let jobs: { errors: Errors; tokens: Tokens };
let route: { errors: Errors; tokens: Tokens };

beforeAll(async () => {
  const port = await closedPort();
  process.env.AUTH_SECRET = 'error-kinds-secret-error-kinds-secret-0';
  process.env.BANK_AUTH_URL = `http://127.0.0.1:${port}`;
  process.env.BANK_BASE_URL = `http://127.0.0.1:${port}/psd2`;
  jobs = await bundle();
  route = await bundle();
});

describe('a bank error is known by its kind in every copy of the module', () => {
  it('two bundles hold two copies of each class', () => {
    expect(route.errors.BankError).not.toBe(jobs.errors.BankError);
    expect(route.errors.BankUnavailableError).not.toBe(jobs.errors.BankUnavailableError);
  });

  it('an unreachable bank, a protocol fault and a refusal made by one copy are what the other copy calls them', () => {
    const { errors: made } = jobs;
    const { errors: known } = route;
    const unreachable = new made.BankUnavailableError('network', 'r-1');
    expect(unreachable).toBeInstanceOf(known.BankUnavailableError);
    expect(unreachable).not.toBeInstanceOf(known.BankError);
    expect(known.bankErrorMessageKey(unreachable)).toBe('bank.network');

    const refusedToken = made.BankTokenError.from(new made.BankError(401, [], 'r-2'));
    expect(refusedToken).toBeInstanceOf(known.BankTokenError);
    expect(refusedToken).toBeInstanceOf(known.BankError);
    expect(new made.BankError(400, [], 'r-3')).not.toBeInstanceOf(known.BankTokenError);

    const garbled = new made.BankProtocolError('no status');
    expect(garbled).toBeInstanceOf(known.BankProtocolError);
    expect(garbled).not.toBeInstanceOf(known.BankUnavailableError);
  });

  it('what is not a bank error is none in any copy', () => {
    for (const other of [new Error('boom'), { name: 'BankError' }, null, 'BankError', 42]) {
      expect(other instanceof route.errors.BankError).toBe(false);
      expect(other instanceof route.errors.BankUnavailableError).toBe(false);
      expect(other instanceof route.errors.BankProtocolError).toBe(false);
    }
    expect(route.errors.bankErrorMessageKey(new Error('boom'))).toBe('bank.unexpected');
  });

  it('a token request in flight in one bundle fails in another as the unreachable bank it is', async () => {
    const started = jobs.tokens.accessToken('payments');
    const awaited = route.tokens.accessToken('payments');
    const [first, second] = await Promise.allSettled([started, awaited]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    // The one request, shared: what the route's copy met is the job workers' copy's error.
    const error = (second as PromiseRejectedResult).reason;
    expect(error).toBe((first as PromiseRejectedResult).reason);
    expect(error).toBeInstanceOf(route.errors.BankUnavailableError);
    expect(route.errors.bankErrorMessageKey(error)).toBe('bank.network');
  });
});
