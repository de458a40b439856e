import { Images } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { photoLabel, type GalleryPhoto } from './gallery-photo.ts';
import { galleryCoverImageSizes } from './image-sources.ts';
import { ResponsiveImage } from './responsive-image.tsx';

// The lightbox and its dialog library (about 17 KB compressed) load when a photo is about to be opened, not with the page:
// a deal's, an activity's and a vendor's page show their photos at once, and most visitors never open one. A pointer
// over a photo or the focus on one starts the download, so the click seldom waits for it.
const loadLightbox = () => import('./image-lightbox.tsx');
const ImageLightbox = lazy(() => loadLightbox().then((module) => ({ default: module.ImageLightbox })));
function preloadLightbox() {
  void loadLightbox();
}

/** On a laptop: the first photo large, up to four more beside it. */
const MOSAIC_TILES = 5;

/** Where each tile sits in the 4 × 2 grid of a laptop, by how many photos there are (at most five shown). */
function tileClasses(count: number, index: number): string {
  if (count === 1) return 'md:col-span-4 md:row-span-2';
  if (count === 2) return 'md:col-span-2 md:row-span-2';
  if (index === 0) return 'md:col-span-2 md:row-span-2';
  if (count === 3) return 'md:col-span-2';
  if (count === 4 && index === 1) return 'md:col-span-2';
  return '';
}

type PhotoGalleryProps = {
  photos: readonly GalleryPhoto[];
  /** Whose photos, for the labels: "Golden Crust Bakery". */
  title: string;
};

/**
 * A page's photos as the marketplaces show them: on a laptop the cover large with up to four more beside it, on a phone a
 * row to swipe through; every photo opens the lightbox at itself, and "Show all photos" at the first. The cover is
 * fetched at once (it is the top of the page), the others lazily. Nothing when there are no photos.
 */
export function PhotoGallery({ photos, title }: PhotoGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from its first opening on, so it can play its closing transition.
  const [lightboxWanted, setLightboxWanted] = useState(false);
  if (open !== null && !lightboxWanted) setLightboxWanted(true);
  const count = photos.length;
  if (count === 0) return null;

  return (
    <section aria-label={`Photos of ${title}`} className="relative">
      <ul
        className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 [scrollbar-width:none] sm:-mx-6 sm:px-6 md:mx-0 md:grid md:h-[22rem] md:grid-cols-4 md:grid-rows-2 md:overflow-hidden md:rounded-3xl md:px-0 lg:h-[27rem]"
      >
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            className={`shrink-0 snap-center ${count === 1 ? 'w-full' : 'w-[85%] sm:w-[60%]'} md:w-auto ${index >= MOSAIC_TILES ? 'md:hidden' : ''} ${tileClasses(count, index)}`}
          >
            <button
              type="button"
              onClick={() => setOpen(index)}
              onPointerEnter={preloadLightbox}
              onFocus={preloadLightbox}
              aria-label={`Open photo ${index + 1} of ${count}: ${photoLabel(photo, index, count, title)}`}
              className="group block size-full overflow-hidden rounded-2xl focus-visible:outline-offset-[-4px] focus-visible:outline-white md:rounded-none"
            >
              <ResponsiveImage
                image={photo.image}
                alt=""
                sizes={index === 0 ? galleryCoverImageSizes : '(min-width: 1152px) 18rem, (min-width: 768px) 25vw, 85vw'}
                aspectRatio="auto"
                priority={index === 0}
                className="aspect-[4/3] size-full bg-slate-200 md:aspect-auto"
                imgClassName="transition duration-300 group-hover:scale-[1.02] group-hover:brightness-95 motion-reduce:transition-none"
                fallback={null}
              />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => setOpen(0)}
        onPointerEnter={preloadLightbox}
        onFocus={preloadLightbox}
        className="absolute bottom-3 right-3 inline-flex items-center gap-2 rounded-xl bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 shadow-md ring-1 ring-slate-900/10 hover:bg-white md:bottom-4 md:right-4"
      >
        <Images aria-hidden="true" className="size-4" />
        {count === 1 ? 'Show photo' : `Show all ${count} photos`}
      </button>
      {lightboxWanted && (
        <Suspense fallback={null}>
          <ImageLightbox photos={photos} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} title={title} />
        </Suspense>
      )}
    </section>
  );
}
