import { endpoints } from '@localloop/contract';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import {
  addPhotos,
  galleryForOperator,
  myGallery,
  removePhoto,
  reorderPhotos,
  setCover,
  takeDownPhoto,
  updateCaption,
  type VendorPhotosDeps,
} from './service.ts';

/** A vendor's own photos (the cover and the gallery), each route on the caller's vendor only; and operators' take-downs. */
export async function vendorPhotosRoutes(app: App, ctx: AppContext) {
  const deps: VendorPhotosDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  route(app, endpoints.myVendorPhotos, ({ userId }) => myGallery(deps, userId));
  route(app, endpoints.addVendorPhotos, ({ userId, body }) => addPhotos(deps, userId, body));
  route(app, endpoints.reorderVendorPhotos, ({ userId, body }) => reorderPhotos(deps, userId, body.photo_ids));
  route(app, endpoints.updateVendorPhoto, ({ userId, params, body }) => updateCaption(deps, userId, params.id, body.caption));
  route(app, endpoints.setVendorCover, ({ userId, params }) => setCover(deps, userId, params.id));
  route(app, endpoints.removeVendorPhoto, ({ userId, params }) => removePhoto(deps, userId, params.id));

  route(app, endpoints.adminVendorPhotos, ({ userId, params }) => galleryForOperator(deps, userId, params.id));
  route(app, endpoints.takeDownVendorPhoto, async ({ userId, params, body, request }) => {
    const { gallery, removedKeys } = await takeDownPhoto(deps, { operatorId: userId, vendorId: params.id, photoId: params.photo_id, reason: body.reason });
    // The rows are gone; a file that cannot be removed now is only an orphan, unreachable from any page.
    await Promise.all(removedKeys.map((key) => ctx.storage.delete(key).catch((err: unknown) => request.log.warn({ err, key }, 'could not delete a file'))));
    return gallery;
  });
}
