import type { VendorCard as VendorCardData } from '@localloop/contract';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { to } from '../../../paths.ts';
import { formatDistance, initialsOf } from '../format.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { RatingSummary } from '../../../components/rating-stars.tsx';
import { VendorLogo } from './vendor-logo.tsx';

/** How wide a card's picture is drawn: one column on a phone, two from 640 px, three from 1024, four from 1280 (max 80rem). */
const cardImageSizes = '(min-width: 1280px) 19rem, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw';

/** A vendor without a cover: its logo on a soft ground, else its initials large. */
function CoverStandIn({ vendor }: { vendor: VendorCardData }) {
  if (vendor.logo_image) {
    return (
      <span className="flex size-full items-center justify-center bg-linear-to-br from-slate-100 to-teal-50">
        <VendorLogo name={vendor.business_name} image={vendor.logo_image} size="lg" className="shadow-sm" />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className="flex size-full items-center justify-center bg-linear-to-br from-teal-700 via-teal-800 to-emerald-800">
      <span className="flex size-20 items-center justify-center rounded-full bg-white/15 text-2xl font-semibold tracking-wide text-white ring-1 ring-white/30">
        {initialsOf(vendor.business_name)}
      </span>
    </span>
  );
}

/**
 * One vendor in a grid: its cover on top, the whole card opens the vendor's page; the heart sits above the link. Its
 * title is an h2 on a list page, an h3 in a page's section (/Discover).
 */
export function VendorCard({ vendor, level: Heading = 'h2' }: { vendor: VendorCardData; level?: 'h2' | 'h3' }) {
  const distance = formatDistance(vendor.distance_km);
  const place = [distance, vendor.city].filter(Boolean).join(' · ');
  const badge = vendor.cover_image !== null && vendor.logo_image !== null;
  return (
    <article
      data-testid="vendor-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-teal-300 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-600"
    >
      <div className="relative">
        <ResponsiveImage
          image={vendor.cover_image}
          alt=""
          sizes={cardImageSizes}
          aspectRatio="16 / 10"
          className="bg-slate-100"
          imgClassName="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          fallback={<CoverStandIn vendor={vendor} />}
        />
        {badge && (
          <span className="absolute -bottom-5 left-4">
            <VendorLogo name={vendor.business_name} image={vendor.logo_image} size="sm" className="shadow-md ring-4 ring-white" />
          </span>
        )}
      </div>
      <div className={`flex flex-1 flex-col px-4 pb-4 ${badge ? 'pt-7' : 'pt-3.5'}`}>
        <Heading className="text-base font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
          {/* The link's box covers the card, so the whole card is one target. */}
          <Link to={to.vendorProfile(vendor.user_id)} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
            {vendor.business_name}
          </Link>
        </Heading>
        <p className="mt-0.5 text-sm text-teal-800">{vendor.category}</p>
        {vendor.description && <p className="mt-2 line-clamp-2 text-sm text-slate-600 [overflow-wrap:anywhere]">{vendor.description}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-3">
          <RatingSummary avg={vendor.rating_avg} count={vendor.rating_count} />
          {place && (
            <span className="inline-flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden="true" className="size-3.5 text-slate-400" />
              {place}
            </span>
          )}
        </div>
      </div>
      <FavoriteButton vendor={vendor} className="absolute right-3 top-3 z-10" />
    </article>
  );
}

/** The grid the directory and the favorites page share. */
export function VendorGrid({ vendors, dimmed = false }: { vendors: readonly VendorCardData[]; dimmed?: boolean }) {
  return (
    <ul className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${dimmed ? 'opacity-60 transition-opacity' : ''}`}>
      {vendors.map((vendor) => (
        <li key={vendor.id}>
          <VendorCard vendor={vendor} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while the first page loads; the status is for screen readers. */
export function VendorGridSkeleton({ count = 8, label = 'Loading vendors…' }: { count?: number; label?: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div className="aspect-[16/10] animate-pulse bg-slate-200 motion-reduce:animate-none" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="mt-4 h-3 w-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
              <div className="h-3 w-2/3 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
