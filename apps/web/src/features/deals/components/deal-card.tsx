import type { DealCard as DealCardData } from '@localloop/contract';
import { ShoppingBag, Tag } from 'lucide-react';
import { ListingCard, ListingGrid, ListingGridSkeleton, ListingImageFallback } from '../../../components/listing-card.tsx';
import { to } from '../../../paths.ts';
import { formatDistance } from '../../../lib/format-distance.ts';
import { formatMoney } from '../format.ts';
import { RatingSummary } from '../../../components/rating-stars.tsx';

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

/** Where a deal has no picture: a tag on orange. */
export function DealImageFallback({ large = false }: { large?: boolean }) {
  return <ListingImageFallback icon={Tag} className="from-amber-500 via-orange-600 to-rose-700" large={large} />;
}

/** One deal in a grid: picture, discount, title, shop, prices, distance, rating, sold and left; the whole card opens the deal. */
export function DealCard({ deal, level, priority }: { deal: DealCardData; level?: 'h2' | 'h3'; priority?: boolean }) {
  const place = [formatDistance(deal.distance_km), deal.city].filter(Boolean).join(' · ');
  return (
    <ListingCard
      testId="deal-card"
      level={level}
      priority={priority}
      image={deal.image}
      fallback={<DealImageFallback />}
      overlay={
        deal.discount_percent > 0 && (
          <span className="absolute left-3 top-3 rounded-full bg-rose-600 px-2.5 py-1 text-xs font-bold text-white shadow-sm">{deal.discount_percent}% off</span>
        )
      }
      title={deal.title}
      to={to.dealDetails(deal.id)}
      place={place}
      stat={
        <>
          <ShoppingBag aria-hidden="true" className="size-3.5 text-slate-400" />
          {deal.sold_count.toLocaleString('en-US')} sold
          {deal.remaining !== null && <span className="font-semibold text-rose-700"> · {deal.remaining.toLocaleString('en-US')} left</span>}
        </>
      }
    >
      <p className="mt-0.5 text-sm text-teal-800 [overflow-wrap:anywhere]">{deal.vendor.business_name}</p>
      <div className="mt-2">
        <DealPrices deal={deal} />
      </div>
      <div className="mt-1.5">
        <RatingSummary avg={deal.rating_avg} count={deal.rating_count} />
      </div>
    </ListingCard>
  );
}

/** `leadsPage`: the grid is what its page opens with (the first card's picture is fetched at once). */
export function DealGrid({ deals, dimmed = false, level, leadsPage = false }: { deals: DealCardData[]; dimmed?: boolean; level?: 'h2' | 'h3'; leadsPage?: boolean }) {
  return <ListingGrid items={deals} renderCard={(deal, leads) => <DealCard deal={deal} level={level} priority={leads} />} dimmed={dimmed} leadsPage={leadsPage} />;
}

/** The price line is taller than the other lines. */
export function DealGridSkeleton({ count = 8 }: { count?: number }) {
  return <ListingGridSkeleton label="Loading deals…" count={count} lastLine="h-5" />;
}
