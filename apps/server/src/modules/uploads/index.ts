// The uploads module's public surface: the image upload route and the public media files.
export { registerMediaFiles, uploadRoutes } from './routes.ts';
