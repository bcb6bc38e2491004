/**
 * The error page's texts in the page's language. The error page renders in the browser, in place of any page,
 * so they come with the frame (FrameProvider); the rest of the app's texts reach only the client
 * components that use them (ClientMessages). `reference` holds "{digest}" where the error's digest goes.
 */
export type ErrorPageTexts = { title: string; text: string; reference: string; retry: string; back: string };

/** The texts from the `errorPage` namespace's translator. */
export function errorPageTexts(t: (key: keyof ErrorPageTexts, values?: { digest: string }) => string) {
  return {
    title: t('title'),
    text: t('text'),
    reference: t('reference', { digest: '{digest}' }),
    retry: t('retry'),
    back: t('back'),
  };
}
