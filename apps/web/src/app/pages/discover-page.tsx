import type { PageProps } from '../../components/page-props.ts';
import { ActivityCard } from '../../features/activities/components/activity-card.tsx';
import { ServiceCard } from '../../features/appointments/components/service-card.tsx';
import { DealCard } from '../../features/deals/components/deal-card.tsx';
import { VendorCard } from '../../features/directory/components/vendor-card.tsx';
import { DiscoverPage, type DiscoverCards } from '../../features/discover/discover-page.tsx';
import { SetAreaPrompt } from '../../features/location/set-area-prompt.tsx';

/** Each kind's own card, its title an h3 under the page's section headings. */
const cards: DiscoverCards = {
  deal: (deal) => <DealCard deal={deal} level="h3" />,
  activity: (activity) => <ActivityCard activity={activity} level="h3" />,
  service: (service) => <ServiceCard service={service} level="h3" />,
  vendor: (vendor) => <VendorCard vendor={vendor} level="h3" />,
};

/**
 * /Discover composes five features: the discover feature's page (what is near the person, by theme, as a list or a
 * map), the deals', activities', appointments' and directory's own cards in its sections, and the location picker's
 * "Set your area" prompt while no area is chosen (the page is then about New York).
 */
export default function DiscoverRoutePage({ title }: PageProps) {
  return <DiscoverPage title={title} cards={cards} locationPrompt={<SetAreaPrompt what="places" />} />;
}
