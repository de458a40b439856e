import type { ActivityPerson } from '@localloop/contract';
import { ResponsiveImage } from './responsive-image.tsx';

/** A person's picture, or the first letter of their name on a tint. */
export function PersonAvatar({ person, size = 'md' }: { person: ActivityPerson; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'size-8 text-xs' : 'size-10 text-sm';
  return (
    <ResponsiveImage
      image={person.avatar}
      alt=""
      sizes={size === 'sm' ? '2rem' : '2.5rem'}
      aspectRatio="1 / 1"
      className={`${box} shrink-0 overflow-hidden rounded-full bg-slate-100`}
      fallback={
        <span aria-hidden="true" className="flex size-full items-center justify-center bg-teal-100 font-semibold text-teal-800">
          {person.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      }
    />
  );
}

/** A person with their picture and name. */
export function PersonChip({ person, note }: { person: ActivityPerson; note?: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <PersonAvatar person={person} />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">{person.name}</span>
        {note && <span className="block text-xs text-slate-600">{note}</span>}
      </span>
    </span>
  );
}
