import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../paths.ts';
import { Logo } from './logo.tsx';
import { MenuAccount, MenuGroup, MenuLinks } from './menu-sections.tsx';
import type { NavGroup, NavItem } from './nav-data.ts';
import type { ProfileEntry } from './profile-entries.ts';

type MobileMenuProps = {
  open: boolean;
  onClose: () => void;
  logoTo: string;
  /** Loose links shown first (the public header's links, or the user's Home entry). */
  links?: NavItem[];
  groups?: NavGroup[];
  account?: ProfileEntry[];
  /** Extra controls at the end (the public Sign Up / Login buttons). */
  footer?: ReactNode;
  /** Shows the Scan entry (vendors): it opens the QR scanner once the menu is closed. */
  onScan?: (() => void) | undefined;
  /** Shown first in the menu (the user view's location picker). */
  top?: ReactNode;
};

/** The slide-in side menu of narrower windows (below 1024 px for visitors, 1280 px signed in): the header's links, in sections. */
export function MobileMenu({ open, onClose, logoTo, links = [], groups = [], account = [], footer, onScan, top }: MobileMenuProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          data-testid="mobile-menu"
          className="flex h-full w-full max-w-xs flex-col bg-white shadow-xl transition duration-200 ease-out data-closed:translate-x-full"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
            <Logo to={logoTo} onClick={onClose} />
            <DialogTitle className="sr-only">Menu</DialogTitle>
            <button type="button" onClick={onClose} className="btn-ghost -mr-2 p-2" aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>

          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            {top && <div className="mb-3 border-b border-slate-100 pb-3">{top}</div>}
            <MenuLinks items={links} look="drawer" onFollow={onClose} />
            {groups.map((group) => (
              <MenuGroup key={group.name} group={group} idPrefix="mobile" look="drawer" onFollow={onClose} />
            ))}
            <MenuAccount
              idPrefix="mobile"
              entries={account}
              onScan={onScan}
              look="drawer"
              onFollow={onClose}
              className="border-t border-slate-100 pt-4"
            />
          </nav>

          {footer && <div className="border-t border-slate-100 p-4">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

export const userHomeEntry: NavItem = { name: 'Home', path: paths.localActivities };
