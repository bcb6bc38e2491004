import { z } from 'zod';
import type { Db } from '@/lib/db';
import { countBulkTemplates } from '@/lib/db/queries/bulk-templates';
import { savedName } from './fields';

/** How many bulk templates one PSU may keep. */
export const MAX_BULK_TEMPLATES = 50;

export const templateFromPaymentSchema = z.object({ paymentId: z.uuid(), name: savedName() });
export const templateIdSchema = z.object({ id: z.uuid() });

/** What a template keeps of a bulk: its body without the ids and the day that belong to one payment. */
export function templateBody(body: Record<string, unknown>): Record<string, unknown> {
  const { paymentInformationId: _id, requestedExecutionDate: _date, ...kept } = body;
  return kept;
}

export async function hasRoomForTemplate(db: Db, psuId: string): Promise<boolean> {
  return (await countBulkTemplates(db, psuId)) < MAX_BULK_TEMPLATES;
}
