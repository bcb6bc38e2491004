import type { Context, MiddlewareHandler } from 'hono';
import type { Bank, Clock } from '../bank.js';
import type { BusinessCaller } from '../business/auth.js';
import type { SandboxConfig } from '../config.js';
import type { Db } from '../db/db.js';

/**
 * The typed variables of every request, set once by middleware: the bank answering it with its settings,
 * database and clock (bankContext), and the caller once authenticated (middleware/tpp-auth.ts,
 * middleware/business-auth.ts). Route handlers read them with `c.get` (Hono's `c.var` builds an object of them all
 * at each read); code below the HTTP layer gets plain values instead.
 */
export interface SandboxEnv {
  Variables: {
    bank: Bank;
    config: SandboxConfig;
    db: Db;
    clock: Clock;
    /** The client_id a TPP access token was issued to. */
    tppClientId: string;
    /** The sandbox clock when the TPP's token was checked (read with it): the instant a PIS call is served at. */
    now: number;
    /** The authorisation a token of an OAuth SCA code is bound to (BG IG 13.4); null for a client credentials token. */
    tokenAuthorisationId: string | null;
    /** The online-banking user of a business (`openid b2b`) token. */
    businessCaller: BusinessCaller;
  };
}

export type SandboxContext = Context<SandboxEnv>;

/**
 * Sets the bank of a request. `bankFor` picks it: one bank per app today; a process serving several banks
 * would pick one by mount path or host here.
 */
export function bankContext(bankFor: (c: Context) => Bank): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const bank = bankFor(c);
    c.set('bank', bank);
    c.set('config', bank.config);
    c.set('db', await bank.db());
    c.set('clock', bank.clock);
    try {
      await next();
    } finally {
      bank.wake();
    }
  };
}
