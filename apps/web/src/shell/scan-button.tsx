import { ScanLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// Its own chunk: the QR decoder is only downloaded by a vendor who opens the scanner.
const QrScannerDialog = lazy(() => import('./qr-scanner-dialog.tsx'));

/** The vendor header's Scan button (spec §2): opens the QR scanner dialog. */
export function ScanButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-xl border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:border-teal-300 hover:bg-teal-50 hover:text-teal-900"
    >
      <ScanLine aria-hidden="true" className="size-4" />
      Scan
    </button>
  );
}

/** Where the scanner opens and its state lives, shared by the header's button and the side menu's entry. */
export function useScanner() {
  const [open, setOpen] = useState(false);
  // Loaded on the first opening, then kept mounted so that closing can fade out (and stop the camera).
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const dialog = loaded ? (
    <Suspense fallback={null}>
      <QrScannerDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { open, show, dialog };
}
