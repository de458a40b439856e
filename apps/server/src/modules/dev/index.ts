// The dev module's public surface.
export { devRoutes } from './routes.ts';
