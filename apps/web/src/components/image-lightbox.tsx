import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { ChevronLeft, ChevronRight, ImageOff, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { PointerEvent } from 'react';
import { photoLabel, type GalleryPhoto } from './gallery-photo.ts';
import { ResponsiveImage } from './responsive-image.tsx';

type ImageLightboxProps = {
  photos: readonly GalleryPhoto[];
  /** The photo shown; null when the lightbox is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Whose photos: "Golden Crust Bakery". */
  title: string;
};

/** How far a finger must travel sideways to turn the page. */
const SWIPE_PX = 50;

/**
 * The photos one at a time, as large as the screen allows: arrows, the keyboard (← → Home End, Escape to close) and a
 * swipe move between them, the thumbnails below jump to one. A modal dialog: focus stays inside while it is open and
 * goes back to the photo that opened it when it closes; the caption and the count are read out as the photo changes.
 */
export function ImageLightbox({ photos, index, onIndexChange, onClose, title }: ImageLightboxProps) {
  const swipeFrom = useRef<number | null>(null);
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(Math.max(index, 0), photos.length - 1) : 0;
  const photo = photos[current];
  const count = photos.length;
  const go = (to: number) => {
    if (to >= 0 && to < count && to !== current) onIndexChange(to);
  };

  // On the document while open: whatever inside the dialog has focus (or none yet), the arrows turn the pages.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 };
      const to = moves[event.key];
      if (to === undefined) return;
      event.preventDefault();
      if (to >= 0 && to < count && to !== current) onIndexChange(to);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, current, count, onIndexChange]);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const moved = event.clientX - from;
    if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? current + 1 : current - 1);
  };

  return (
    <Dialog open={open} onClose={onClose} className="relative z-[70]">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/95" />
      <DialogPanel
        className="fixed inset-0 flex flex-col text-white"
        data-testid="image-lightbox"
      >
        <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <DialogTitle className="min-w-0 truncate text-sm font-semibold sm:text-base">Photos of {title}</DialogTitle>
          <div className="flex shrink-0 items-center gap-3">
            <p className="text-sm tabular-nums text-slate-300">
              {current + 1} / {count}
            </p>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close photos"
              className="flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-white"
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
        </div>

        <figure className="relative flex min-h-0 flex-1 flex-col items-center justify-center px-2 sm:px-20" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          {photo && (
            <ResponsiveImage
              key={photo.id}
              image={photo.image}
              alt={photoLabel(photo, current, count, title)}
              sizes="100vw"
              aspectRatio="auto"
              fit="contain"
              priority
              className="size-full min-h-0 flex-1 touch-pan-y select-none"
              fallback={
                <span className="flex flex-col items-center gap-2 text-slate-400">
                  <ImageOff aria-hidden="true" className="size-10" />
                  This photo could not be loaded.
                </span>
              }
            />
          )}
          {/* Read out as the photo changes: where one is, and what it shows. */}
          <figcaption aria-live="polite" className="w-full max-w-3xl px-4 py-3 text-center text-sm text-slate-200 [overflow-wrap:anywhere]">
            <span className="sr-only">
              Photo {current + 1} of {count}
              {photo?.caption ? ': ' : '.'}
            </span>
            {photo?.caption}
          </figcaption>
          <button
            type="button"
            onClick={() => go(current - 1)}
            disabled={current === 0}
            aria-label="Previous photo"
            className="absolute left-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg transition hover:bg-white disabled:pointer-events-none disabled:opacity-0 sm:left-5 sm:size-12"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            onClick={() => go(current + 1)}
            disabled={current === count - 1}
            aria-label="Next photo"
            className="absolute right-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg transition hover:bg-white disabled:pointer-events-none disabled:opacity-0 sm:right-5 sm:size-12"
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
        </figure>

        {count > 1 && (
          <ul aria-label="All photos" className="flex justify-start gap-2 overflow-x-auto px-4 pb-4 pt-1 sm:justify-center">
            {photos.map((thumb, i) => (
              <li key={thumb.id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Show photo ${i + 1} of ${count}`}
                  aria-current={i === current ? 'true' : undefined}
                  className={`block overflow-hidden rounded-lg ring-2 transition ${i === current ? 'opacity-100 ring-white' : 'opacity-60 ring-transparent hover:opacity-100'}`}
                >
                  <ResponsiveImage image={thumb.image} alt="" sizes="96px" aspectRatio="4 / 3" className="w-16 bg-slate-800 sm:w-20" fallback={null} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogPanel>
    </Dialog>
  );
}
