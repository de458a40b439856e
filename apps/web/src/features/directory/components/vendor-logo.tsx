import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { initialsOf } from '../format.ts';

type VendorLogoProps = { name: string; image: ResponsiveImageData | null; size?: 'sm' | 'md' | 'lg'; className?: string };

const sizes = {
  sm: { box: 'size-12 rounded-xl text-base', drawn: '48px' },
  md: { box: 'size-14 rounded-2xl text-lg', drawn: '56px' },
  lg: { box: 'size-20 rounded-3xl text-2xl sm:size-24', drawn: '96px' },
} as const;

/** The vendor's initials on a tinted square: what stands in for a logo or a photo the vendor has not added. */
export function Initials({ name, className = '' }: { name: string; className?: string }) {
  return (
    <span aria-hidden="true" className={`flex size-full items-center justify-center bg-linear-to-br from-teal-700 to-emerald-700 font-semibold text-white ${className}`}>
      {initialsOf(name)}
    </span>
  );
}

/** The vendor's logo, square, or its initials when it has none (or the image cannot be loaded). Decorative: the name is beside it. */
export function VendorLogo({ name, image, size = 'md', className = '' }: VendorLogoProps) {
  const { box, drawn } = sizes[size];
  return (
    <ResponsiveImage
      image={image}
      alt=""
      sizes={drawn}
      aspectRatio="1 / 1"
      className={`${box} shrink-0 bg-slate-100 ring-1 ring-slate-200 ${className}`}
      fallback={<Initials name={name} />}
    />
  );
}
