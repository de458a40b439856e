import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { House, Repeat, ScanLine, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { Logo } from './logo.tsx';
import type { NavGroup, NavItem } from './nav-data.ts';
import { markerClass } from './marker-class.ts';
import type { ProfileEntry } from './profile-entries.ts';
import { useSwitchView } from './use-switch-view.ts';

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

const linkBase = 'flex items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-[0.95rem]';
const linkClass = `${linkBase} text-slate-700 hover:bg-slate-50 hover:text-slate-900`;
const dangerLinkClass = `${linkBase} text-red-700 hover:bg-red-50 hover:text-red-800`;
const accentLinkClass = `${linkBase} font-medium text-teal-800 hover:bg-teal-50`;

/** The slide-in side menu of narrower windows (below 1024 px for visitors, 1280 px signed in): the header's links, in sections. */
export function MobileMenu({ open, onClose, logoTo, links = [], groups = [], account = [], footer, onScan, top }: MobileMenuProps) {
  const switcher = useSwitchView();
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
            {links.length > 0 && (
              <ul className="space-y-0.5">
                {links.map((item) => (
                  <li key={item.id ?? item.name}>
                    <Link to={item.path} onClick={onClose} className={linkClass}>
                      <span className="flex items-center gap-2.5">
                        {item.name === 'Home' && <House aria-hidden="true" className="size-4 text-teal-700" />}
                        {item.name}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}

            {groups.map((group) => {
              const Icon = group.icon;
              return (
                <section key={group.name} className="mt-4" aria-labelledby={`mobile-${group.name}`}>
                  <h2
                    id={`mobile-${group.name}`}
                    className="flex items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    <Icon aria-hidden="true" className="size-3.5" />
                    {group.name}
                  </h2>
                  <ul className="mt-1 space-y-0.5">
                    {group.items.map((item) => (
                      <li key={item.id ?? item.name}>
                        <Link to={item.path} onClick={onClose} className={linkClass}>
                          {item.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}

            {(account.length > 0 || switcher || onScan) && (
              <section className="mt-4 border-t border-slate-100 pt-4" aria-labelledby="mobile-account">
                <h2 id="mobile-account" className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  Account
                </h2>
                <ul className="mt-1 space-y-0.5">
                  {switcher && (
                    <li>
                      <button
                        type="button"
                        className={`${accentLinkClass} w-full`}
                        onClick={() => {
                          onClose();
                          switcher.switchTo(switcher.current === 'vendor' ? 'user' : 'vendor');
                        }}
                      >
                        <span className="flex items-center gap-2.5">
                          <Repeat aria-hidden="true" className="size-4" />
                          {switcher.current === 'vendor' ? 'Switch to User' : 'Switch to Vendor'}
                        </span>
                      </button>
                    </li>
                  )}
                  {onScan && (
                    <li>
                      <button
                        type="button"
                        className={`${linkClass} w-full`}
                        onClick={() => {
                          onClose();
                          onScan();
                        }}
                      >
                        <span className="flex items-center gap-2.5">
                          <ScanLine aria-hidden="true" className="size-4 text-slate-500" />
                          Scan
                        </span>
                      </button>
                    </li>
                  )}
                  {account.map((entry) => (
                    <li key={entry.name}>
                      <MobileAccountEntry entry={entry} onClose={onClose} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </nav>

          {footer && <div className="border-t border-slate-100 p-4">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function MobileAccountEntry({ entry, onClose }: { entry: ProfileEntry; onClose: () => void }) {
  const Icon = entry.icon;
  const label = (
    <span className="flex items-center gap-2.5">
      <Icon aria-hidden="true" className="size-4 text-slate-500" />
      {entry.name}
    </span>
  );
  if (entry.kind === 'link') {
    return (
      <Link to={entry.path} onClick={onClose} className={linkClass}>
        {label}
      </Link>
    );
  }
  if (entry.kind === 'soon') {
    return (
      <button type="button" disabled className={`${linkClass} w-full cursor-not-allowed opacity-60`}>
        {label}
        {' '}
        <span className="badge bg-slate-100 text-slate-600">Soon</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`${entry.danger ? dangerLinkClass : linkClass} w-full`}
      onClick={() => {
        onClose();
        entry.onSelect();
      }}
    >
      {label}
      {entry.marker && ' '}
      {entry.marker && <span className={`badge ${markerClass(entry.marker)}`}>{entry.marker}</span>}
    </button>
  );
}

export const userHomeEntry: NavItem = { name: 'Home', path: paths.localActivities };
