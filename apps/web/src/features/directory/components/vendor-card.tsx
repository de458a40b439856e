import type { VendorCard as VendorCardData } from '@localloop/contract';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { to } from '../../../paths.ts';
import { formatDistance } from '../format.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { RatingSummary } from './rating-stars.tsx';
import { VendorLogo } from './vendor-logo.tsx';

/** One vendor in a grid: the whole card opens the vendor's page; the heart sits above the link. */
export function VendorCard({ vendor }: { vendor: VendorCardData }) {
  const distance = formatDistance(vendor.distance_km);
  const place = [distance, vendor.city].filter(Boolean).join(' · ');
  return (
    <article
      data-testid="vendor-card"
      className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-teal-300 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-600"
    >
      <div className="flex items-start gap-3 pr-11">
        <VendorLogo name={vendor.business_name} logo={vendor.logo_thumbnail ?? vendor.logo} />
        <div className="min-w-0">
          <h2 className="text-base font-semibold leading-snug text-slate-900">
            {/* The link's box covers the card, so the whole card is one target. */}
            <Link to={to.vendorProfile(vendor.user_id)} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
              {vendor.business_name}
            </Link>
          </h2>
          <p className="mt-0.5 text-sm text-teal-800">{vendor.category}</p>
        </div>
      </div>
      {vendor.description && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{vendor.description}</p>}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-3">
        <RatingSummary avg={vendor.rating_avg} count={vendor.rating_count} />
        {place && (
          <span className="inline-flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="size-3.5 text-slate-400" />
            {place}
          </span>
        )}
      </div>
      <FavoriteButton vendor={vendor} className="absolute right-3 top-3 z-10" />
    </article>
  );
}

/** The grid the directory and the favorites page share. */
export function VendorGrid({ vendors, dimmed = false }: { vendors: readonly VendorCardData[]; dimmed?: boolean }) {
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${dimmed ? 'opacity-60 transition-opacity' : ''}`}>
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
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex animate-pulse gap-3 motion-reduce:animate-none">
              <div className="size-14 rounded-2xl bg-slate-200" />
              <div className="flex-1 space-y-2 py-1">
                <div className="h-4 w-3/4 rounded bg-slate-200" />
                <div className="h-3 w-1/2 rounded bg-slate-200" />
              </div>
            </div>
            <div className="mt-4 h-3 w-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
            <div className="mt-2 h-3 w-2/3 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
          </li>
        ))}
      </ul>
    </div>
  );
}
