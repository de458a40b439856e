// The search module's public surface: its route (one search across deals, activities, services and vendors).
export { searchRoutes } from './routes.ts';
