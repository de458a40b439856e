import { initialsOf } from '../format.ts';

type VendorLogoProps = { name: string; logo: string | null; size?: 'md' | 'lg' };

const sizes = { md: 'size-14 rounded-2xl text-lg', lg: 'size-20 rounded-3xl text-2xl sm:size-24' } as const;

/** The vendor's logo, or its initials on a tinted square when it has none. */
export function VendorLogo({ name, logo, size = 'md' }: VendorLogoProps) {
  if (logo) {
    return <img src={logo} alt="" className={`${sizes[size]} shrink-0 bg-slate-100 object-cover ring-1 ring-slate-200`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} flex shrink-0 items-center justify-center bg-linear-to-br from-teal-700 to-emerald-700 font-semibold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
