'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { Button } from '@/components/ui/button';
import { deletePayeeAction } from '@/lib/payments/actions/payees';
import { PayeeForm, type PayeeValues } from './payee-form';

/** One saved payee: what it holds (`children`, rendered on the server), with edit and delete. */
export function PayeeRow({ payee, children }: { payee: PayeeValues & { id: string }; children: ReactNode }) {
  const t = useTranslations('saved.payees');
  const [editing, setEditing] = useState(false);
  return (
    <li className="space-y-3 rounded border border-slate-200 p-4" data-testid="payee">
      {editing ? (
        <section aria-label={t('editing', { name: payee.name })}>
          <PayeeForm payee={payee} onDone={() => setEditing(false)} />
        </section>
      ) : (
        <>
          {children}
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={t('editing', { name: payee.name })}
            >
              {t('edit')}
            </Button>
            <WordedButtonForm action={deletePayeeAction} label={t('delete')} fields={{ id: payee.id }} />
          </div>
        </>
      )}
    </li>
  );
}
