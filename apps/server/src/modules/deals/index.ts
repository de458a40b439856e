// The deals module's public surface: its routes (deals, purchases, QR fulfilment, sales, ratings).
export { dealsRoutes } from './routes.ts';
export { dealsNear } from './near.ts';
