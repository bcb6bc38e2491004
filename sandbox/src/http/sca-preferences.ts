import type { Context } from 'hono';
import type { ScaPreferences } from '../sca/approach.js';

function booleanHeader(c: Context, name: string): boolean | null {
  const value = c.req.header(name);
  return value === 'true' ? true : value === 'false' ? false : null;
}

function kennitalaHeader(c: Context, name: string): string | null {
  const value = c.req.header(name)?.trim();
  return value ? value.replace('-', '') : null;
}

/** PSU-ID, PSU-Corporate-ID, TPP-Redirect-Preferred and TPP-Explicit-Authorisation-Preferred of a request. */
export function readScaPreferences(c: Context): ScaPreferences {
  return {
    psuId: kennitalaHeader(c, 'PSU-ID'),
    corporateId: kennitalaHeader(c, 'PSU-Corporate-ID'),
    redirectPreferred: booleanHeader(c, 'TPP-Redirect-Preferred'),
    explicitPreferred: booleanHeader(c, 'TPP-Explicit-Authorisation-Preferred'),
  };
}
