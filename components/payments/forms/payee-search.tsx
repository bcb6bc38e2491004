'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { withShownNumbers } from '@/lib/format/number';
import { matchPayees as matchAll } from '@/lib/payments/saved/payee-match';
import type { PayeeChoice } from './saved-choices';

const MAX_SHOWN = 8;

/**
 * The payees whose name, account (as the PSU knows it or the IBAN) or kennitala holds what was typed,
 * found without Icelandic letters or accents ("Thord" finds Þórður; lib/payments/saved/payee-match.ts),
 * as on the payees page.
 */
export function matchPayees(payees: readonly PayeeChoice[], typed: string): PayeeChoice[] {
  return matchAll(payees, typed, MAX_SHOWN);
}

/**
 * The recipient search: a combobox over the PSU's saved payees (WAI-ARIA 1.2 combobox with a list
 * box). Arrow keys move through the matches, Enter chooses, Escape closes; choosing fills the form.
 */
export function PayeeSearch({
  payees,
  onChoose,
}: {
  payees: readonly PayeeChoice[];
  onChoose: (payee: PayeeChoice) => void;
}) {
  const t = useTranslations('saved.payees');
  const locale = usePageLocale();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announced, setAnnounced] = useState('');
  const matches = matchPayees(payees, text);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (payee: PayeeChoice) => {
    onChoose(payee);
    setText(payee.name);
    setOpen(false);
    setActive(-1);
    setAnnounced(t('chosen', { name: payee.name }));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        matches.length === 0 ? -1 : (current + step + matches.length) % matches.length,
      );
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Enter chooses the payee instead of sending the payment form.
      event.preventDefault();
      const payee = matches[active];
      if (payee) choose(payee);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('search')}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        className="w-full rounded border border-slate-300 px-3 py-2"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('searchHint')}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search')}
        hidden={!open}
        className="absolute z-10 mt-1 max-h-72 w-full overflow-auto rounded border border-slate-300 bg-white shadow"
      >
        {matches.length === 0 ? (
          <div
            role="option"
            tabIndex={-1}
            aria-selected={false}
            aria-disabled="true"
            className="px-3 py-2 text-slate-700"
          >
            {t('noMatch')}
          </div>
        ) : (
          matches.map((payee, index) => (
            <div
              key={payee.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-700 text-white' : ''}`}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(payee);
              }}
            >
              <span className="block font-medium">{payee.name}</span>
              <span className="block text-sm">{payee.label}</span>
            </div>
          ))
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {open ? t('matches', withShownNumbers({ count: matches.length }, locale)) : announced}
      </p>
    </div>
  );
}
