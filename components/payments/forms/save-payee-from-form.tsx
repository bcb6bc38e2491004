'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The panel and its action load when the PSU asks for it, not with the form.
const SavePayeePanel = lazy(() =>
  import('./save-payee-panel').then((module) => ({ default: module.SavePayeePanel })),
);

/** "Save this recipient as a payee": a name, then the recipient typed in the form is saved. */
export function SavePayeeFromForm({ nameField }: { nameField?: string }) {
  const t = useTranslations('saved.payees');
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        {t('saveFromForm')}
      </Button>
    );
  return (
    <Suspense fallback={null}>
      <SavePayeePanel nameField={nameField} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
