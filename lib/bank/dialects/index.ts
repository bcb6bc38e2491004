import type { Dialect, DialectId } from './dialect';
import { iobwsDialect } from './iobws-3-2';
import { specDialect } from './spec';

export type { ClaimToPay, Dialect, DialectId, WireProduct, WireService } from './dialect';
export { DIALECT_IDS } from './dialect';

const DIALECTS: Record<DialectId, Dialect> = { spec: specDialect, 'iobws-3.2': iobwsDialect };

/** The dialect of a directory entry (lib/bank/directory.ts). */
export function dialectNamed(id: DialectId): Dialect {
  return DIALECTS[id];
}
