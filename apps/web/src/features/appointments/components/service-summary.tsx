import type { Service } from '@localloop/contract';
import { Clock, Star, Store } from 'lucide-react';
import { Link } from 'react-router';
import { to } from '../../../paths.ts';
import { formatDuration, formatPrice } from '../format.ts';
import { ServiceThumbnail } from './service-thumbnail.tsx';

/** A service in one line of cards: its first picture, its name, shop, length and price. */
export function ServiceSummary({ service }: { service: Service }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <ServiceThumbnail image={service.images[0]} sizes="6rem" className="w-20 sm:w-24" iconClassName="size-7" />
      <div className="min-w-0">
        <p className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{service.name}</p>
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
          <Store aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <Link to={to.vendorProfile(service.vendor.user_id)} className="underline-offset-2 hover:underline [overflow-wrap:anywhere]">
            {service.vendor.business_name}
          </Link>
          {service.vendor.rating_avg !== null && (
            <span className="inline-flex items-center gap-0.5 text-slate-700">
              <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
              <span className="sr-only">rated</span>
              {service.vendor.rating_avg.toFixed(1)}
            </span>
          )}
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1 text-slate-700">
            <Clock aria-hidden="true" className="size-4 text-slate-400" />
            {formatDuration(service.duration_minutes)}
          </span>
          <span className="font-semibold text-slate-900">{formatPrice(service.price)}</span>
        </p>
      </div>
    </div>
  );
}
