// The social module's public surface.
export { socialRoutes } from './routes.ts';
