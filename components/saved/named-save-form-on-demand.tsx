'use client';

import { type ComponentProps, lazy, Suspense } from 'react';

// React's own `lazy`, as components/payments/sca-panel-on-demand.tsx says why.
const NamedSaveForm = lazy(() =>
  import('./named-save-form').then((module) => ({ default: module.NamedSaveForm })),
);

/**
 * The forms that keep a past payment's recipient as a payee or the payment as a template, whose code a browser
 * loads just after the payment's page, not with it: the server draws them into the page as before. The payment's
 * page stays within its first-load budget so (tests/app/first-load-budgets.test.ts): it stood at 140.0 kB, and one
 * build of three went over by a byte (its chunks' hashed names compress differently from build to build).
 */
export function NamedSaveFormOnDemand(props: ComponentProps<typeof NamedSaveForm>) {
  return (
    <Suspense fallback={null}>
      <NamedSaveForm {...props} />
    </Suspense>
  );
}
