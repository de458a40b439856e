// The health module's public surface.
export { healthRoutes } from './routes.ts';
