import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';
import { MapPin } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { listingCardImageSizes } from './image-sources.ts';
import { ResponsiveImage } from './responsive-image.tsx';

const gridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Where a listing has no picture: its icon on a gradient (`className` holds the gradient's colours). */
export function ListingImageFallback({ icon: Icon, className, large = false }: { icon: LucideIcon; className: string; large?: boolean }) {
  return (
    <span aria-hidden="true" className={`flex size-full items-center justify-center bg-linear-to-br text-white ${className}`}>
      <Icon className={`${large ? 'size-12' : 'size-10'} opacity-80`} />
    </span>
  );
}

type ListingCardProps = {
  /** The article's data-testid ("deal-card", "activity-card"). */
  testId: string;
  image: ResponsiveImageData | null | undefined;
  fallback: ReactNode;
  /** Badges laid over the picture. */
  overlay?: ReactNode;
  title: string;
  to: string;
  /** Under the title: who offers it and its own facts. */
  children: ReactNode;
  /** "1.2 km · Brooklyn", at the bottom left; nothing when empty. */
  place: string;
  /** At the bottom right: sold, going, left. */
  stat: ReactNode;
  /** The title's heading level: h2 on a list page, h3 in a page's section (the landing page, /Discover). */
  level?: 'h2' | 'h3';
  /** The picture is fetched at once and first, not when scrolled near: the first card a list page opens with. */
  priority?: boolean;
};

/** One listing in a grid of things near the reader (a deal, an activity): picture, title, facts, place; the whole card opens it. */
export function ListingCard({ testId, image, fallback, overlay, title, to, children, place, stat, level: Heading = 'h2', priority = false }: ListingCardProps) {
  return (
    <article
      data-testid={testId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-teal-300 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-600"
    >
      <div className="relative">
        <ResponsiveImage
          image={image}
          alt=""
          sizes={listingCardImageSizes}
          aspectRatio="16 / 10"
          className="bg-slate-100"
          imgClassName="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          fallback={fallback}
          priority={priority}
        />
        {overlay}
      </div>
      <div className="flex min-w-0 flex-1 flex-col px-4 pb-4 pt-3.5">
        <Heading className="text-base font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
          <Link to={to} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
            {title}
          </Link>
        </Heading>
        {children}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-3 text-sm">
          {place && (
            <span className="inline-flex min-w-0 items-center gap-1 text-slate-600">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
              <span className="[overflow-wrap:anywhere]">{place}</span>
            </span>
          )}
          <span className="inline-flex items-center gap-1 text-slate-600">{stat}</span>
        </div>
      </div>
    </article>
  );
}

/**
 * The grid of listing cards; dimmed (and busy) while an older page stands in for the one being fetched. `renderCard`
 * is told whether the card leads the page (`leadsPage` and the first): its picture is the largest thing a phone shows
 * first, so it is fetched at once.
 */
export function ListingGrid<T extends { id: string }>({ items, renderCard, dimmed = false, leadsPage = false }: { items: readonly T[]; renderCard: (item: T, leads: boolean) => ReactNode; dimmed?: boolean; leadsPage?: boolean }) {
  return (
    <ul className={`${gridClass} ${dimmed ? 'opacity-60' : ''}`} aria-busy={dimmed || undefined}>
      {items.map((item, index) => (
        <li key={item.id} className="min-w-0">
          {renderCard(item, leadsPage && index === 0)}
        </li>
      ))}
    </ul>
  );
}

/** The grid's place while its first page loads; `lastLine` is the height class of the card's last line (a price is taller). */
export function ListingGridSkeleton({ label, count = 8, lastLine = 'h-3' }: { label: string; count?: number; lastLine?: string }) {
  return (
    <div role="status" aria-label={label}>
      <span className="sr-only">Loading…</span>
      <ul className={gridClass} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <div className="aspect-[16/10] animate-pulse bg-slate-100" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
              <div className={`${lastLine} w-1/3 animate-pulse rounded bg-slate-100`} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
