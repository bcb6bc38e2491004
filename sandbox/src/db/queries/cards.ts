import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** A payment card of this bank, known by its masked PAN, and the account behind it. */
export interface CardRow {
  masked_pan: string;
  holder_kennitala: string;
  holder_name: string;
  account_iban: string;
  blocked: boolean;
}

export async function insertCard(q: Queryable, card: CardRow): Promise<void> {
  await insertInto(q, 'cards', { ...card }, 'ON CONFLICT DO NOTHING');
}

export async function findCard(q: Queryable, maskedPan: string): Promise<CardRow | undefined> {
  return (
    await q.query<CardRow>(
      'SELECT masked_pan, holder_kennitala, holder_name, account_iban, blocked FROM cards WHERE masked_pan = $1',
      [maskedPan],
    )
  )[0];
}
