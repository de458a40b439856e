import { matchRoutes } from 'react-router';
import type { Params } from 'react-router';
import type { Guard } from './app/access.ts';
import { paths } from './paths.ts';
import type { Role } from './session/auth-rules.ts';
import LandingPage from './app/pages/landing-page.tsx';
import { eagerPage, lazyPage } from './shell/lazy-page.ts';
import type { LazyPage } from './shell/lazy-page.ts';

export { paths, to, headerLinks } from './paths.ts';

/** One row of the spec's route table (section 2). */
export type AppRoute = {
  path: string;
  /** The page's heading and document title; a function when it depends on the path's params. */
  title: string | ((params: Params) => string);
  page: LazyPage;
  guard: Guard;
  roles: readonly Role[];
  /** A last check on the matched params; when it fails the route shows Not Found instead. */
  accepts?: (params: Params) => boolean;
  /** The param naming the account the page belongs to: its owner may open it whatever its role (a vendor's own page). */
  ownerParam?: string;
};

// The landing page comes with the shell: it is the front door, and small (3 KB gzip); waiting for its own chunk
// would add a round trip and a spinner (which the page then pushes down: a layout shift) to the first visit.
const landing = eagerPage(LandingPage);
// Each other page is its own module so it gets its own chunk, named after the file.
const login = lazyPage(() => import('./features/auth/login-page.tsx'));
const createAccount = lazyPage(() => import('./features/auth/create-account-page.tsx'));
const verifyRegistration = lazyPage(() => import('./features/auth/verify-registration-page.tsx'));
const registerAccount = lazyPage(() => import('./features/auth/register-account-page.tsx'));
const phoneLogin = lazyPage(() => import('./features/auth/phone-login-page.tsx'));
const socialLogin = lazyPage(() => import('./features/auth/social-login-page.tsx'));
const forgotPassword = lazyPage(() => import('./features/auth/forgot-password-page.tsx'));
const verifyReset = lazyPage(() => import('./features/auth/verify-reset-page.tsx'));
const resetPassword = lazyPage(() => import('./features/auth/reset-password-page.tsx'));
const devOutbox = lazyPage(() => import('./features/auth/dev-outbox-page.tsx'));
const userProfile = lazyPage(() => import('./features/account/profile-page.tsx'));
const settings = lazyPage(() => import('./features/account/settings-page.tsx'));
const undoChange = lazyPage(() => import('./features/account/undo-change-page.tsx'));
export const notFoundPage = lazyPage(() => import('./features/not-found/not-found-page.tsx'));
// The directory is composed in app/ with the location feature's "Set your area" prompt.
const vendorDirectory = lazyPage(() => import('./app/pages/vendor-directory-page.tsx'));
const vendorPage = lazyPage(() => import('./app/pages/vendor-page.tsx'));
const favoriteVendors = lazyPage(() => import('./features/directory/favorites-page.tsx'));
const admin = lazyPage(() => import('./features/admin/admin-page.tsx'));
// Vendor onboarding (KYC) and the vendor dashboard; /AddAddress is composed in app/ with the location picker's geocoder.
const basicInfo = lazyPage(() => import('./features/vendors/basic-info-page.tsx'));
const vendorDocument = lazyPage(() => import('./features/vendors/vendor-document-page.tsx'));
const bankDetails = lazyPage(() => import('./features/vendors/bank-details-page.tsx'));
const serviceTime = lazyPage(() => import('./features/vendors/service-time-page.tsx'));
const addAddress = lazyPage(() => import('./app/pages/add-address-page.tsx'));
const vendorDashboard = lazyPage(() => import('./features/vendor-dashboard/vendor-dashboard-page.tsx'));
// The shop's deals: created, listed by state, and their sales.
const vendorCreateDeal = lazyPage(() => import('./features/deals/vendor-create-deal-page.tsx'));
const myDeals = lazyPage(() => import('./features/deals/my-deals-page.tsx'));
const mySales = lazyPage(() => import('./features/deals/sales-page.tsx'));
const browseServices = lazyPage(() => import('./features/appointments/browse-services-page.tsx'));
const serviceDetails = lazyPage(() => import('./features/appointments/service-details-page.tsx'));
const bookAppointment = lazyPage(() => import('./features/appointments/book-appointment-page.tsx'));
const appointmentConfirmation = lazyPage(() => import('./features/appointments/appointment-confirmation-page.tsx'));
const customerBookings = lazyPage(() => import('./features/appointments/customer-bookings-page.tsx'));
const favoriteServices = lazyPage(() => import('./features/appointments/favorite-services-page.tsx'));
const vendorServices = lazyPage(() => import('./features/appointments/vendor-services-page.tsx'));
const vendorProviders = lazyPage(() => import('./features/appointments/vendor-providers-page.tsx'));
const providerForm = lazyPage(() => import('./features/appointments/provider-form-page.tsx'));
// /appointments is composed in app/ with the vendor profile's time zone.
const vendorAppointments = lazyPage(() => import('./app/pages/vendor-appointments-page.tsx'));
// Deals, as customers see them.
const popularDeals = lazyPage(() => import('./features/deals/popular-deals-page.tsx'));
const dealDetails = lazyPage(() => import('./features/deals/deal-details-page.tsx'));
const myPurchaseDeal = lazyPage(() => import('./features/deals/my-purchases-page.tsx'));
// Activities and participation (docs/decisions/0020).
const localActivities = lazyPage(() => import('./features/activities/local-activities-page.tsx'));
const activityDetails = lazyPage(() => import('./features/activities/activity-details-page.tsx'));
// /PostActivities is composed in app/ with the location picker's geocoder (finding the activity's place).
const postActivity = lazyPage(() => import('./app/pages/post-activity-page.tsx'));
const myActivities = lazyPage(() => import('./features/activities/my-activities-page.tsx'));
const activityRequests = lazyPage(() => import('./features/activities/activity-requests-page.tsx'));
const chat = lazyPage(() => import('./features/chat/chat-page.tsx'));
// /Discover mixes deals, activities, services and vendors near the person (app/: four features' cards on one map).
const discover = lazyPage(() => import('./app/pages/discover-page.tsx'));
// /MainMenu: the header's menus as a page (app/: the shell's groups, profile entries and the location picker).
const mainMenu = lazyPage(() => import('./app/pages/main-menu-page.tsx'));
const productFeatures = lazyPage(() => import('./features/product-features/product-features-page.tsx'));

const vendorOnly = ['vendor'] as const satisfies readonly Role[];
const userOnly = ['user'] as const satisfies readonly Role[];
const vendorOrUser = ['vendor', 'user'] as const satisfies readonly Role[];

const publicEntry = (path: string, title: string): AppRoute => ({ path, title, page: landing, guard: 'public', roles: [] });
const authRoute = (path: string, title: string, page: LazyPage): AppRoute => ({
  path,
  title,
  page,
  guard: 'auth',
  roles: [],
});
const protectedRoute = (path: string, title: string, roles: readonly Role[], page: LazyPage): AppRoute => ({
  path,
  title,
  page,
  guard: 'protected',
  roles,
});
/** "Public or user": visitors and users see it; a vendor is sent to its dashboard. */
const publicOrUser = (path: string, title: string, page: LazyPage): AppRoute => ({
  path,
  title,
  page,
  guard: 'public',
  roles: userOnly,
});

/** /MyActivities/{filterType?}'s filters (the contract's MyActivitiesFilter, written out for the same reason). */
const myActivitiesFilters = ['created', 'joined', 'requested', 'upcoming', 'past', 'deactivated'];
/** /MyDeals/{type?}'s types (the contract's MyDealsType, written out: this table does not load the schemas). */
const myDealsTypes = ['active', 'upcoming', 'expired', 'sold-out', 'paused'];

/** The products of /{product}Features, as their pages spell them (the feature's products.ts, written out: this table loads no page's data). */
const featureProducts = ['Activities', 'Deals', 'Services', 'Vendors'];

/** The product a "{product}Features" segment names, matched case-insensitively like every path; undefined for any other. */
function featureProductOf(segment: string | undefined): string | undefined {
  const named = /^(.+)features$/i.exec(segment ?? '')?.[1]?.toLowerCase();
  return featureProducts.find((product) => product.toLowerCase() === named);
}

/** "{product}Features" names one of the four products followed by "Features"; /FooFeatures is Not Found. */
export function isProductFeaturesSegment(segment: string | undefined): boolean {
  return featureProductOf(segment) !== undefined;
}

export const routes: readonly AppRoute[] = [
  publicEntry(paths.root, 'Home'),
  publicEntry(paths.home, 'Home'),

  authRoute(paths.login, 'Log in', login),
  authRoute(paths.createAccount, 'Create Account', createAccount),
  authRoute(paths.otpVerifyPage, 'Verify Code', verifyRegistration),
  authRoute(paths.phoneOtp, 'Log in with Phone', phoneLogin),
  authRoute(paths.resgisterAccount, 'Register Account', registerAccount),
  authRoute(paths.register, 'Register', registerAccount),
  authRoute(paths.socialLogin, 'Social Login', socialLogin),
  authRoute(paths.verifyOtp, 'Verify OTP', verifyRegistration),
  authRoute(paths.verifyOtpForgotPassword, 'Verify Reset Code', verifyReset),
  authRoute(paths.forgotPassword, 'Forgot Password', forgotPassword),
  authRoute(paths.resetPassword, 'Reset Password', resetPassword),

  protectedRoute(paths.vendorDashboard, 'Vendor Dashboard', vendorOnly, vendorDashboard),
  protectedRoute(paths.vendorServices, 'My Services', vendorOnly, vendorServices),
  protectedRoute(paths.vendorProviders, 'My Providers', vendorOnly, vendorProviders),
  protectedRoute(paths.vendorProviderAdd, 'Add Provider', vendorOnly, providerForm),
  protectedRoute(paths.vendorProviderEdit, 'Edit Provider', vendorOnly, providerForm),
  protectedRoute(paths.appointments, 'My Appointments', vendorOnly, vendorAppointments),
  protectedRoute(paths.vendorDealAdd, 'Create Deal', vendorOnly, vendorCreateDeal),
  // The type is one of the API's MyDealsType (none: all); another segment is Not Found.
  { ...protectedRoute(paths.myDeals, 'My Created Deals', vendorOnly, myDeals), accepts: (params) => params.type === undefined || myDealsTypes.includes(params.type.toLowerCase()) },
  protectedRoute(paths.mySalesDeal, 'My Sales', vendorOnly, mySales),

  protectedRoute(paths.userProfile, 'User Profile', userOnly, userProfile),
  protectedRoute(paths.vendorList, 'Browse Vendors', userOnly, vendorDirectory),
  protectedRoute(paths.postActivities, 'Create Activity', userOnly, postActivity),
  // The filter is one of the API's MyActivitiesFilter (none: created); another segment is Not Found.
  {
    ...protectedRoute(paths.myActivities, 'My Created Activities', userOnly, myActivities),
    accepts: (params) => params.filterType === undefined || myActivitiesFilters.includes(params.filterType.toLowerCase()),
  },
  protectedRoute(paths.myPurchaseDeal, 'My Orders', userOnly, myPurchaseDeal),
  protectedRoute(paths.customerBookings, 'My Bookings', userOnly, customerBookings),
  protectedRoute(paths.servicesBrowse, 'Browse Services', userOnly, browseServices),
  protectedRoute(paths.servicesFavorite, 'Favorite Services', userOnly, favoriteServices),
  protectedRoute(paths.favorite, 'Favorite Vendors', userOnly, favoriteVendors),
  protectedRoute(paths.customerAppointment, 'Book an Appointment', userOnly, bookAppointment),
  protectedRoute(paths.appointmentConfirmation, 'Appointment Confirmation', userOnly, appointmentConfirmation),
  protectedRoute(paths.activityRequests, 'Activity Requests', userOnly, activityRequests),
  protectedRoute(paths.chat, 'Activity Chat', userOnly, chat),

  publicOrUser(paths.appDownload, 'Get the App', lazyPage(() => import('./features/app-download/app-download-page.tsx'))),
  publicOrUser(paths.activitiesDetails, 'Activity Details', activityDetails),
  // Listed both as "public or user" and as "vendor or user": visitors, users and vendors all see it.
  { path: paths.dealDetails, title: 'Deal Details', page: dealDetails, guard: 'public', roles: vendorOrUser },
  // A vendor is sent to its dashboard from others' pages, but previews its own as customers see it.
  { ...publicOrUser(paths.vendorProfile, 'Vendor', vendorPage), ownerParam: 'userId' },
  publicOrUser(paths.popularDeals, 'Popular Deals', popularDeals),
  publicOrUser(paths.localActivities, 'Local Activities', localActivities),
  publicOrUser(paths.vendor, 'Find Vendors', vendorDirectory),

  protectedRoute(paths.discover, 'Discover', vendorOrUser, discover),
  protectedRoute(paths.mainMenu, 'Main Menu', vendorOrUser, mainMenu),
  {
    ...protectedRoute(paths.productFeatures, 'Features', vendorOrUser, productFeatures),
    title: (params) => `${featureProductOf(params.productFeatures) ?? ''} Features`,
    accepts: (params) => isProductFeaturesSegment(params.productFeatures),
  },
  protectedRoute(paths.contactSupport, 'Help & Support', vendorOrUser, lazyPage(() => import('./features/support/contact-support-page.tsx'))),
  protectedRoute(paths.settings, 'Settings', vendorOrUser, settings),
  protectedRoute(paths.basicInfo, 'Vendor Profile', vendorOrUser, basicInfo),
  protectedRoute(paths.vendorDocument, 'Vendor Documents', vendorOrUser, vendorDocument),
  protectedRoute(paths.bankDetails, 'Bank Details', vendorOrUser, bankDetails),
  protectedRoute(paths.serviceTime, 'Service Hours', vendorOrUser, serviceTime),
  protectedRoute(paths.addAddress, 'Add Address', vendorOrUser, addAddress),
  protectedRoute(paths.serviceDetails, 'Service Details', vendorOrUser, serviceDetails),

  // Beyond the spec's table: development help, public (the page says when the server has it off).
  { path: paths.devOutbox, title: 'Developer outbox', page: devOutbox, guard: 'public', roles: [] },
  // Beyond the spec's table: the old contact undoes a change of e-mail or phone; signed in or not, any role.
  { path: paths.undoChange, title: 'Undo a change', page: undoChange, guard: 'public', roles: [] },
  // Beyond the spec's table: operators review vendors. Any signed-in role reaches it; the page checks is_operator.
  protectedRoute(paths.admin, 'Vendor review', [], admin),

  { path: '*', title: 'Page not found', page: notFoundPage, guard: 'public', roles: [] },
];

/**
 * Starts downloading the page the address names, before React's first render: its chunk then loads beside the
 * shell's work instead of after it. Guards still decide what shows; a page preloaded for nothing costs one download.
 * Settles once the page is in (or its download failed).
 */
export function preloadPageAt(pathname: string): Promise<void> {
  const match = matchRoutes(routes as AppRoute[], pathname)?.at(-1);
  return match ? match.route.page.preload() : Promise.resolve();
}
