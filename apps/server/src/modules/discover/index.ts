// The discover module's public surface: its route (what is near a person, every kind on one page, by theme).
export { discoverRoutes } from './routes.ts';
