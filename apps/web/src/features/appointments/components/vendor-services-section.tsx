import { ChevronRight, Clock, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, LoadError } from '../../../components/page-states.tsx';
import { to } from '../../../paths.ts';
import { useVendorServices } from '../api/get-vendor-services.ts';
import { formatDuration, formatPrice } from '../format.ts';

/** The services on a shop's public page: each with its length and price, opening the service to book it. */
export function VendorServicesSection({ vendorId, name }: { vendorId: string; name: string }) {
  const services = useVendorServices(vendorId);
  if (services.isPending) {
    return (
      <ul aria-label={`Loading the services of ${name}`} className="space-y-2">
        {[0, 1].map((i) => (
          <li key={i} className="h-14 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (services.isError) return <LoadError error={services.error} what={`the services of ${name}`} onRetry={() => void services.refetch()} />;
  if (services.data.results.length === 0) {
    return (
      <EmptyState icon={Wrench} title="No services to book yet" level="h3" compact>
        When {name} lists services you can book, they will appear here.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200">
      {services.data.results.map((service) => (
        <li key={service.id}>
          <Link to={to.serviceDetails(service.id)} className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">{service.name}</span>
              <span className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
                <Clock aria-hidden="true" className="size-3.5 text-slate-400" />
                {formatDuration(service.duration_minutes)}
              </span>
            </span>
            <span className="font-semibold text-slate-900">{formatPrice(service.price)}</span>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
