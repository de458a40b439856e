import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { useProfile } from '../features/account/api/get-profile.ts';
import { useAuth } from '../session/auth-context.tsx';
import { dangerMenuItemClass, menuItemClass, menuPanelClass } from './nav-dropdown.tsx';
import { markerClass } from './marker-class.ts';
import { useProfileEntries } from './profile-entries.ts';

type ProfileMenuProps = { view: 'user' | 'vendor'; onRequestLogout: () => void };

/** The header's account dropdown (Headless UI Menu: arrow keys, Escape, typeahead). */
export function ProfileMenu({ view, onRequestLogout }: ProfileMenuProps) {
  const { userData } = useAuth();
  const entries = useProfileEntries(view, onRequestLogout);
  const profile = useProfile().data;
  const email = profile ? profile.email : (userData?.user?.email ?? null);
  const thumbnail = profile?.profile_thumbnail ?? profile?.profile_image ?? null;
  const initial = ((profile?.first_name || profile?.username || email)?.trim()[0] ?? (view === 'vendor' ? 'V' : 'U')).toUpperCase();

  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label="Profile menu"
        className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 hover:bg-slate-100 data-open:bg-slate-100"
      >
        {thumbnail ? (
          <img src={thumbnail} alt="" data-testid="header-avatar" className="size-9 rounded-full object-cover ring-1 ring-slate-200" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-linear-to-br from-teal-700 to-emerald-700 text-sm font-semibold text-white"
          >
            {initial}
          </span>
        )}
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </MenuButton>
      <MenuItems transition className={`${menuPanelClass} right-0 w-64`}>
        <div className="px-3 py-2">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {view === 'vendor' ? 'Vendor account' : 'Signed in'}
          </p>
          {profile?.username && <p className="truncate text-sm font-medium text-slate-900">{profile.username}</p>}
          {email && <p className="truncate text-sm text-slate-600">{email}</p>}
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        {entries.map((entry) => {
          const Icon = entry.icon;
          const label = (
            <span className="flex items-center gap-2.5">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              {entry.name}
            </span>
          );
          if (entry.kind === 'link') {
            return (
              <MenuItem key={entry.name}>
                <Link to={entry.path} className={menuItemClass}>
                  {label}
                </Link>
              </MenuItem>
            );
          }
          if (entry.kind === 'soon') {
            return (
              <MenuItem key={entry.name} disabled>
                <span className={menuItemClass}>
                  {label}
                  {' '}
                  <span className="badge bg-slate-100 text-slate-600">Soon</span>
                </span>
              </MenuItem>
            );
          }
          return (
            <MenuItem key={entry.name}>
              <button
                type="button"
                onClick={entry.onSelect}
                className={entry.danger ? dangerMenuItemClass : menuItemClass}
              >
                {label}
                {entry.marker && ' '}
                {entry.marker && <span className={`badge ${markerClass(entry.marker)}`}>{entry.marker}</span>}
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
