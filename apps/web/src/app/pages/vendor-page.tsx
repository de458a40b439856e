import VendorPage from '../../features/directory/vendor-page.tsx';
import { VendorServicesSection } from '../../features/appointments/components/vendor-services-section.tsx';
import { VendorDealsSection } from '../../features/deals/components/vendor-deals-section.tsx';
import { VendorActivitiesSection } from '../../features/activities/components/vendor-activities-section.tsx';

/**
 * /vendor/{userId} composes four features: the directory's public page of a vendor, the appointments feature's list of
 * the services it offers (its Services section), the deals feature's list of the deals it has on sale (Current deals)
 * and the activities feature's list of what its owner hosts (Upcoming activities).
 */
export default function VendorRoutePage() {
  return (
    <VendorPage
      servicesSection={(vendor) => <VendorServicesSection vendorId={vendor.id} name={vendor.business_name} />}
      dealsSection={(vendor) => <VendorDealsSection vendorId={vendor.id} name={vendor.business_name} />}
      activitiesSection={(vendor) => <VendorActivitiesSection vendorId={vendor.id} name={vendor.business_name} />}
    />
  );
}
