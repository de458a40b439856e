// The directory module's public surface.
export { directoryRoutes } from './routes.ts';
export { listVendors } from './list.ts';
