// The geo module's public surface: its routes, and the time zone at a point (for vendors' addresses).
export { geoRoutes } from './routes.ts';
export { timeZoneAt } from './time-zones.ts';
