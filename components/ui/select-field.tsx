import { type ComponentProps, useId } from 'react';
import type { FieldProps } from './text-field';

/**
 * A labelled select whose error is tied to it for screen readers. In a module apart from TextField, so that a
 * page of text fields alone does not ship it.
 */
export function SelectField({
  label,
  error,
  className = '',
  children,
  ...select
}: FieldProps & ComponentProps<'select'>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded border bg-white px-3 py-2 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
