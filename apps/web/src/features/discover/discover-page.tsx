import { discoverCategoryOf } from '@localloop/contract';
import type { ActivityCard, DealCard, DiscoverCategory, DiscoverResponse, ServiceCard, VendorCard } from '@localloop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListingGridSkeleton } from '../../components/listing-card.tsx';
import { LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { discoverKeyPrefix, discoverListCount, discoverRadiusKm, useDiscover } from './api/get-discover.ts';
import { CategoryChips } from './components/category-chips.tsx';
import { DiscoverMapView } from './components/discover-map-view.tsx';
import { countText, KindSection } from './components/kind-section.tsx';
import { ViewSwitch, type DiscoverView } from './components/view-switch.tsx';
import { itemsOf, kindLooks, kindsFor, seeAllPath, type DiscoverKind } from './kinds.ts';

/** Each kind's own card, handed in by the routing layer (a feature does not import another's). */
export type DiscoverCards = {
  deal: (deal: DealCard) => ReactNode;
  activity: (activity: ActivityCard) => ReactNode;
  service: (service: ServiceCard) => ReactNode;
  vendor: (vendor: VendorCard) => ReactNode;
};

type DiscoverPageProps = PageProps & {
  cards: DiscoverCards;
  /** Shown under the heading: where a person without a chosen area sets one (app/pages composes it in). */
  locationPrompt?: ReactNode;
};

/** The theme and the view live in the address (shareable, and Back undoes a change); All and List are left out of it. */
function stateFrom(params: URLSearchParams): { category: DiscoverCategory | null; view: DiscoverView } {
  const theme = discoverCategoryOf(params.get('category'));
  return { category: (theme?.slug as DiscoverCategory | undefined) ?? null, view: params.get('view') === 'map' ? 'map' : 'list' };
}

function paramsFrom(state: { category: DiscoverCategory | null; view: DiscoverView }): URLSearchParams {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.view === 'map') params.set('view', 'map');
  return params;
}

/** "6 deals, 4 activities and 1 vendor": the counts of the shown kinds, in words. */
function summaryOf(data: DiscoverResponse, kinds: readonly DiscoverKind[]): string {
  const parts = kinds.map((kind) => {
    const group = data[kind];
    const look = kindLooks[kind];
    const name = group.count === 1 && !group.count_capped ? look.one : look.title.toLowerCase();
    return `${countText(group)} ${name}`;
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : (parts[0] ?? '');
}

/**
 * A heart given on this page (a service's, a vendor's) is settled in those features' own lists; this page asks again
 * when any change made while it shows succeeds, so its cards show it too.
 */
function useRefreshAfterChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void queryClient.invalidateQueries({ queryKey: discoverKeyPrefix });
      }),
    [queryClient],
  );
}

function SectionsSkeleton({ kinds }: { kinds: readonly DiscoverKind[] }) {
  return (
    <div className="space-y-10">
      {kinds.map((kind) => (
        <div key={kind}>
          <div aria-hidden="true" className="mb-3 h-6 w-32 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
          <ListingGridSkeleton label={`Loading ${kindLooks[kind].title.toLowerCase()}…`} count={discoverListCount} />
        </div>
      ))}
    </div>
  );
}

/**
 * /Discover: what is near the person (their chosen area, or New York), deals, activities, services and vendors on one
 * page, narrowed by a theme, as sections of cards or on one map with the same things listed beside it.
 */
export function DiscoverPage({ title, cards, locationPrompt }: DiscoverPageProps) {
  const { userRole } = useAuth();
  const kinds = kindsFor(userRole);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = stateFrom(searchParams);
  const { location, discover } = useDiscover(state.category);
  useRefreshAfterChanges();

  const theme = discoverCategoryOf(state.category);
  const place = location.city || location.formattedAddress || 'you';
  const within = `${theme ? `in ${theme.label} ` : ''}within ${discoverRadiusKm} km`;
  const where = `${within} of ${place}`;
  const emptyHint = theme ? 'Try All or another category.' : 'Choose another area to look elsewhere.';
  const update = (change: Partial<typeof state>) => setSearchParams(paramsFrom({ ...state, ...change }));

  const data = discover.data;

  let content: ReactNode;
  if (data) {
    const items = itemsOf(data, kinds);
    const groups = kinds.map((kind) => ({ kind, count: data[kind].count, count_capped: data[kind].count_capped, items: items[kind], seeAll: seeAllPath(kind, userRole, state.category) }));
    content =
      state.view === 'map' ? (
        <DiscoverMapView center={{ latitude: location.latitude, longitude: location.longitude, label: place }} groups={groups} within={within} where={where} emptyHint={emptyHint} />
      ) : (
        <div className="space-y-10">
          {groups.map((group) => (
            <KindSection key={group.kind} kind={group.kind} group={group} seeAll={group.seeAll} within={within} where={where} emptyHint={emptyHint}>
              <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
                {cardsOf(data, group.kind, cards)}
              </ul>
            </KindSection>
          ))}
        </div>
      );
  } else if (discover.isError) {
    content = <LoadError error={discover.error} what={`what is near ${place}`} onRetry={() => void discover.refetch()} />;
  } else {
    content = <SectionsSkeleton kinds={kinds} />;
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
          Deals, activities, services and local shops near <span className="font-semibold text-slate-800">{place}</span>, within {discoverRadiusKm} km.
        </p>
      </div>

      {locationPrompt && <div className="mt-6 empty:hidden">{locationPrompt}</div>}

      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <CategoryChips value={state.category} onChange={(category) => update({ category })} />
        </div>
        <ViewSwitch value={state.view} onChange={(view) => update({ view })} />
      </div>

      {userRole === 'vendor' && (
        <p className="mt-4 text-sm text-slate-600">Activities and other shops are shown in the user view: switch to it from the header or the Main Menu to see them here.</p>
      )}

      <p role="status" className="mt-5 mb-6 text-sm text-slate-600 [overflow-wrap:anywhere]">
        {data && !discover.isPlaceholderData ? `${summaryOf(data, kinds)} ${where}` : data ? 'Updating…' : ''}
      </p>

      <div aria-busy={discover.isPlaceholderData || undefined} className={discover.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
        {content}
      </div>
    </div>
  );
}

/** A kind's first cards in the list view, each the kind's own card. */
function cardsOf(data: DiscoverResponse, kind: DiscoverKind, cards: DiscoverCards): ReactNode[] {
  const first = <T extends { id: string }>(results: readonly T[], card: (item: T) => ReactNode) =>
    results.slice(0, discoverListCount).map((item, index) => (
      // A phone shows the first two of each kind (four kinds of four cards is a long scroll); See all has the rest.
      <li key={item.id} className={index < 2 ? 'min-w-0' : 'hidden min-w-0 sm:block'}>
        {card(item)}
      </li>
    ));
  switch (kind) {
    case 'deals':
      return first(data.deals.results, cards.deal);
    case 'activities':
      return first(data.activities.results, cards.activity);
    case 'services':
      return first(data.services.results, cards.service);
    case 'vendors':
      return first(data.vendors.results, cards.vendor);
  }
}
