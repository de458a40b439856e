import { alias } from 'drizzle-orm/pg-core';
import type { ActivityPerson } from '@localloop/contract';
import { media, users } from '../../db/schema.ts';
import { toResponsiveImage, type StoredImage } from '../uploads/index.ts';

/** The profile picture of a person selected with personColumns: join it on users.profile_image_id. */
export const avatar = alias(media, 'person_avatar');

/** A person as others see them (activities, chat): first name (or username) and picture. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  username: users.username,
  avatarKey: avatar.storageKey,
  avatarWidth: avatar.width,
  avatarHeight: avatar.height,
  avatarVariants: avatar.variants,
};
export type PersonBits = { id: string; firstName: string; username: string | null; avatarKey: string | null; avatarWidth: number | null; avatarHeight: number | null; avatarVariants: StoredImage['variants'] | null };

export function toPerson(p: PersonBits, mediaUrl: (key: string) => string): ActivityPerson {
  const image = p.avatarKey && p.avatarWidth && p.avatarHeight ? toResponsiveImage({ key: p.avatarKey, width: p.avatarWidth, height: p.avatarHeight, variants: p.avatarVariants ?? [] }, mediaUrl) : null;
  return { id: p.id, name: p.firstName.trim() || p.username || 'Member', avatar: image };
}
