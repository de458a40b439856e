import { Link } from 'react-router';

type Tone = 'dark' | 'light';
type LogoProps = { to: string; onClick?: () => void; tone?: Tone };

const logoClass = (light: boolean) => `flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight ${light ? 'text-white' : 'text-slate-900'}`;

/** The mark and the name, without a link: the header placeholder shows it before the app knows where home is. */
function LogoMark({ light }: { light: boolean }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className={light ? 'fill-teal-500' : 'fill-teal-700'} />
        <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="16" cy="16" r="2.5" fill="#fff" />
      </svg>
      <span>
        Local<span className={light ? 'text-teal-300' : 'text-teal-700'}>Loop</span>
      </span>
    </>
  );
}

/** The LocalLoop mark and name; `to` is the role's home as the spec gives it per header. */
export function Logo({ to, onClick, tone = 'dark' }: LogoProps) {
  const light = tone === 'light';
  return (
    <Link to={to} onClick={onClick} className={logoClass(light)}>
      <LogoMark light={light} />
    </Link>
  );
}

/** The mark and name as a picture only (hidden from assistive technology), where no link can be given yet. */
export function LogoPicture() {
  return (
    <span aria-hidden="true" className={logoClass(false)}>
      <LogoMark light={false} />
    </span>
  );
}
