import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import jsQR from 'jsqr';
import { CameraOff, Keyboard, RotateCw, ScanLine, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { inputClass } from '../components/text-field.tsx';
import { fulfillDeal } from '../features/deals/api/fulfill-deal.ts';
import { myDealsKeyPrefix } from '../features/deals/api/get-my-deals.ts';
import { salesKeyPrefix } from '../features/deals/api/get-sales.ts';
import { toast } from '../lib/toast.ts';

/** The scanner's states and the status line of each, to the letter of the spec (§2, QR scanner dialog). */
export type ScannerState = 'closed' | 'initializing' | 'searching' | 'detected' | 'verifying';
export const scannerStatusTexts: Record<ScannerState, string> = {
  closed: 'Scanner is closed',
  initializing: 'Initializing camera... Please grant permission.',
  searching: 'Searching for QR code...',
  detected: 'QR Code Detected!',
  verifying: 'Verifying the QR...',
};

export const cameraDeniedMessage = 'Error: Camera access denied. Please check permissions.';
export const cameraFailedMessage = 'Error: Could not start camera. Try refreshing.';
const scanSucceededMessage = 'QR scan successfully!';
const scanFailedMessage = 'Failed to scan QR.';

/** The same code read again within this time is the one just handled, still in front of the camera (spec §9). */
export const RESCAN_BLOCK_MS = 2000;
/** How often a frame is read: about ten times a second is quick to find a code and light on a phone's battery. */
const SCAN_INTERVAL_MS = 100;
/** How long "QR Code Detected!" shows before the code is sent. */
const DETECTED_PAUSE_MS = 300;

/** The spec's camera: the rear one where there is one, ideally 1280×720. */
export const cameraConstraints: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

type Frame = { data: Uint8ClampedArray; width: number; height: number };

/** The current picture of the video, drawn on a canvas (smaller: a code stays readable and decoding is quicker). */
function readVideoFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): Frame | null {
  if (video.readyState < video.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
  const scale = Math.min(1, 960 / video.videoWidth);
  const width = Math.round(video.videoWidth * scale);
  const height = Math.round(video.videoHeight * scale);
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

type ScannerDeps = {
  /** The text of a QR code in a frame, or null. */
  decode: (frame: Frame) => string | null;
  readFrame: (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Frame | null;
  now: () => number;
};

const deps: ScannerDeps = {
  decode: (frame) => jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null,
  readFrame: readVideoFrame,
  now: () => Date.now(),
};

/** Swap the decoder, the frame grab or the clock (tests: jsdom has no canvas and no camera). Returns a restore function. */
export function configureQrScanner(overrides: Partial<ScannerDeps>): () => void {
  const previous = { ...deps };
  Object.assign(deps, overrides);
  return () => {
    Object.assign(deps, previous);
  };
}

type Payload = Record<string, unknown> & { purchase_id: string };

/** A LocalLoop purchase code: JSON with a purchase_id (the rest passes through to the server as it is). */
function purchasePayloadOf(text: string): Payload | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const purchaseId = (value as Record<string, unknown>).purchase_id;
  return typeof purchaseId === 'string' && purchaseId !== '' ? { ...(value as Record<string, unknown>), purchase_id: purchaseId } : null;
}

/** The words of a refused fulfilment: the server's `error`, or the spec's fallback (no answer, or not the server's error). */
const failureOf = (error: unknown) =>
  // HTTP_* is the client's name for an answer without the server's error shape (a proxy's 502 page, say).
  error instanceof ApiError && error.status > 0 && !error.code.startsWith('HTTP_') && error.message ? error.message : scanFailedMessage;

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The camera, its status line, and the code typed in by hand; mounted while the dialog is open. */
function Scanner({ onRetry }: { onRetry: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('initializing');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);
  /** A code is on its way to the server: frames are not read meanwhile. */
  const busy = useRef(false);
  const last = useRef<{ text: string; at: number } | null>(null);
  const cameraOn = useRef(false);

  /** Sends a purchase's payload for fulfilment and says how it went. */
  const redeem = useCallback(
    async (payload: Payload) => {
      busy.current = true;
      setState('detected');
      try {
        await new Promise((resolve) => setTimeout(resolve, DETECTED_PAUSE_MS));
        setState('verifying');
        const answer = await fulfillDeal(payload);
        const text = answer.message || scanSucceededMessage;
        setResult({ ok: true, text });
        toast.success(text);
        void Promise.all([salesKeyPrefix, myDealsKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        return true;
      } catch (error) {
        const text = failureOf(error);
        setResult({ ok: false, text });
        toast.error(text);
        return false;
      } finally {
        busy.current = false;
        setState(cameraOn.current ? 'searching' : 'closed');
      }
    },
    [queryClient],
  );

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const canvas = document.createElement('canvas');
    const video = videoRef.current;

    const scan = () => {
      if (busy.current || !video) return;
      const frame = deps.readFrame(video, canvas);
      const text = frame ? deps.decode(frame) : null;
      if (!text) return;
      const now = deps.now();
      if (last.current && last.current.text === text && now - last.current.at < RESCAN_BLOCK_MS) return;
      last.current = { text, at: now };
      const payload = purchasePayloadOf(text);
      // Not a purchase code (a web address, a product's code): keep looking.
      if (payload) void redeem(payload);
    };

    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API');
        stream = await navigator.mediaDevices.getUserMedia(cameraConstraints);
        if (cancelled) {
          stopStream(stream);
          return;
        }
        if (video) {
          video.srcObject = stream;
          // Autoplay with muted + playsInline; a refused play() still shows frames once the stream runs.
          await video.play().catch(() => undefined);
        }
        if (cancelled) return;
        cameraOn.current = true;
        setState('searching');
        timer = setInterval(scan, SCAN_INTERVAL_MS);
      } catch (error) {
        if (cancelled) return;
        setCameraError(error instanceof DOMException && error.name === 'NotAllowedError' ? cameraDeniedMessage : cameraFailedMessage);
        setState('closed');
      }
    };
    void start();

    return () => {
      cancelled = true;
      cameraOn.current = false;
      clearInterval(timer);
      stopStream(stream);
      if (video) video.srcObject = null;
    };
  }, [redeem]);

  const submitManual = async () => {
    setManualError(null);
    const payload = purchasePayloadOf(manual.trim());
    if (!payload) {
      setManualError('This is not a LocalLoop purchase code: paste the whole text of the code, starting with {.');
      return;
    }
    if (busy.current) return;
    if (await redeem(payload)) setManual('');
  };

  const showsVideo = cameraError === null;

  return (
    <div className="mt-4 space-y-4">
      <div className="relative overflow-hidden rounded-2xl bg-slate-900" style={{ aspectRatio: '4 / 3' }}>
        {showsVideo ? (
          <>
            <video ref={videoRef} muted playsInline aria-label="Camera view" className="size-full object-cover" />
            {/* Where to hold the code. */}
            <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-2xl border-2 border-white/80 shadow-[0_0_0_9999px_rgba(15,23,42,0.35)]" />
          </>
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-3 p-4 text-center text-slate-100">
            <CameraOff aria-hidden="true" className="size-8" />
            <button type="button" className="btn-secondary" onClick={onRetry}>
              <RotateCw aria-hidden="true" className="size-4" /> Try the camera again
            </button>
          </div>
        )}
      </div>
      <p role="status" aria-live="polite" data-testid="scanner-status" className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <ScanLine aria-hidden="true" className="size-4 shrink-0 text-teal-700" />
        {scannerStatusTexts[state]}
      </p>
      {cameraError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
          {cameraError}
        </p>
      )}
      {result && (
        <p className={`text-sm [overflow-wrap:anywhere] ${result.ok ? 'text-teal-800' : 'text-red-700'}`} data-testid="scanner-result">
          {result.text}
        </p>
      )}
      <form
        noValidate
        className="border-t border-slate-100 pt-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submitManual();
        }}
      >
        <label htmlFor={`${id}-code`} className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <Keyboard aria-hidden="true" className="size-4 text-slate-500" /> No camera? Paste the code&apos;s text
        </label>
        <textarea
          id={`${id}-code`}
          rows={2}
          value={manual}
          onChange={(event) => setManual(event.target.value)}
          placeholder='{"purchase_id": "…"}'
          aria-invalid={manualError ? true : undefined}
          aria-describedby={manualError ? `${id}-code-error` : undefined}
          className={`${inputClass} mt-1.5 font-mono text-xs`}
        />
        {manualError && (
          <p id={`${id}-code-error`} className="mt-1.5 text-sm text-red-700">
            {manualError}
          </p>
        )}
        <button type="submit" className="btn-secondary mt-2" disabled={manual.trim() === '' || state === 'verifying' || state === 'detected'}>
          Redeem code
        </button>
      </form>
    </div>
  );
}

/** The vendor's QR scanner (spec §2): reads a customer's purchase code with the camera, or pasted, and redeems it. */
export default function QrScannerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // A new attempt mounts a new scanner: a fresh camera request, fresh state.
  const [attempt, setAttempt] = useState(0);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel transition className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0 sm:p-6">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <DialogTitle className="text-lg font-semibold text-slate-900">Scan a purchase</DialogTitle>
                <p className="mt-1 text-sm text-slate-600">Hold the customer&apos;s QR code in the frame: it is redeemed once.</p>
              </div>
              <button type="button" onClick={onClose} className="btn-ghost -mr-2 -mt-1 p-2" aria-label="Close scanner">
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            {/* Only while open: closing unmounts it, which stops the camera. */}
            {open ? (
              <Scanner key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
            ) : (
              <p role="status" aria-live="polite" className="mt-4 text-sm text-slate-600">
                {scannerStatusTexts.closed}
              </p>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
