import type { DealCard as DealCardData } from '@localloop/contract';
import { MapPin, ShoppingBag, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { to } from '../../../paths.ts';
import { formatDistance } from '../../../lib/format-distance.ts';
import { formatMoney } from '../format.ts';
import { RatingSummary } from '../../../components/rating-stars.tsx';

const cardImageSizes = '(min-width: 1280px) 19rem, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw';

/** A deal's two prices: the deal's large, the original struck through (read out as "was"). */
export function DealPrices({ deal, size = 'md' }: { deal: Pick<DealCardData, 'deal_price' | 'original_price'>; size?: 'md' | 'lg' }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-slate-900 ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>
        <span className="sr-only">Deal price </span>
        {formatMoney(deal.deal_price)}
      </span>
      <del className={`text-slate-500 ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
        <span className="sr-only">was </span>
        {formatMoney(deal.original_price)}
      </del>
    </span>
  );
}

/** One deal in a grid: picture, discount, title, shop, prices, distance, rating, sold and left; the whole card opens the deal. */
export function DealCard({ deal }: { deal: DealCardData }) {
  const place = [formatDistance(deal.distance_km), deal.city].filter(Boolean).join(' · ');
  return (
    <article
      data-testid="deal-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-teal-300 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-600"
    >
      <div className="relative">
        <ResponsiveImage
          image={deal.image}
          alt=""
          sizes={cardImageSizes}
          aspectRatio="16 / 10"
          className="bg-slate-100"
          imgClassName="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          fallback={
            <span aria-hidden="true" className="flex size-full items-center justify-center bg-linear-to-br from-amber-500 via-orange-600 to-rose-700 text-white">
              <Tag className="size-10 opacity-80" />
            </span>
          }
        />
        {deal.discount_percent > 0 && (
          <span className="absolute left-3 top-3 rounded-full bg-rose-600 px-2.5 py-1 text-xs font-bold text-white shadow-sm">{deal.discount_percent}% off</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col px-4 pb-4 pt-3.5">
        <h2 className="text-base font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
          <Link to={to.dealDetails(deal.id)} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
            {deal.title}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-teal-800 [overflow-wrap:anywhere]">{deal.vendor.business_name}</p>
        <div className="mt-2">
          <DealPrices deal={deal} />
        </div>
        <div className="mt-1.5">
          <RatingSummary avg={deal.rating_avg} count={deal.rating_count} />
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-3 text-sm">
          <span className="inline-flex min-w-0 items-center gap-1 text-slate-600">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
            <span className="[overflow-wrap:anywhere]">{place}</span>
          </span>
          <span className="inline-flex items-center gap-1 text-slate-600">
            <ShoppingBag aria-hidden="true" className="size-3.5 text-slate-400" />
            {deal.sold_count.toLocaleString('en-US')} sold
            {deal.remaining !== null && <span className="font-semibold text-rose-700"> · {deal.remaining.toLocaleString('en-US')} left</span>}
          </span>
        </div>
      </div>
    </article>
  );
}

export function DealGrid({ deals, dimmed = false }: { deals: DealCardData[]; dimmed?: boolean }) {
  return (
    <ul className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${dimmed ? 'opacity-60' : ''}`}>
      {deals.map((deal) => (
        <li key={deal.id} className="min-w-0">
          <DealCard deal={deal} />
        </li>
      ))}
    </ul>
  );
}

export function DealGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading deals…">
      <span className="sr-only">Loading…</span>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <div className="aspect-[16/10] animate-pulse bg-slate-100" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
              <div className="h-5 w-1/3 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
