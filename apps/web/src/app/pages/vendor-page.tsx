import VendorPage from '../../features/directory/vendor-page.tsx';
import { VendorServicesSection } from '../../features/appointments/components/vendor-services-section.tsx';

/**
 * /vendor/{userId} composes two features: the directory's public page of a vendor, and the appointments feature's list of
 * the services it offers, in the page's Services section.
 */
export default function VendorRoutePage() {
  return <VendorPage servicesSection={(vendor) => <VendorServicesSection vendorId={vendor.id} name={vendor.business_name} />} />;
}
