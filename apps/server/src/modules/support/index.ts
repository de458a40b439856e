// The support module's public surface: its routes.
export { supportRoutes } from './routes.ts';
