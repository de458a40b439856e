import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { QrPayload } from '@localloop/contract';
import { Maximize2, X } from 'lucide-react';
import QRCode from 'qrcode';
import { useMemo, useState } from 'react';

/** Light modules around the code that scanners need to find it (the standard's quiet zone). */
const QUIET_ZONE = 4;

/** The text a purchase's QR code holds: its payload exactly as the server gave it, as JSON. */
export function qrTextOf(qr: QrPayload): string {
  return JSON.stringify(qr);
}

/**
 * The dark modules of `text`'s QR code as one SVG path, a run of modules per rectangle ("M x y h n v1 h-n z"), in a
 * square of `size` modules. Drawn here from the loaded data: no network, so it works offline at the shop.
 */
export function qrPathOf(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  let path = '';
  for (let y = 0; y < size; y += 1) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { size, path };
}

type QrImageProps = { qr: QrPayload; label: string; className?: string };

/** The QR code as a crisp SVG of any size, black on white with its quiet zone, named for screen readers. */
export function QrImage({ qr, label, className = '' }: QrImageProps) {
  const { size, path } = useMemo(() => qrPathOf(qrTextOf(qr)), [qr]);
  const box = size + QUIET_ZONE * 2;
  return (
    <svg role="img" aria-label={label} viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`} shapeRendering="crispEdges" className={`block bg-white ${className}`} data-testid="purchase-qr">
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** A paid purchase's code, large enough to scan from a phone held up at the counter, and a full-screen view. */
export function PurchaseQr({ qr, dealTitle }: { qr: QrPayload; dealTitle: string }) {
  const [full, setFull] = useState(false);
  const label = `QR code for ${dealTitle}`;
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="w-full max-w-[16rem] rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
        <QrImage qr={qr} label={label} className="aspect-square w-full" />
      </div>
      <button type="button" onClick={() => setFull(true)} className="btn-secondary" aria-label={`Show the QR code for ${dealTitle} full screen`}>
        <Maximize2 aria-hidden="true" className="size-4" /> Full screen
      </button>
      <Dialog open={full} onClose={() => setFull(false)} className="relative z-[70]">
        <DialogPanel className="fixed inset-0 flex flex-col items-center justify-center gap-4 overflow-y-auto bg-white p-4">
          <DialogTitle className="max-w-xl text-center text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{dealTitle}</DialogTitle>
          <p className="text-center text-sm text-slate-600">Show this code to the shop to redeem your purchase.</p>
          <QrImage qr={qr} label={label} className="aspect-square w-[min(90vw,calc(100dvh-12rem))] max-w-[40rem]" />
          <button type="button" onClick={() => setFull(false)} className="btn-primary" data-autofocus>
            <X aria-hidden="true" className="size-4" /> Close
          </button>
        </DialogPanel>
      </Dialog>
    </div>
  );
}
