'use server';

import { z } from 'zod';
import { psuAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { setMailOnPaymentEnd } from '@/lib/db/queries/notices';

/** Turns the e-mail on or off that tells the PSU when a payment of theirs is paid, rejected or cancelled. */
export const setPaymentEndMailAction = psuAction
  // A checkbox: sent as "on" when ticked, not at all when not.
  .schema(z.object({ mailOnPaymentEnd: z.literal('on').optional() }), {
    invalidMessage: 'notices.mail.invalid',
  })
  .wordedFormAction(async ({ input, ctx }) => {
    const on = input.mailOnPaymentEnd === 'on';
    await setMailOnPaymentEnd(await getDb(), ctx.psuId, on);
    return success({ mailOnPaymentEnd: on }, on ? 'notices.mail.turnedOn' : 'notices.mail.turnedOff');
  });
