/**
 * Every path of the spec's route table, typed once. Links and redirects use these; routes.tsx
 * builds the route table from them. Spelling and casing are the spec's, to the letter.
 */
export const paths = {
  root: '/',
  home: '/Home',

  // Auth routes
  login: '/login',
  createAccount: '/createAccount',
  otpVerifyPage: '/OtpVerifyPage',
  phoneOtp: '/PhoneOtp',
  resgisterAccount: '/resgisterAccount',
  register: '/Register',
  socialLogin: '/SocialLogin',
  verifyOtp: '/VerifyOtp',
  verifyOtpForgotPassword: '/VerifyOtpForgotPassword',
  forgotPassword: '/ForgotPassword',
  resetPassword: '/ResetPassword',

  // Vendor only
  vendorDashboard: '/vendor/dashboard',
  vendorServices: '/vendor/services',
  vendorProviders: '/vendor/providers',
  vendorProviderAdd: '/vendor/providers/add',
  vendorProviderEdit: '/vendor/providers/edit/:providerId',
  appointments: '/appointments',
  vendorDealAdd: '/vendor/deal/add',
  myDeals: '/MyDeals/:type?',
  mySalesDeal: '/mySalesDeal',

  // User only
  userProfile: '/UserProfile',
  vendorList: '/VendorList',
  postActivities: '/PostActivities',
  myActivities: '/MyActivities/:filterType?',
  myPurchaseDeal: '/mypurchasedeal',
  customerBookings: '/customer/bookings',
  servicesBrowse: '/services/browse',
  servicesFavorite: '/services/favorite',
  favorite: '/Favorite',
  customerAppointment: '/customer/appointment/:serviceId',
  appointmentConfirmation: '/appointment/confirmation/:appointmentId',
  activityRequests: '/ActivityRequests/:activityId',
  chat: '/chat/:activityId/:chatroomId',

  // Public or user
  appDownload: '/appDownload',
  activitiesDetails: '/ActivitiesDetails/:activityId',
  dealDetails: '/DealDetails/:deal_uuid',
  vendorProfile: '/vendor/:userId',
  popularDeals: '/PopularDeals',
  localActivities: '/LocalActivities',
  vendor: '/Vendor',

  // Vendor or user
  discover: '/Discover',
  mainMenu: '/MainMenu',
  /** The spec's /{product}Features: one dynamic segment that must end in "Features". */
  productFeatures: '/:productFeatures',
  contactSupport: '/ContactSupport',
  settings: '/Settings',
  basicInfo: '/BasicInfo',
  vendorDocument: '/VendorDocument',
  bankDetails: '/BankDetails',
  serviceTime: '/ServiceTime',
  addAddress: '/AddAddress',
  serviceDetails: '/services/:serviceId',

  // Not in the spec's table: development only (the page says so when the server has it off).
  devOutbox: '/dev/outbox',
  // Not in the spec's table: the operators' vendor review.
  admin: '/admin',
  // Not in the spec's table: the link sent to an old e-mail or phone after a change (its token in the #fragment).
  undoChange: '/undo-change',
} as const;

/** The spec writes these header links in lower case; the router matches paths case-insensitively. */
export const headerLinks = {
  home: '/home',
  vendors: '/vendor',
} as const;

/** Path builders for the routes that take parameters. */
export const to = {
  myDeals: (type?: string) => (type ? `/MyDeals/${encodeURIComponent(type)}` : '/MyDeals'),
  myActivities: (filterType?: string) =>
    filterType ? `/MyActivities/${encodeURIComponent(filterType)}` : '/MyActivities',
  vendorProviderEdit: (providerId: string) => `/vendor/providers/edit/${encodeURIComponent(providerId)}`,
  customerAppointment: (serviceId: string) => `/customer/appointment/${encodeURIComponent(serviceId)}`,
  appointmentConfirmation: (appointmentId: string) =>
    `/appointment/confirmation/${encodeURIComponent(appointmentId)}`,
  activityRequests: (activityId: string) => `/ActivityRequests/${encodeURIComponent(activityId)}`,
  chat: (activityId: string, chatroomId: string) =>
    `/chat/${encodeURIComponent(activityId)}/${encodeURIComponent(chatroomId)}`,
  activitiesDetails: (activityId: string) => `/ActivitiesDetails/${encodeURIComponent(activityId)}`,
  dealDetails: (dealUuid: string) => `/DealDetails/${encodeURIComponent(dealUuid)}`,
  vendorProfile: (userId: string) => `/vendor/${encodeURIComponent(userId)}`,
  productFeatures: (product: string) => `/${encodeURIComponent(product)}Features`,
  serviceDetails: (serviceId: string) => `/services/${encodeURIComponent(serviceId)}`,
  /** The developer outbox, filtered to one recipient when given. */
  devOutbox: (recipient?: string) => (recipient ? `/dev/outbox?to=${encodeURIComponent(recipient)}` : '/dev/outbox'),
  /** A code-entry page with the e-mail as a fallback for when the router state is gone (reload, new tab). */
  withEmail: (path: string, email: string) => `${path}?email=${encodeURIComponent(email)}`,
} as const;
