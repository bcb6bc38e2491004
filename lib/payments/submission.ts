import { z } from 'zod';

/**
 * What every payment form sends besides the bank body: the id that makes resubmissions of one form
 * one payment, and the language for the bank's SCA page.
 */
export function submissionSchema<Body extends z.ZodType>(payment: Body) {
  return z.object({
    submissionId: z.uuid(),
    scaLanguage: z.enum(['is', 'en']),
    payment,
  });
}

/** The answer of a payment action: where to send the browser, or what to show beside the fields. */
export type SubmissionResult =
  | { ok: true; redirectTo: string }
  | { ok: false; fieldErrors?: { path: string; message: string }[]; messageKey?: string };
