// The vendor photos module's public surface: its routes (a vendor's cover and gallery) and the gallery as responses show it.
export { vendorPhotosRoutes } from './routes.ts';
export { loadGallery } from './service.ts';
