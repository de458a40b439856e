import type { PageProps } from '../../components/page-props.ts';
import { PostActivityPage } from '../../features/activities/post-activity-page.tsx';
import { useGeocoding } from '../../features/location/geocoding.ts';

/**
 * /PostActivities composes two features: the activity form (activities) and the location picker's geocoder
 * (location: the offline gazetteer, or Google Places when a key is set) for finding the activity's place.
 */
export default function PostActivityRoutePage({ title }: PageProps) {
  const { provider, maps } = useGeocoding();
  return <PostActivityPage title={title} places={provider} placesLoading={maps === 'loading'} />;
}
