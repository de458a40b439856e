// The activities module's public surface: its routes (activities, the near-me list, participation).
export { activitiesRoutes } from './routes.ts';
export { activitiesNear } from './near.ts';
export { myStateOf } from './shared.ts';
