import type { Queryable } from '../db/db.js';
import { ownerOfAccount } from '../db/queries/accounts.js';
import type { PaymentRow } from '../db/queries/payments.js';
import { findPsu, type ScaMethod } from '../db/queries/psus.js';

/**
 * A method as the interface shows it (scaMethods, chosenScaMethod), named in the language of the payment's
 * PSU-Accept-Language as its SCA pages and challenges are: the PSU reads these words on the TPP's page.
 */
export function methodObject(m: ScaMethod, language: 'is' | 'en') {
  const { name, explanation } = language === 'is' && m.is ? m.is : m;
  return {
    authenticationType: m.authenticationType,
    authenticationMethodId: m.authenticationMethodId,
    name,
    ...(explanation ? { explanation } : {}),
  };
}

/** The SCA methods an authorisation of this payment offers (embedded: OTP methods; decoupled: the app). */
export async function methodsFor(db: Queryable, payment: PaymentRow): Promise<ScaMethod[]> {
  const owner = await ownerOfAccount(db, payment.debtor_iban);
  const psu = owner ? await findPsu(db, owner) : undefined;
  const all = psu?.sca_methods ?? [];
  return payment.sca_approach === 'DECOUPLED'
    ? all.filter((m) => m.authenticationType === 'PUSH_OTP')
    : all.filter((m) => m.authenticationType !== 'PUSH_OTP');
}
