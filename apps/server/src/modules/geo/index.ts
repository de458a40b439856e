// The geo module's public surface.
export { geoRoutes } from './routes.ts';
