import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';
import { useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { defaultSrcOf, srcSetOf } from './image-sources.ts';

export { defaultSrcOf, srcSetOf } from './image-sources.ts';

type ResponsiveImageProps = {
  /** The image, or null/undefined for none: the fallback is shown instead. */
  image: ResponsiveImageData | null | undefined;
  /** What the picture shows, for people who cannot see it; "" when it only decorates what the text beside it says. */
  alt: string;
  /** How wide the picture is drawn at each window width (the img `sizes`), e.g. "(min-width: 1024px) 25vw, 100vw". */
  sizes: string;
  /**
   * The box's shape (CSS aspect-ratio, e.g. "16 / 10"): the space is kept before the image arrives, so nothing below it
   * moves. Without one, the image's own proportions; a box sized by its parent passes "auto".
   */
  aspectRatio?: string;
  /** Cover crops the image to fill the box; contain shows all of it (a logo, the lightbox). */
  fit?: 'cover' | 'contain';
  /** For the page's main picture, in view at once: fetched early instead of lazily. */
  priority?: boolean;
  /** Shown when there is no image, or when it fails to load: never a broken-image icon. */
  fallback: ReactNode;
  /** Classes of the box (size, rounding, background while loading). */
  className?: string;
  imgClassName?: string;
};

/**
 * A stored picture at the size the screen needs: `srcset` from the server's renditions, `sizes` from the caller, lazy
 * loading below the fold, a box of fixed proportions that holds its place while loading, and a fallback (a vendor's
 * initials, an icon) when there is no picture or it cannot be loaded. Used by vendors' cards and pages; deals, services
 * and activities show their pictures through it too.
 */
export function ResponsiveImage({ image, alt, sizes, aspectRatio, fit = 'cover', priority = false, fallback, className = '', imgClassName = '' }: ResponsiveImageProps) {
  // Remembered per URL: another image in the same place gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = image !== null && image !== undefined && failedUrl === image.url;
  const ratio = aspectRatio ?? (image ? `${image.width} / ${image.height}` : undefined);
  const style: CSSProperties | undefined = ratio && ratio !== 'auto' ? { aspectRatio: ratio } : undefined;

  return (
    <span className={`relative block overflow-hidden ${className}`} style={style}>
      {image && !failed ? (
        <img
          src={defaultSrcOf(image)}
          srcSet={srcSetOf(image)}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailedUrl(image.url)}
          className={`absolute inset-0 size-full ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${imgClassName}`}
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center">{fallback}</span>
      )}
    </span>
  );
}
