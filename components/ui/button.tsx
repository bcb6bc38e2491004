import type { ComponentProps } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400',
} as const;

/** A button's look, for what acts as one without being a `<button>` (a file picker's label). */
export const buttonClass = (variant: keyof typeof variants) =>
  `inline-flex items-center justify-center rounded px-4 py-2 font-medium ${variants[variant]}`;

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ComponentProps<'button'> & { variant?: keyof typeof variants }) {
  return <button className={`${buttonClass(variant)} ${className}`} {...props} />;
}
