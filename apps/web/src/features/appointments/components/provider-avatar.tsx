import type { ProviderSummary } from '@localloop/contract';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';

const sizes = {
  sm: { box: 'size-7', text: 'text-xs', image: '1.75rem' },
  md: { box: 'size-9', text: 'text-sm', image: '2.25rem' },
  lg: { box: 'size-12', text: 'text-lg', image: '3rem' },
} as const;

/** A provider's photo in a circle, or their initial when they have none; it decorates the name beside it. */
export function ProviderAvatar({ provider, size = 'md' }: { provider: Pick<ProviderSummary, 'name' | 'photo'>; size?: keyof typeof sizes }) {
  const s = sizes[size];
  return (
    <ResponsiveImage
      image={provider.photo}
      alt=""
      sizes={s.image}
      aspectRatio="1 / 1"
      className={`${s.box} shrink-0 rounded-full bg-teal-100`}
      fallback={
        <span aria-hidden="true" className={`flex size-full items-center justify-center font-semibold text-teal-800 ${s.text}`}>
          {provider.name.slice(0, 1).toUpperCase()}
        </span>
      }
    />
  );
}
