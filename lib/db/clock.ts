import { type SQL, sql } from 'drizzle-orm';

/**
 * The database's clock, for timestamps written and compared in queries: every app instance reads the
 * same time, whatever its own clock says.
 */
export function databaseNow(): SQL {
  return sql`now()`;
}

export function databaseNowPlus(seconds: number): SQL {
  return sql`now() + make_interval(secs => ${seconds})`;
}

/** `now()` less an interval in one of make_interval's units (days are calendar days). */
export function databaseNowMinus(amount: number, unit: 'days' | 'hours' | 'secs'): SQL {
  return sql`now() - make_interval(${sql.raw(unit)} => ${amount})`;
}
