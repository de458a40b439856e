/**
 * The database schema, one file a domain under schema/ (accounts and sessions, vendors and their KYC, the directory's
 * ratings and favorites, notifications, realtime tickets, services and appointments, durable jobs). drizzle-kit reads it from here; code imports tables from here.
 */
export * from './schema/accounts.ts';
export * from './schema/vendors.ts';
export * from './schema/directory.ts';
export * from './schema/notifications.ts';
export * from './schema/realtime.ts';
export * from './schema/appointments.ts';
export * from './schema/jobs.ts';
export * from './schema/deals.ts';
export * from './schema/activities.ts';
export * from './schema/chat.ts';
export * from './schema/support.ts';
