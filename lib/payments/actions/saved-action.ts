import { psuAction } from '@/lib/actions/client';
import { limits } from '@/lib/security/rate-limit';

/** For the PSU's saved accounts, payees and templates: a PSU, and a limit on calls per minute of its own. */
export const savedAction = psuAction.throttle(({ psuId }) => ({
  limit: limits().paymentActionsPerPsu,
  subject: `saved:${psuId}`,
}));
