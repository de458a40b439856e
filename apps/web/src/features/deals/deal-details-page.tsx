import { DealDetailsParams } from '@localloop/contract';
import { CalendarClock, ExternalLink, LoaderCircle, MapPin, SearchX, ShoppingBag, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { openInMapsUrl } from '../../components/map/open-in-maps.ts';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { PhotoGallery } from '../../components/photo-gallery.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { ApiError } from '../../api/client.ts';
import { paths, to } from '../../paths.ts';
import { useUserLocation } from '../../session/user-location.ts';
import { useDeal } from './api/get-deal.ts';
import { BuyDealPanel } from './components/buy-deal-panel.tsx';
import { DealImageFallback, DealPrices } from './components/deal-card.tsx';
import { DealAvailabilityBadge } from './components/deal-availability.tsx';
import { DealRatingsSection } from './components/deal-ratings-section.tsx';
import { RatingSummary } from '../../components/rating-stars.tsx';
import { formatInstant } from '../../lib/format-date.ts';
import { formatDistance } from '../../lib/format-distance.ts';

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** /DealDetails/{deal_uuid}: the deal's pictures, prices, state, shop and where to redeem it, its ratings, and Buy. */
export default function DealDetailsPage({ title }: PageProps) {
  const { deal_uuid: dealId = '' } = useParams();
  const isDealId = DealDetailsParams.safeParse({ deal_uuid: dealId }).success;
  const deal = useDeal(dealId, isDealId);
  const location = useUserLocation();

  const notFound = (
    <Shell title={title}>
      <EmptyState
        icon={SearchX}
        title="This deal does not exist"
        actions={
          <Link to={paths.popularDeals} className="btn-primary">
            Browse deals
          </Link>
        }
      >
        It may have been taken down, or the link is not complete.
      </EmptyState>
    </Shell>
  );
  if (!isDealId) return notFound;
  if (deal.isPending) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="sr-only">{title}</h1>
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading the deal…
        </p>
      </section>
    );
  }
  if (deal.isError) {
    if (deal.error instanceof ApiError && deal.error.status === 404) return notFound;
    return (
      <Shell title={title}>
        <LoadError error={deal.error} what="this deal" onRetry={() => void deal.refetch()} />
      </Shell>
    );
  }

  const data = deal.data;
  const photos = data.images.map((image, i) => ({ id: data.image_ids[i] ?? String(i), caption: `${data.title}, picture ${i + 1}`, image }));
  const from = location.city || location.formattedAddress || 'your location';

  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      {photos.length > 0 ? (
        <div className="mb-6">
          <PhotoGallery photos={photos} title={data.title} />
        </div>
      ) : (
        <ResponsiveImage image={null} alt="" sizes="100vw" aspectRatio="auto" className="mb-6 h-40 rounded-3xl sm:h-56" fallback={<DealImageFallback large />} />
      )}
      {/* On a phone Buy comes right under the prices; on a laptop it stays beside everything. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
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

          {/* A <dl> holds only divs of dt and dd: each icon sits in its term, hung in the group's left padding. */}
          <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
            <div className="relative min-w-0 pl-6">
              <dt className="font-medium text-slate-900">
                <CalendarClock aria-hidden="true" className="absolute left-0 top-0.5 size-4 text-slate-400" />
                {data.state === 'upcoming' ? 'Goes on sale' : data.state === 'expired' ? 'Ended' : 'Ends'}
              </dt>
              <dd className="text-slate-700">{formatInstant(data.state === 'upcoming' ? data.starts_at : data.ends_at)}</dd>
              {data.state === 'upcoming' && <dd className="text-slate-600">Ends {formatInstant(data.ends_at)}</dd>}
            </div>
            <div className="relative min-w-0 pl-6">
              <dt className="font-medium text-slate-900">
                <ShoppingBag aria-hidden="true" className="absolute left-0 top-0.5 size-4 text-slate-400" />
                Sold
              </dt>
              <dd className="text-slate-700">
                {data.sold_count.toLocaleString('en-US')} sold
                {data.remaining !== null && <span className="font-semibold text-rose-700"> · {data.remaining.toLocaleString('en-US')} left</span>}
              </dd>
            </div>
          </dl>
        </div>

        <aside aria-label="Buying" className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <BuyDealPanel deal={data} />
        </aside>

        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
              About this deal
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{data.description}</p>
          </section>

          <section aria-labelledby="where-heading" className="mt-8">
            <h2 id="where-heading" className="text-lg font-semibold text-slate-900">
              Where to redeem it
            </h2>
            <p className="mt-2 flex min-w-0 items-start gap-2 text-slate-700">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {data.address.formatted_address}
                {data.distance_km !== null && (
                  <span className="block text-sm text-slate-600">
                    {formatDistance(data.distance_km)} from {from}
                  </span>
                )}
              </span>
            </p>
            <a href={openInMapsUrl(data.address.latitude, data.address.longitude)} target="_blank" rel="noreferrer" className="btn-secondary mt-3">
              <ExternalLink aria-hidden="true" className="size-4" /> Open in maps
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </section>

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
        </div>
      </div>
    </article>
  );
}
