import { useGeocoding } from '../../features/location/geocoding.ts';
import { AddressesPage } from '../../features/vendors/add-address-page.tsx';

/**
 * /AddAddress composes two features: the vendor's addresses (vendors) and the location
 * picker's geocoder (location: the offline gazetteer, or Google Places when a key is set).
 */
export default function AddAddressRoutePage() {
  const { provider, maps } = useGeocoding();
  return <AddressesPage places={provider} placesLoading={maps === 'loading'} />;
}
