import VendorPage from '../../features/directory/vendor-page.tsx';
import { VendorServicesSection } from '../../features/appointments/components/vendor-services-section.tsx';
import { VendorDealsSection } from '../../features/deals/components/vendor-deals-section.tsx';

/**
 * /vendor/{userId} composes three features: the directory's public page of a vendor, the appointments feature's list of
 * the services it offers (its Services section) and the deals feature's list of the deals it has on sale (Current deals).
 */
export default function VendorRoutePage() {
  return (
    <VendorPage
      servicesSection={(vendor) => <VendorServicesSection vendorId={vendor.id} name={vendor.business_name} />}
      dealsSection={(vendor) => <VendorDealsSection vendorId={vendor.id} name={vendor.business_name} />}
    />
  );
}
