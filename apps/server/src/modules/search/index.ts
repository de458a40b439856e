// The search module's public surface: its route (one search across deals, activities, services and vendors), and the
// signed-in person's marks over a shared answer (/Discover's too).
export { searchRoutes } from './routes.ts';
export { withCallersMarks } from './personal.ts';
