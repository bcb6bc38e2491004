'use client';

/** Opens the browser's print dialog; the page's print styles leave the site's frame out. */
export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
    >
      {label}
    </button>
  );
}
