'use client';

import { type FormEvent, useState, useTransition } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { Parser } from '@/lib/actions/client';
import { preloadOnInteraction } from '@/lib/forms/deferred-import';

/** What a form's inputs hold, by name: each text field's text, the checked radio's value, a select's choice. */
function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

/**
 * A form of a few plain inputs checked by a schema loaded when the form is first reached (as the payment
 * forms' schemas are, lib/forms/deferred-schema.ts), without a form library: on submit, the inputs are
 * parsed; the fields the schema refuses are named (and the first focused), and nothing is sent; otherwise
 * `send` gets the schema's output. Once sent, each change is checked again, so an error goes as it is
 * corrected. `pending` while `send` runs; `held` also until the page has hydrated (the button's state).
 */
export function useCheckedForm<Output>(
  /** The schema, imported at most once at a time (deferImport). */
  load: () => Promise<Parser<Output>>,
  send: (values: Output, form: HTMLFormElement) => Promise<void>,
) {
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();

  async function check(form: HTMLFormElement) {
    const result = (await load()).safeParse(valuesOf(form));
    const fields = new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
    setInvalid(fields);
    return { result, fields };
  }

  return {
    invalid,
    pending,
    held: pending || !hydrated,
    formProps: {
      noValidate: true,
      ...preloadOnInteraction(load),
      onChange: (event: FormEvent<HTMLFormElement>) => {
        if (submitted) void check(event.currentTarget).catch(() => {});
      },
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const form = event.currentTarget;
        setSubmitted(true);
        startTransition(async () => {
          // A schema that did not load (the network) sends nothing; the next press tries it again.
          const checked = await check(form).catch(() => undefined);
          if (!checked) return;
          const { result, fields } = checked;
          if (result.success) return send(result.data, form);
          const [first] = fields;
          const input = first ? form.elements.namedItem(first) : null;
          if (input instanceof HTMLElement) input.focus();
        });
      },
    },
  };
}
