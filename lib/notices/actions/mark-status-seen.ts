'use server';

import { z } from 'zod';
import { psuAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { markStatusSeen } from '@/lib/db/queries/notices';

/** Marks the status changes shown on the PSU's payments page as seen, up to the newest one shown. */
export const markStatusSeenAction = psuAction
  .schema(z.object({ upTo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }))
  .action(async ({ input, ctx }) => {
    await markStatusSeen(await getDb(), ctx.psuId, input.upTo);
    return success(null);
  });
