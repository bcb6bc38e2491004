import type { Queryable } from '../db/db.js';
import { ownerOfAccount } from '../db/queries/accounts.js';
import type { PaymentRow } from '../db/queries/payments.js';
import { findPsu, type ScaMethod } from '../db/queries/psus.js';

/** A method as the interface shows it (scaMethods, chosenScaMethod). */
export function methodObject(m: ScaMethod) {
  return {
    authenticationType: m.authenticationType,
    authenticationMethodId: m.authenticationMethodId,
    name: m.name,
    ...(m.explanation ? { explanation: m.explanation } : {}),
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
