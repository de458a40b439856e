import type { ServiceCard as ServiceCardData } from '@localloop/contract';
import { Clock, Heart, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { formatDistance } from '../../../lib/format-distance.ts';
import { to } from '../../../paths.ts';
import { useToggleFavoriteService } from '../api/toggle-favorite-service.ts';
import { formatDuration, formatPrice } from '../format.ts';

const cardImageSizes = '(min-width: 1280px) 19rem, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw';

/** The heart of a service: adds it to the person's favorites or takes it off. */
export function FavoriteServiceButton({ service, className = '' }: { service: Pick<ServiceCardData, 'id' | 'name' | 'is_favorite'>; className?: string }) {
  const toggle = useToggleFavoriteService();
  const label = service.is_favorite ? `Remove ${service.name} from favorites` : `Add ${service.name} to favorites`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={service.is_favorite}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(service)}
      className={`flex size-10 items-center justify-center rounded-full bg-white/95 shadow-sm ring-1 ring-slate-200 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${className}`}
    >
      <Heart aria-hidden="true" className={`size-5 ${service.is_favorite ? 'fill-rose-500 text-rose-500' : 'text-slate-600'}`} />
    </button>
  );
}

/**
 * One service in a grid: its picture, name, shop, place, length and price; the whole card opens the service. Its title
 * is an h2 on a list page, an h3 in a page's section (/Discover).
 */
export function ServiceCard({ service, level: Heading = 'h2' }: { service: ServiceCardData; level?: 'h2' | 'h3' }) {
  const place = [service.distance_km === null ? null : formatDistance(service.distance_km), service.city].filter(Boolean).join(' · ');
  return (
    <article
      data-testid="service-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-teal-300 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-600"
    >
      <ResponsiveImage
        image={service.image}
        alt=""
        sizes={cardImageSizes}
        aspectRatio="16 / 10"
        className="bg-slate-100"
        imgClassName="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        fallback={
          <span aria-hidden="true" className="flex size-full items-center justify-center bg-linear-to-br from-teal-700 via-teal-800 to-emerald-800 text-white">
            <Clock className="size-10 opacity-80" />
          </span>
        }
      />
      <div className="flex flex-1 flex-col px-4 pb-4 pt-3.5">
        <Heading className="text-base font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
          <Link to={to.serviceDetails(service.id)} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
            {service.name}
          </Link>
        </Heading>
        <p className="mt-0.5 text-sm text-teal-800 [overflow-wrap:anywhere]">{service.vendor.business_name}</p>
        {service.description && <p className="mt-2 line-clamp-2 text-sm text-slate-600 [overflow-wrap:anywhere]">{service.description}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-3 text-sm">
          <span className="inline-flex items-center gap-1 text-slate-700">
            <Clock aria-hidden="true" className="size-3.5 text-slate-400" />
            {formatDuration(service.duration_minutes)} · <span className="font-semibold text-slate-900">{formatPrice(service.price)}</span>
          </span>
          {place && (
            <span className="inline-flex items-center gap-1 text-slate-600">
              <MapPin aria-hidden="true" className="size-3.5 text-slate-400" />
              {place}
            </span>
          )}
        </div>
      </div>
      <FavoriteServiceButton service={service} className="absolute right-3 top-3 z-10" />
    </article>
  );
}

export function ServiceGrid({ services, dimmed = false }: { services: ServiceCardData[]; dimmed?: boolean }) {
  return (
    <ul className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${dimmed ? 'opacity-60' : ''}`}>
      {services.map((service) => (
        <li key={service.id}>
          <ServiceCard service={service} />
        </li>
      ))}
    </ul>
  );
}

export function ServiceGridSkeleton({ count = 8, label = 'Loading services…' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <div className="aspect-[16/10] animate-pulse bg-slate-100" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
