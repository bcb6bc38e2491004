import type { Db } from '../db/db.js';
import { insertCard } from '../db/queries/cards.js';

/**
 * Payment cards of this bank, for card deposits (`payment-product` `card-deposits`: "a withdrawal from an account
 * to pay onto the account behind a payment card", ÍST TS 310). A card is named by its masked PAN, spec 2.4: the
 * first 6 and last 4 digits, the middle masked with asterisks. A deposit credits the account behind the card.
 */
export const SEED_CARDS = [
  {
    masked_pan: '522011******4242',
    holder_kennitala: '0101302989',
    holder_name: 'Jón Jónsson',
    account_iban: 'IS860159260012340101302989',
    blocked: false,
  },
  {
    masked_pan: '479300******5678',
    holder_kennitala: '1203892039',
    holder_name: 'Anna Sigurðardóttir',
    account_iban: 'IS770133260044551203892039',
    blocked: false,
  },
  {
    // Blocked (reported lost): a deposit onto it is refused, 400 RESOURCE_BLOCKED.
    masked_pan: '676200******9012',
    holder_kennitala: '1505852289',
    holder_name: 'Helga Björnsdóttir',
    account_iban: 'IS950515260012341505852289',
    blocked: true,
  },
] as const;

export type SeedCard = (typeof SEED_CARDS)[number];

/** Idempotent: adds the seeded cards that are missing. */
export async function seedCards(db: Db, cards: readonly SeedCard[] = SEED_CARDS): Promise<void> {
  await db.transaction(async (tx) => {
    for (const card of cards) await insertCard(tx, card);
  });
}
