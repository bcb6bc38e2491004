import { type ComponentProps, type ReactNode, useId } from 'react';

export interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error and hint are tied to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ...input
}: FieldProps & ComponentProps<'input'>) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`w-full rounded border px-3 py-2 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
