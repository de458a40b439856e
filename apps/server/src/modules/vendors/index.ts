// The vendors (KYC) module's public surface: its routes, the vendor profile as others read it, revisions, and the push of a changed status.
export { vendorsRoutes } from './routes.ts';
export { formatAddress, formatMinutes, loadProposedChanges, loadServiceTime, loadVendorProfile, ratingAverage, toVendorAddress } from './profile.ts';
export { discardRevision, publishRevision } from './revisions.ts';
export { isApprovedVendor, requireApprovedVendor } from './approved.ts';
export { pushVendorStatus } from './status-push.ts';
