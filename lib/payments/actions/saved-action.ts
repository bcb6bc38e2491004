import { revalidatePath } from 'next/cache';
import { psuAction } from '@/lib/actions/client';
import { limits } from '@/lib/security/rate-limit';

/** For the PSU's saved accounts, payees and templates: a PSU, and a limit on calls per minute of its own. */
export const savedAction = psuAction.throttle(({ psuId }) => ({
  limit: limits().paymentActionsPerPsu,
  subject: `saved:${psuId}`,
}));

/** Passes an answer on after asking Next.js to render `page` afresh, so that its list shows the change. */
export function showingChangeOn(page: string) {
  return <Result>(result: Result): Result => {
    revalidatePath(page, 'page');
    return result;
  };
}
