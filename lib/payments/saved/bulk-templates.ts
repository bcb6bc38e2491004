import { z } from 'zod';
import type { PaymentService } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { countBulkTemplates } from '@/lib/db/queries/bulk-templates';
import { savedName } from './fields';

/** How many templates (of every service) one PSU may keep. */
export const MAX_BULK_TEMPLATES = 50;

export const templateFromPaymentSchema = z.object({ paymentId: z.uuid(), name: savedName() });
export const templateIdSchema = z.object({ id: z.uuid() });

/** What a template keeps of a bulk: its body without the ids and the day that belong to one payment. */
export function templateBody(body: Record<string, unknown>): Record<string, unknown> {
  const { paymentInformationId: _id, requestedExecutionDate: _date, ...kept } = body;
  return kept;
}

// What names one payment or standing order only, or its days: given anew each time it is paid.
const renewed: Record<PaymentService, readonly string[]> = {
  payments: [
    'endToEndIdentification',
    'instructionIdentification',
    'requestedExecutionDate',
    'requestedExecutionTime',
  ],
  'periodic-payments': ['endToEndIdentification', 'startDate', 'endDate'],
  'bulk-payments': ['paymentInformationId', 'requestedExecutionDate'],
};

/** What a template keeps of a payment of any service: its body without what belongs to that payment only. */
export function templateBodyOf(
  service: PaymentService,
  body: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !renewed[service].includes(key)));
}

export async function hasRoomForTemplate(db: Db, psuId: string): Promise<boolean> {
  return (await countBulkTemplates(db, psuId)) < MAX_BULK_TEMPLATES;
}
