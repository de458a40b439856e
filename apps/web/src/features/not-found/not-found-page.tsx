import { LayoutDashboard, House, Tag, Wrench } from 'lucide-react';
import { NotFound, publicPlaces } from '../../components/not-found.tsx';
import type { NotFoundPlace } from '../../components/not-found.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { paths, to } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';

/** A vendor is sent away from the public lists, so its way back is the shop's own pages. */
const vendorPlaces: NotFoundPlace[] = [
  { name: 'Vendor Dashboard', path: paths.vendorDashboard, icon: LayoutDashboard, description: 'Your shop at a glance.' },
  { name: 'My Created Deals', path: to.myDeals(), icon: Tag, description: 'The deals you sell, by state.' },
  { name: 'My Services', path: paths.vendorServices, icon: Wrench, description: 'What customers can book with you.' },
  { name: 'Home', path: paths.root, icon: House, description: 'The LocalLoop front page.' },
];

/** Unknown paths, and a known pattern whose parameter names nothing (routes.tsx's accepts). */
export default function NotFoundPage({ title }: PageProps) {
  const { userRole } = useAuth();
  return <NotFound title={title} places={userRole === 'vendor' ? vendorPlaces : publicPlaces} />;
}
