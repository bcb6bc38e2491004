'use server';

import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import * as z from 'zod/mini';
import { paymentAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { localeOrDefault } from '@/lib/i18n/routing';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { changeStandingOrder } from '@/lib/payments/standing-order-change';
import { periodicSubmissionSchema } from '@/lib/payments/submission';

const changeSchema = z.extend(periodicSubmissionSchema, { oldPaymentId: z.uuid() });

/**
 * Changes one of the signed-in PSU's standing orders: the old one is cancelled at the bank first, and the
 * new one, as the periodic form sent it, only once the bank reports the old one ended
 * (lib/payments/standing-order-change.ts keeps that rule).
 */
export const changeStandingOrderAction = paymentAction
  .schema(changeSchema)
  .wordedAction(async ({ input, ctx }) => {
    const requestHeaders = await headers();
    const locale = localeOrDefault(await getLocale());
    const outcome = await changeStandingOrder(await getDb(), {
      psuId: ctx.psuId,
      oldPaymentId: input.oldPaymentId,
      changed: {
        submissionId: input.submissionId,
        scaLanguage: input.scaLanguage,
        uiLocale: locale,
        payment: input.payment,
        label: input.label || null,
        creditorName: input.creditorName || null,
      },
      psuIpAddress: psuIpAddress(requestHeaders),
      psuUserAgent: requestHeaders.get('user-agent') ?? undefined,
    });
    if (outcome.ok) return success({ redirectTo: outcome.redirectTo });
    return failure(outcome.messageKey, {
      ...(outcome.reasonKey ? { reason: outcome.reasonKey } : {}),
      ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}),
    });
  });
