import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Images the caller uploaded, all of them or a 400 naming each that is not: someone else's image (or none at all)
 * answers like one that does not exist. `field` is the body's field (`image_ids`, `photo_id`).
 */
export async function requireOwnImages(tx: Db | Tx, userId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const mine = new Set((await tx.select({ id: media.id }).from(media).where(and(inArray(media.id, [...ids]), eq(media.ownerId, userId)))).map((r) => r.id));
  const missing = ids.flatMap((id, i) => (mine.has(id) ? [] : [i]));
  if (missing.length === 0) return;
  const message = 'Upload the image first: it is not among your uploads.';
  const fields = Object.fromEntries(missing.map((i) => [field === 'photo_id' ? field : `${field}.${i}`, message]));
  throw new AppError('IMAGE_NOT_FOUND', message, fields);
}
