// The uploads module's public surface: the image upload route, the public media files, and images as responses show them.
export { registerMediaFiles, uploadRoutes } from './routes.ts';
export { keysOfImage, toResponsiveImage, type StoredImage } from './images.ts';
export { createImageWork, uploadImages, type UploadDeps } from './service.ts';
export { requireOwnImages } from './own-images.ts';
