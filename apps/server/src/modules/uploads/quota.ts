import { and, asc, eq, gt, sql, sum } from 'drizzle-orm';
import { takeTurn, type Db, type Tx } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import type { UploadLimits } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { RetryLaterError } from '../../lib/work-queue.ts';

/**
 * Per-account upload quota, counted from the `media` table so that every server process agrees: images uploaded in
 * the last 24 hours (a rolling window, not a calendar day) and bytes of images kept.
 */
export type QuotaLimits = Pick<UploadLimits, 'dailyImages' | 'storageBytes'>;

const window = sql`now() - interval '24 hours'`;

/**
 * Refuses an upload of `images` images, `bytes` bytes once encoded, that would take the account past its quota:
 * 429 with Retry-After for the daily count, 413 for the storage allowance (waiting does not help there).
 * Called without a lock before any work, to refuse early, and again under `lockQuota` where the rows are written.
 */
export async function assertWithinQuota(db: Db | Tx, ownerId: string, upload: { images: number; bytes: number }, limits: QuotaLimits) {
  const [usage] = await db
    .select({ recent: sql<number>`count(*) FILTER (WHERE ${media.createdAt} > ${window})`.mapWith(Number), stored: sum(media.bytes).mapWith(Number) })
    .from(media)
    .where(eq(media.ownerId, ownerId));
  const recent = usage?.recent ?? 0;
  const stored = usage?.stored ?? 0;

  if (recent + upload.images > limits.dailyImages) {
    const seconds = await secondsUntilRoomFor(db, ownerId, recent + upload.images - limits.dailyImages);
    const left = Math.max(0, limits.dailyImages - recent);
    const when = `in ${inWords(seconds)}`;
    const message =
      left === 0
        ? `You have uploaded ${limits.dailyImages} images in the last 24 hours, the most allowed. You can upload more ${when}.`
        : `You can upload ${left} more ${left === 1 ? 'image' : 'images'} now (at most ${limits.dailyImages} in 24 hours) and this upload has ${upload.images}. Choose fewer, or try again ${when}.`;
    throw new RetryLaterError('UPLOAD_QUOTA_EXCEEDED', message, seconds, { images: message });
  }
  // Once the allowance is used up nothing fits, whatever its size.
  if (stored + upload.bytes > limits.storageBytes || stored >= limits.storageBytes) {
    const allowance = megabytes(limits.storageBytes);
    const message =
      stored >= limits.storageBytes
        ? `Your images take up all of the ${allowance} an account may keep, so no more can be uploaded.`
        : `Your images take up ${megabytes(stored)} of the ${allowance} an account may keep, and these would not fit. Upload fewer or smaller images.`;
    throw new AppError('STORAGE_QUOTA_EXCEEDED', message, { images: message });
  }
}

/**
 * Serialises the quota check and the insert of one account's uploads across every process and connection, until
 * the transaction ends. Other accounts, and everything else done to this one, are not held up.
 */
export async function lockQuota(tx: Tx, ownerId: string) {
  await takeTurn(tx, `media-quota:${ownerId}`);
}

/** When the `over`-th oldest upload of the window leaves it, so that this upload fits; at least a second. */
async function secondsUntilRoomFor(db: Db | Tx, ownerId: string, over: number): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`extract(epoch from ${media.createdAt} + interval '24 hours' - now())`.mapWith(Number) })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), gt(media.createdAt, window)))
    .orderBy(asc(media.createdAt))
    .offset(over - 1)
    .limit(1);
  return Math.max(1, Math.ceil(row?.seconds ?? 24 * 3600));
}

function inWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return 'a minute';
  if (minutes < 90) return `${minutes} minutes`;
  return `about ${Math.round(minutes / 60)} hours`;
}

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
}
