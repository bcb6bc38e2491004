import { revalidatePath } from 'next/cache';

/** Passes an answer on after asking Next.js to render `page` afresh, so that its list shows the change. */
export function showingChangeOn(page: string) {
  return <Result>(result: Result): Result => {
    revalidatePath(page, 'page');
    return result;
  };
}
