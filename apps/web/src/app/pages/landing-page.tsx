import { CalendarDays, Tag } from 'lucide-react';
import { ActivityGrid, ActivityGridSkeleton } from '../../features/activities/components/activity-card.tsx';
import { DealGrid, DealGridSkeleton } from '../../features/deals/components/deal-card.tsx';
import { landingListingCount, usePopularDeals, useUpcomingActivities } from '../../features/landing/api/get-nearby-listings.ts';
import { NearbySection } from '../../features/landing/components/nearby-section.tsx';
import LandingPage from '../../features/landing/landing-page.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { paths } from '../../paths.ts';

const placeOf = (city: string) => city.trim() || 'you';

function PopularDeals() {
  const { location, deals } = usePopularDeals();
  const place = placeOf(location.city);
  return (
    <NearbySection
      title={`Popular deals near ${place}`}
      lead="What people around you are buying this week."
      seeAll={{ to: `${paths.popularDeals}?sort=popularity`, label: 'See all deals' }}
      query={deals}
      skeleton={<DealGridSkeleton count={landingListingCount} />}
      empty={{ icon: Tag, text: `No deals near ${place} yet: local shops are adding theirs.` }}
      what="deals"
    >
      {(items) => <DealGrid deals={items} level="h3" />}
    </NearbySection>
  );
}

function UpcomingActivities() {
  const { location, activities } = useUpcomingActivities();
  const place = placeOf(location.city);
  return (
    <NearbySection
      title={`Upcoming activities near ${place}`}
      lead="Runs, classes, games and meet-ups you can join."
      seeAll={{ to: paths.localActivities, label: 'See all activities' }}
      query={activities}
      skeleton={<ActivityGridSkeleton count={landingListingCount} />}
      empty={{ icon: CalendarDays, text: `Nothing planned near ${place} yet: start the first activity.` }}
      what="activities"
    >
      {(items) => <ActivityGrid activities={items} level="h3" />}
    </NearbySection>
  );
}

/** / and /Home: the landing feature's page with the search feature's box in its hero and the deals' and activities' rows. */
export default function LandingRoutePage() {
  return (
    <LandingPage
      search={<SearchBox size="large" label="Search deals, activities, services and vendors near you" />}
      nearby={
        <>
          <PopularDeals />
          <UpcomingActivities />
        </>
      }
    />
  );
}
