import type { ResponsiveImage as Image } from '@localloop/contract';
import { Clock } from 'lucide-react';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';

/** A service's first picture as a square beside its name, or a clock when it has none; it decorates the name. */
export function ServiceThumbnail({ image, sizes, className, iconClassName }: { image: Image | null | undefined; sizes: string; className: string; iconClassName: string }) {
  return (
    <ResponsiveImage
      image={image}
      alt=""
      sizes={sizes}
      aspectRatio="1 / 1"
      className={`shrink-0 overflow-hidden rounded-xl bg-slate-100 ${className}`}
      fallback={
        <span aria-hidden="true" className="flex size-full items-center justify-center bg-teal-50 text-teal-700">
          <Clock className={iconClassName} />
        </span>
      }
    />
  );
}
