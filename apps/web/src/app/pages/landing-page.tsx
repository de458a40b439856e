import { lazy, Suspense } from 'react';
import { Search } from 'lucide-react';
import LandingPage from '../../features/landing/landing-page.tsx';

// The landing page stays off zod and the API client (docs/decisions/0012): the search box, which needs both, comes in
// its own chunk once the page is shown.
const MarketplaceSearch = lazy(() => import('../../features/search/components/marketplace-search.tsx').then((m) => ({ default: m.MarketplaceSearch })));

/** The box's shape while its chunk loads, so the hero does not jump; not a field, as typing into it would be lost. */
function SearchShape() {
  return (
    <div aria-hidden="true" className="flex items-center gap-3 rounded-2xl border border-field bg-white py-3.5 pl-4 text-base text-slate-500 shadow-sm">
      <Search className="size-5 text-slate-400" />
      Search deals, activities, services and vendors
    </div>
  );
}

/** / and /Home: the landing feature's page with the search feature's box in its hero. */
export default function LandingRoutePage() {
  return (
    <LandingPage
      search={
        <Suspense fallback={<SearchShape />}>
          <MarketplaceSearch size="large" label="Search deals, activities, services and vendors near you" />
        </Suspense>
      }
    />
  );
}
