import { DealDetailsParams } from '@localloop/contract';
import { CalendarClock, ShoppingBag, Store } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AboutSection, DetailsArticle, DetailsFact, DetailsFacts, DetailsStates, WhereSection } from '../../components/details-page.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { paths, to } from '../../paths.ts';
import { useUserLocation } from '../../session/user-location.ts';
import { useDeal } from './api/get-deal.ts';
import { BuyDealPanel } from './components/buy-deal-panel.tsx';
import { DealImageFallback, DealPrices } from './components/deal-card.tsx';
import { DealAvailabilityBadge } from './components/deal-availability.tsx';
import { DealRatingsSection } from './components/deal-ratings-section.tsx';
import { RatingSummary } from '../../components/rating-stars.tsx';
import { formatInstant } from '../../lib/format-instant.ts';
import { formatDistance } from '../../lib/format-distance.ts';

/** /DealDetails/{deal_uuid}: the deal's pictures, prices, state, shop and where to redeem it, its ratings, and Buy. */
export default function DealDetailsPage({ title }: PageProps) {
  const { deal_uuid: dealId = '' } = useParams();
  const isDealId = DealDetailsParams.safeParse({ deal_uuid: dealId }).success;
  const deal = useDeal(dealId, isDealId);
  const location = useUserLocation();

  if (!isDealId || !deal.isSuccess) {
    return (
      <DetailsStates
        title={title}
        valid={isDealId}
        query={deal}
        what="this deal"
        loading="Loading the deal…"
        notFound={{ title: 'This deal does not exist', text: 'It may have been taken down, or the link is not complete.', to: paths.popularDeals, label: 'Browse deals' }}
      />
    );
  }

  const data = deal.data;
  const from = location.city || location.formattedAddress || 'your location';

  return (
    <DetailsArticle
      title={data.title}
      images={data.images}
      imageIds={data.image_ids}
      fallback={<DealImageFallback large />}
      head={
        <>
          <div className="flex flex-wrap items-center gap-2">
            <DealAvailabilityBadge state={data.state} />
            <span className="text-sm font-medium text-teal-800">{data.category}</span>
          </div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">{data.title}</h1>
          <p className="mt-2 flex min-w-0 items-center gap-1.5 text-slate-700">
            <Store aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <Link to={to.vendorProfile(data.vendor.user_id)} className="min-w-0 font-medium underline-offset-2 hover:underline [overflow-wrap:anywhere]">
              {data.vendor.business_name}
            </Link>
          </p>
          <div className="mt-3">
            <RatingSummary avg={data.rating_avg} count={data.rating_count} />
          </div>

          <div className="mt-5 flex flex-wrap items-center gap-3">
            <DealPrices deal={data} size="lg" />
            {data.discount_percent > 0 && <span className="rounded-full bg-rose-600 px-3 py-1 text-sm font-bold text-white">{data.discount_percent}% off</span>}
          </div>

          <DetailsFacts>
            <DetailsFact icon={CalendarClock} term={data.state === 'upcoming' ? 'Goes on sale' : data.state === 'expired' ? 'Ended' : 'Ends'}>
              <dd className="text-slate-700">{formatInstant(data.state === 'upcoming' ? data.starts_at : data.ends_at)}</dd>
              {data.state === 'upcoming' && <dd className="text-slate-600">Ends {formatInstant(data.ends_at)}</dd>}
            </DetailsFact>
            <DetailsFact icon={ShoppingBag} term="Sold">
              <dd className="text-slate-700">
                {data.sold_count.toLocaleString('en-US')} sold
                {data.remaining !== null && <span className="font-semibold text-rose-700"> · {data.remaining.toLocaleString('en-US')} left</span>}
              </dd>
            </DetailsFact>
          </DetailsFacts>
        </>
      }
      panelLabel="Buying"
      panel={<BuyDealPanel deal={data} />}
    >
      <AboutSection heading="About this deal" text={data.description} />

      <WhereSection
        heading="Where to redeem it"
        address={data.address.formatted_address}
        note={data.distance_km !== null && `${formatDistance(data.distance_km)} from ${from}`}
        latitude={data.address.latitude}
        longitude={data.address.longitude}
      />

      <section aria-labelledby="terms-heading" className="mt-8">
        <h2 id="terms-heading" className="text-lg font-semibold text-slate-900">
          Terms
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{data.terms || 'The shop has set no extra terms.'}</p>
        <p className="mt-2 text-sm text-slate-600">
          Up to {data.per_customer_limit} per customer. Show the QR code from My Orders at the shop to redeem it.
        </p>
      </section>

      <DealRatingsSection deal={data} />
    </DetailsArticle>
  );
}
