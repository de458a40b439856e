import { Crosshair, MapPinOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link } from 'react-router';
import { isOffline } from '../../../components/map/open-in-maps.ts';
import { kindLooks, type DiscoverItem, type DiscoverKind } from '../kinds.ts';
import type { MappedItem } from './discover-map.tsx';
import { countText, KindSection } from './kind-section.tsx';

const DiscoverMap = lazy(() => import('./discover-map.tsx'));

type Group = { kind: DiscoverKind; count: number; count_capped: boolean; items: DiscoverItem[]; seeAll: string | null };

type DiscoverMapViewProps = {
  center: { latitude: number; longitude: number; label: string };
  groups: readonly Group[];
  within: string;
  where: string;
  emptyHint: string;
};

const hasPoint = (item: DiscoverItem): item is MappedItem => item.latitude !== null && item.longitude !== null;

/** The map's key: each kind's letter on its colour, as on the pins, with how many are on the map. */
function Legend({ groups }: { groups: readonly Group[] }) {
  return (
    <ul aria-label="Map key" className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700">
      {groups.map(({ kind, items }) => (
        <li key={kind} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={`flex size-5 items-center justify-center rounded-full text-[0.7rem] font-bold text-white ${kindLooks[kind].pinClass}`}>
            {kindLooks[kind].letter}
          </span>
          {kindLooks[kind].title} ({items.filter(hasPoint).length})
        </li>
      ))}
      <li className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="size-3.5 rounded-full border-2 border-white bg-slate-900 shadow ring-1 ring-slate-300" />
        Your area
      </li>
    </ul>
  );
}

/**
 * The map view: one map with a pin per thing, and beside it (under it on a phone) the same things listed by kind, each
 * a link to its page and a button that shows it on the map. The list is the map's accessible version and stays whole
 * when the tiles cannot load (the map then says so and keeps its pins on a blank ground).
 */
export function DiscoverMapView({ center, groups, within, where, emptyHint }: DiscoverMapViewProps) {
  const [tilesUnavailable, setTilesUnavailable] = useState(isOffline);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const offline = () => setTilesUnavailable(true);
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, []);

  const mapped = groups.flatMap((group) => group.items.filter(hasPoint));
  const showOnMap = (key: string) => {
    setSelectedKey(key);
    mapBox.current?.scrollIntoView?.({ block: 'nearest' });
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0 space-y-3 lg:sticky lg:top-24 lg:self-start">
        <Legend groups={groups} />
        {tilesUnavailable && (
          <p role="status" data-testid="map-tiles-unavailable" className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <MapPinOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>Map tiles are unavailable right now: the places are pinned without streets, and every one is in the list.</span>
          </p>
        )}
        <div ref={mapBox} data-testid="discover-map" className="relative isolate h-80 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:h-96 lg:h-[34rem]">
          <ErrorBoundary fallback={<p className="p-4 text-sm text-slate-700">The map could not be loaded; every place is in the list.</p>}>
            <Suspense
              fallback={
                <p role="status" className="p-4 text-sm text-slate-600">
                  Loading the map…
                </p>
              }
            >
              <DiscoverMap center={center} items={mapped} selectedKey={selectedKey} onSelect={setSelectedKey} onUnavailable={() => setTilesUnavailable(true)} />
            </Suspense>
          </ErrorBoundary>
        </div>
      </div>
      <div className="min-w-0 space-y-8" data-testid="discover-map-list">
        {groups.map((group) => (
          <KindSection key={group.kind} kind={group.kind} group={group} seeAll={group.seeAll} within={within} where={where} emptyHint={emptyHint}>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
              {group.items.map((item) => {
                const selected = item.key === selectedKey;
                return (
                  <li key={item.key} className={`flex items-center gap-3 px-4 py-3 ${selected ? 'bg-teal-50' : ''}`}>
                    <span aria-hidden="true" className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${kindLooks[item.kind].pinClass}`}>
                      {kindLooks[item.kind].letter}
                    </span>
                    <span className="min-w-0 flex-1">
                      <Link to={item.to} className="font-medium text-slate-900 hover:text-teal-800 hover:underline [overflow-wrap:anywhere]">
                        {item.name}
                      </Link>
                      {item.detail && <span className="mt-0.5 block text-sm text-slate-600 [overflow-wrap:anywhere]">{item.detail}</span>}
                    </span>
                    {hasPoint(item) && (
                      <button
                        type="button"
                        aria-label={`Show ${item.name} on the map`}
                        aria-pressed={selected}
                        onClick={() => showOnMap(item.key)}
                        className={`flex size-10 shrink-0 items-center justify-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
                          selected ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 text-slate-600 hover:border-teal-600 hover:text-teal-800'
                        }`}
                      >
                        <Crosshair aria-hidden="true" className="size-4" />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
            {group.count > group.items.length && (
              <p className="mt-2 text-sm text-slate-600">
                The {group.items.length} nearest of {countText(group)} are on the map.
              </p>
            )}
          </KindSection>
        ))}
      </div>
    </div>
  );
}
