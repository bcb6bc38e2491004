'use client';

import { useTranslations } from 'next-intl';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { withShownNumbers } from '@/lib/format/number';

export interface InvalidField {
  id: string;
  label: string;
  message: string;
}

/** Elements inside this attribute (e.g. a bulk table with its own summary) are not listed. */
export const SKIP_SUMMARY = 'data-skip-error-summary';

/**
 * A group of fields (a fieldset) with an error of its own, about the group as a whole: listed by its legend and
 * focused as a field is. `aria-invalid` belongs to the fields themselves, not to a group.
 */
export const INVALID_GROUP = 'data-invalid-group';

const invalid = `[aria-invalid="true"], [${INVALID_GROUP}="true"]`;

function collect(form: HTMLFormElement): InvalidField[] {
  const items: InvalidField[] = [];
  for (const element of form.querySelectorAll<HTMLElement>(invalid)) {
    if (element.closest(`[${SKIP_SUMMARY}]`)) continue;
    const labelled = element as HTMLInputElement;
    const label =
      labelled.labels?.[0]?.textContent ??
      element.getAttribute('aria-label') ??
      element.closest('fieldset')?.querySelector('legend')?.textContent ??
      '';
    const errorId = (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .find((id) => id.endsWith('-error'));
    const message = errorId ? (document.getElementById(errorId)?.textContent ?? '') : '';
    items.push({ id: element.id, label: label.trim(), message });
  }
  return items;
}

function same(a: InvalidField[], b: InvalidField[]) {
  return a.length === b.length && a.every((x, i) => x.id === b[i]?.id && x.message === b[i]?.message);
}

/** Shows an element that may sit in a closed "more details" section, then focuses it. */
export function reveal(element: HTMLElement) {
  for (
    let details = element.closest('details');
    details;
    details = details.parentElement?.closest('details') ?? null
  )
    details.open = true;
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
}

/**
 * The invalid fields of a form as they are rendered (in page order, with their labels and error texts), kept
 * current as the user corrects them. Only the component that calls it draws again when they change: the
 * fields draw their own errors, and the rest of the form is left alone.
 */
export function useInvalidFields(formRef: RefObject<HTMLFormElement | null>) {
  const [items, setItems] = useState<InvalidField[]>([]);
  const recollect = useCallback((form: HTMLFormElement) => {
    const next = collect(form);
    setItems((current) => (same(current, next) ? current : next));
  }, []);
  useLayoutEffect(() => {
    if (formRef.current) recollect(formRef.current);
  });
  // A field draws its own error without the whole form drawing again: the page is watched for fields
  // marked invalid or valid, and for their error texts.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const observer = new MutationObserver(() => recollect(form));
    observer.observe(form, {
      subtree: true,
      childList: true,
      characterData: true,
      attributeFilter: ['aria-invalid', INVALID_GROUP, 'aria-describedby'],
    });
    return () => observer.disconnect();
  }, [formRef, recollect]);
  return items;
}

/** How long a request to focus the first invalid field, or to show the form's failure, waits for it to be drawn. */
const FOCUS_WAIT_MS = 1500;

/**
 * Does `act` with the form's first element that `selector` finds. react-hook-form may draw the errors a render
 * after it reports them, so this looks again each frame until one is on the page, but briefly: a later error must
 * never pull focus while the user types. No state of the form's changes, so nothing draws again for it.
 */
function whenDrawn(form: HTMLFormElement | null, selector: string, act: (element: HTMLElement) => void) {
  const until = Date.now() + FOCUS_WAIT_MS;
  const look = () => {
    if (!form?.isConnected || Date.now() > until) return;
    const found = form.querySelector<HTMLElement>(selector);
    if (found) act(found);
    else requestAnimationFrame(look);
  };
  look();
}

/** Moves focus to the form's first invalid field, opening its section if needed (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  whenDrawn(form, invalid, reveal);
}

/**
 * Brings the summary's message about the whole submission (the bank's answer) into view, where the answer named no
 * field to focus: the button is at the form's end and the summary above its first field, so on a screen shorter
 * than the form the PSU who pressed it would otherwise see nothing happen. Moves no focus.
 */
export function revealFailure(form: HTMLFormElement | null) {
  requestAnimationFrame(() =>
    whenDrawn(form, '[data-error-summary] > *', (message) => message.scrollIntoView?.({ block: 'center' })),
  );
}

/**
 * The list of what to correct, above the form. `role="alert"` makes screen readers announce it
 * when it appears or changes; each entry links to its field.
 */
export function ErrorSummary({
  visible,
  items,
  failure,
  extra,
}: {
  visible: boolean;
  items: InvalidField[];
  /** A message about the whole submission, e.g. the bank's answer. */
  failure?: string | null;
  /** More entries, e.g. a pointer to the first bad cell of a table. */
  extra?: React.ReactNode;
}) {
  const t = useTranslations('forms.common');
  const locale = usePageLocale();
  const show = failure || (visible && (items.length > 0 || extra));
  return (
    <div role="alert" aria-atomic="true" data-error-summary>
      {show && (
        <div className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {failure && <p>{failure}</p>}
          {visible && items.length > 0 && (
            <>
              <p className="font-medium">
                {t('fixErrors', withShownNumbers({ count: items.length }, locale))}
              </p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {items.map((item) => (
                  <li key={item.id}>
                    <a
                      href={`#${item.id}`}
                      className="underline"
                      onClick={(event) => {
                        const target = document.getElementById(item.id);
                        if (!target) return;
                        event.preventDefault();
                        reveal(target);
                      }}
                    >
                      {item.label}
                    </a>
                    {item.message && `: ${item.message}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          {visible && extra}
        </div>
      )}
    </div>
  );
}
