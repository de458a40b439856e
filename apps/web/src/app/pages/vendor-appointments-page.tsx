import type { PageProps } from '../../components/page-props.ts';
import VendorAppointmentsPage from '../../features/appointments/vendor-appointments-page.tsx';
import { useMyVendor } from '../../features/vendors/api/get-my-vendor.ts';

/**
 * /appointments composes two features: the shop's bookings (appointments) and its time zone from the vendor profile
 * (vendors), so that "today" and the day view are the shop's days wherever the browser is.
 */
export default function VendorAppointmentsRoutePage(props: PageProps) {
  const vendor = useMyVendor();
  return <VendorAppointmentsPage {...props} shopTimeZone={vendor.isPending ? undefined : (vendor.data?.service_time.time_zone ?? null)} />;
}
