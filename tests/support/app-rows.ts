import { randomUUID } from 'node:crypto';
import type { PaymentService } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { type Payment, payments, psus } from '@/lib/db/schema';

/** A PSU of the app, for tests that write its payments themselves. */
export async function insertPsu(db: Db, email = `${randomUUID()}@example.is`): Promise<string> {
  const [psu] = await db
    .insert(psus)
    .values({ email, passwordHash: 'x', displayName: 'PSU' })
    .returning({ id: psus.id });
  if (!psu) throw new Error('no PSU');
  return psu.id;
}

/**
 * A payment the bank has (phase `initiated`) with the status given, as if initiated and read before;
 * `changedAt` is when its status last changed.
 */
export async function insertInitiatedPayment(
  db: Db,
  psuId: string,
  options: {
    transactionStatus: string;
    service?: PaymentService;
    changedAt?: Date;
    creditorAccount?: string;
    reference?: string;
  },
): Promise<Payment> {
  const changedAt = options.changedAt ?? new Date();
  const [payment] = await db
    .insert(payments)
    .values({
      psuId,
      submissionId: randomUUID(),
      idempotencyKey: randomUUID(),
      service: options.service ?? 'payments',
      product: 'credit-transfers',
      body: {},
      scaLanguage: 'is',
      uiLocale: 'is',
      phase: 'initiated',
      transactionStatus: options.transactionStatus,
      bankPaymentId: `bank-${randomUUID()}`,
      amount: '1000',
      currency: 'ISK',
      creditorAccount: options.creditorAccount ?? 'IS140159260076545510730339',
      reference: options.reference,
      createdAt: changedAt,
      updatedAt: changedAt,
    })
    .returning();
  if (!payment) throw new Error('no payment');
  return payment;
}
