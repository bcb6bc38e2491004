'use client';

import { type ReactNode, useState } from 'react';
import { WordedButtonForm } from '@/components/account/worded-button-form';
import { Button } from '@/components/ui/button';
import { deletePayeeAction } from '@/lib/payments/actions/payees';
import { PayeeForm, type PayeeValues } from './payee-form';
import type { PayeeFormTexts } from './payee-form-texts';

/**
 * One saved payee: what it holds (`children`, rendered on the server), with edit and delete; its words
 * from the page (`editing` names this payee).
 */
export function PayeeRow({
  payee,
  texts,
  children,
}: {
  payee: PayeeValues & { id: string };
  texts: PayeeFormTexts & { edit: string; editing: string; delete: string };
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="space-y-3 rounded border border-slate-200 p-4" data-testid="payee">
      {editing ? (
        <section aria-label={texts.editing}>
          <PayeeForm texts={texts} payee={payee} onDone={() => setEditing(false)} />
        </section>
      ) : (
        <>
          {children}
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={texts.editing}
            >
              {texts.edit}
            </Button>
            <WordedButtonForm action={deletePayeeAction} label={texts.delete} fields={{ id: payee.id }} />
          </div>
        </>
      )}
    </li>
  );
}
