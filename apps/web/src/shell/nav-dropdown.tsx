import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import type { NavGroup } from './nav-data.ts';

export const menuPanelClass =
  'absolute z-50 mt-2 min-w-56 origin-top rounded-2xl border border-slate-200 bg-white p-1.5 shadow-lg ring-1 ring-black/5 focus:outline-none transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0';

const menuItemBase =
  'flex w-full items-center justify-between gap-3 rounded-xl px-3 py-2 text-left text-sm data-disabled:cursor-not-allowed data-disabled:opacity-60';

export const menuItemClass = `${menuItemBase} text-slate-700 data-focus:bg-teal-50 data-focus:text-teal-900`;

/** For a destructive entry such as Logout. */
export const dangerMenuItemClass = `${menuItemBase} text-red-700 data-focus:bg-red-50 data-focus:text-red-800`;

/** One desktop header group: a keyboard-accessible dropdown of links (Headless UI Menu). */
export function NavDropdown({ group }: { group: NavGroup }) {
  const Icon = group.icon;
  return (
    <Menu as="div" className="relative">
      <MenuButton className="btn-ghost gap-1.5 whitespace-nowrap px-2.5 data-open:bg-slate-100 data-open:text-slate-900">
        <Icon aria-hidden="true" className="size-4 text-teal-700" />
        {group.name}
        <ChevronDown aria-hidden="true" className="size-3.5 text-slate-400" />
      </MenuButton>
      <MenuItems transition className={`${menuPanelClass} left-0`}>
        {group.items.map((item) =>
          item.comingsoon ? (
            <MenuItem key={item.id ?? item.name} disabled>
              <span className={menuItemClass}>
                {item.name}
                {' '}
                <span className="badge bg-slate-100 text-slate-600">Soon</span>
              </span>
            </MenuItem>
          ) : (
            <MenuItem key={item.id ?? item.name}>
              <Link to={item.path} className={menuItemClass}>
                {item.name}
              </Link>
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  );
}
