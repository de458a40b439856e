import type { Profile } from '@localloop/contract';

/** The profile photo, or the first letter of the name, username or e-mail on a coloured disc. */
export function Avatar({ profile, previewUrl, size = 'size-24 text-3xl' }: { profile: Profile; previewUrl?: string | null; size?: string }) {
  const src = previewUrl ?? profile.profile_thumbnail ?? profile.profile_image;
  if (src) return <img src={src} alt="" data-testid="profile-photo" className={`${size} rounded-full object-cover ring-1 ring-slate-200`} />;
  const name = profile.first_name || profile.username || profile.email || profile.phone_number || 'U';
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-teal-700 to-emerald-700 font-semibold text-white`}
    >
      {(name.trim()[0] ?? 'U').toUpperCase()}
    </span>
  );
}
