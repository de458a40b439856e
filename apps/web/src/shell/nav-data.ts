import { CalendarCheck, CalendarDays, Handshake, Store, Tag, UserRound, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { headerLinks, paths, to } from '../paths.ts';
import type { Role } from '../session/auth-rules.ts';

/** The spec's nav item: name, icon and dropdown items (name, path, optional id, optional comingsoon). */
export type NavItem = { name: string; path: string; id?: string; comingsoon?: boolean };
export type NavGroup = { name: string; icon: LucideIcon; items: NavItem[] };

export const publicNav: NavItem[] = [
  { name: 'Browse Activities', path: paths.localActivities },
  { name: 'Explore Deals', path: paths.popularDeals },
  { name: 'Find Vendors', path: headerLinks.vendors },
];

export const publicAccountNav = {
  signUp: { name: 'Sign Up', path: paths.createAccount },
  login: { name: 'Login', path: paths.login },
} as const satisfies Record<string, NavItem>;

export const userNav: NavGroup[] = [
  {
    name: 'Activities',
    icon: CalendarDays,
    items: [
      { name: 'Browse Activities', path: paths.localActivities },
      { name: 'Create Activity', path: paths.postActivities },
      { name: 'My Created Activities', path: to.myActivities() },
    ],
  },
  {
    name: 'Services',
    icon: Wrench,
    items: [
      { name: 'Browse Services', path: paths.servicesBrowse },
      { name: 'Favorite Services', path: paths.servicesFavorite },
    ],
  },
  {
    name: 'Deals',
    icon: Tag,
    items: [
      { name: 'Browse Deals', path: paths.popularDeals },
      { name: 'My Orders', path: paths.myPurchaseDeal },
    ],
  },
  {
    name: 'Vendors',
    icon: Store,
    items: [
      { name: 'Browse Vendors', path: paths.vendorList },
      { name: 'Favorite Vendors', path: paths.favorite },
    ],
  },
  {
    name: 'Bookings',
    icon: CalendarCheck,
    items: [{ name: 'My Bookings', path: paths.customerBookings }],
  },
];

/** Create Deal is offered only to vendors who may post deals (approved ones). */
export function vendorNav(canPostDeals: boolean): NavGroup[] {
  const dealItems: NavItem[] = [
    ...(canPostDeals ? [{ name: 'Create Deal', path: paths.vendorDealAdd }] : []),
    { name: 'My Created Deal', path: to.myDeals() },
  ];
  return [
    { name: 'Deals', icon: Tag, items: dealItems },
    { name: 'Services', icon: Wrench, items: [{ name: 'My Services', path: paths.vendorServices }] },
    {
      name: 'Providers',
      icon: UserRound,
      items: [
        { name: 'My Providers', path: paths.vendorProviders },
        { name: 'Add Provider', path: paths.vendorProviderAdd },
      ],
    },
    { name: 'Appointment', icon: Handshake, items: [{ name: 'My Appointments', path: paths.appointments }] },
  ];
}

/** A footer link; `role` makes it protected: it needs a login, and that role. */
export type FooterLink = { name: string; path: string; role?: Exclude<Role, 'public'> };
export type FooterSection = { title: string; links: FooterLink[] };

export const footerSections: FooterSection[] = [
  {
    title: 'Quick Links',
    links: [
      { name: 'Browse Activities', path: paths.localActivities },
      { name: 'Explore Deals', path: paths.popularDeals },
      { name: 'Find Vendors', path: paths.vendor },
      { name: 'Services', path: paths.servicesBrowse, role: 'user' },
      { name: 'About Us', path: paths.root },
    ],
  },
  {
    title: 'For Vendors',
    links: [
      { name: 'Join as Vendor', path: paths.login },
      { name: 'Vendor Dashboard', path: paths.vendorDashboard, role: 'vendor' },
      { name: 'Create Deals', path: paths.vendorDealAdd, role: 'vendor' },
      { name: 'Analytics', path: paths.vendorDashboard, role: 'vendor' },
      { name: 'Vendor Support', path: paths.contactSupport, role: 'vendor' },
    ],
  },
  {
    title: 'Support',
    links: [
      { name: 'Help Center', path: paths.root },
      { name: 'FAQs', path: paths.root },
      { name: 'Contact Us', path: paths.root },
      { name: 'Terms of Service', path: paths.root },
      { name: 'Privacy Policy', path: paths.root },
    ],
  },
];
