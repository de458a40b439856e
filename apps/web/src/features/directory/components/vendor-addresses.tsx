import type { VendorAddress } from '@localloop/contract';
import { ExternalLink, MapPin, MapPinOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { isOffline, openInMapsUrl } from '../../../components/map/open-in-maps.ts';

const VendorMap = lazy(() => import('./vendor-map.tsx'));

function OpenInMaps({ address, className = '' }: { address: VendorAddress; className?: string }) {
  return (
    <a href={openInMapsUrl(address.latitude, address.longitude)} target="_blank" rel="noreferrer" className={`inline-flex items-center gap-1 text-teal-700 hover:underline ${className}`}>
      Open in maps
      <ExternalLink aria-hidden="true" className="size-3" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** In place of a map whose tiles cannot load (or with no network at all): where the shop is, in words, and a way to a maps site. */
function MapFallback({ name, address, others }: { name: string; address: VendorAddress; others: number }) {
  return (
    <div data-testid="vendor-map-fallback" className="flex gap-3 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 sm:p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-slate-500 ring-1 ring-slate-200">
        <MapPinOff aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">The map cannot be shown right now</p>
        <p className="mt-0.5 text-slate-700">
          {address.label || name}: {address.formatted_address}
        </p>
        {others > 0 && <p className="mt-0.5 text-slate-600">{others === 1 ? 'One more address is listed above.' : `${others} more addresses are listed above.`}</p>}
        <OpenInMaps address={address} className="btn-secondary mt-3 py-2 hover:no-underline" />
      </div>
    </div>
  );
}

/** The addresses as a list (the accessible version) and on a map, or a static fallback when the map cannot load. */
export function VendorAddresses({ name, addresses }: { name: string; addresses: readonly VendorAddress[] }) {
  const [mapUnavailable, setMapUnavailable] = useState(isOffline);
  useEffect(() => {
    const offline = () => setMapUnavailable(true);
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, []);

  if (addresses.length === 0) return <p className="text-sm text-slate-600">No address published yet.</p>;
  const sorted = [...addresses].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  const [primary] = sorted;
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
              <OpenInMaps address={address} className="mt-0.5" />
            </div>
          </li>
        ))}
      </ul>
      {mapUnavailable && primary ? (
        <MapFallback name={name} address={primary} others={sorted.length - 1} />
      ) : (
        <div data-testid="vendor-map" className="relative isolate h-64 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:h-80">
          <ErrorBoundary fallback={<p className="p-4 text-sm text-slate-600">The map could not be loaded; the addresses are listed above.</p>}>
            <Suspense fallback={<p className="p-4 text-sm text-slate-600">Loading map…</p>}>
              <VendorMap name={name} addresses={sorted} onUnavailable={() => setMapUnavailable(true)} />
            </Suspense>
          </ErrorBoundary>
        </div>
      )}
    </div>
  );
}
