'use client';

import { type ComponentProps, lazy, Suspense } from 'react';

// React's own `lazy`, not `next/dynamic`, whose runtime weighs more than the panel it would leave out.
const ScaPanel = lazy(() => import('./sca-panel').then((module) => ({ default: module.ScaPanel })));

/**
 * The SCA panel, whose code a browser loads with a payment whose SCA runs on our page (an embedded or decoupled
 * approach), not with every payment's page: most payments go to the bank's own page and never draw it. The server
 * draws it into the page; its buttons are held until its script has run (`useHydrated`), so that a press before
 * then is not silently lost.
 */
export function ScaPanelOnDemand(props: ComponentProps<typeof ScaPanel>) {
  return (
    <Suspense fallback={null}>
      <ScaPanel {...props} />
    </Suspense>
  );
}
