import type { VendorDashboard } from '@localloop/contract';
import type { ComponentType } from 'react';
import { ActivitiesCard } from './components/activities-card.tsx';
import { BookingsCard } from './components/bookings-card.tsx';
import { CompletenessCard } from './components/completeness-card.tsx';
import { DealsCard } from './components/deals-card.tsx';
import { FavoritesCard } from './components/favorites-card.tsx';
import { KycCard, showKycCard } from './components/kyc-card.tsx';
import { NotificationsCard } from './components/notifications-card.tsx';
import { RatingCard } from './components/rating-card.tsx';

/**
 * One card of /vendor/dashboard. Later issues (appointments, deals, sales) add theirs to the list below:
 * a component taking the dashboard data (or fetching its own), how wide it is, and when it shows.
 */
export type DashboardCardEntry = {
  id: string;
  Card: ComponentType<{ data: VendorDashboard }>;
  /** 'full' spans the whole row (banners, lists); 'wide' two columns on laptops; default one column. */
  span?: 'full' | 'wide';
  /** Left out when this answers false. */
  show?: (data: VendorDashboard) => boolean;
};

export const dashboardCards: readonly DashboardCardEntry[] = [
  { id: 'kyc', Card: KycCard, span: 'full', show: showKycCard },
  { id: 'bookings', Card: BookingsCard, show: (data) => data.vendor.is_approved },
  { id: 'deals', Card: DealsCard, show: (data) => data.vendor.is_approved },
  // A vendor hosts as a person (docs/decisions/0020): no approval needed, so always shown.
  { id: 'activities', Card: ActivitiesCard },
  { id: 'completeness', Card: CompletenessCard },
  { id: 'rating', Card: RatingCard },
  { id: 'favorites', Card: FavoritesCard },
  { id: 'notifications', Card: NotificationsCard, span: 'full' },
];

export const spanClasses: Record<NonNullable<DashboardCardEntry['span']> | 'one', string> = {
  one: '',
  wide: 'md:col-span-2',
  full: 'md:col-span-2 lg:col-span-3',
};
