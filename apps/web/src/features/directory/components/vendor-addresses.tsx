import type { VendorAddress } from '@localloop/contract';
import { ExternalLink, MapPin } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

const VendorMap = lazy(() => import('./vendor-map.tsx'));

function directionsUrl(address: VendorAddress): string {
  return `https://www.openstreetmap.org/?mlat=${address.latitude}&mlon=${address.longitude}#map=17/${address.latitude}/${address.longitude}`;
}

/** The addresses as a list (the accessible version) and on a map. */
export function VendorAddresses({ name, addresses }: { name: string; addresses: readonly VendorAddress[] }) {
  if (addresses.length === 0) return <p className="text-sm text-slate-600">No address published yet.</p>;
  const sorted = [...addresses].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {sorted.map((address) => (
          <li key={address.id} className="flex gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {address.label || (address.is_primary ? 'Main address' : 'Address')}
                {address.is_primary && address.label && <span className="badge ml-2 bg-teal-50 text-teal-800">Main</span>}
              </p>
              <p className="text-slate-600">{address.formatted_address}</p>
              <a href={directionsUrl(address)} target="_blank" rel="noreferrer" className="mt-0.5 inline-flex items-center gap-1 text-teal-700 hover:underline">
                Open in OpenStreetMap
                <ExternalLink aria-hidden="true" className="size-3" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
      <div data-testid="vendor-map" className="relative isolate h-64 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:h-80">
        <ErrorBoundary fallback={<p className="p-4 text-sm text-slate-600">The map could not be loaded; the addresses are listed above.</p>}>
          <Suspense fallback={<p className="p-4 text-sm text-slate-500">Loading map…</p>}>
            <VendorMap name={name} addresses={sorted} />
          </Suspense>
        </ErrorBoundary>
      </div>
    </div>
  );
}
