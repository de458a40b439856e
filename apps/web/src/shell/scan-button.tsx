import { ScanLine } from 'lucide-react';

/** The vendor's QR scanner arrives with a later issue; until then the button says so and does nothing. */
export function ScanButton() {
  return (
    <button
      type="button"
      disabled
      title="QR scanner coming soon"
      className="inline-flex shrink-0 cursor-not-allowed items-center gap-2 whitespace-nowrap rounded-xl border border-slate-200 px-3 py-2 text-sm font-medium text-slate-500"
    >
      <ScanLine aria-hidden="true" className="size-4" />
      Scan{' '}
      <span className="badge bg-slate-100 text-slate-600">
        <span className="sr-only">QR scanner</span> coming soon
      </span>
    </button>
  );
}
