import { ChevronRight, House, Repeat, ScanLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NavGroup, NavItem } from './nav-data.ts';
import { markerClass } from './marker-class.ts';
import type { ProfileEntry } from './profile-entries.ts';
import { useSwitchView } from './use-switch-view.ts';

/**
 * The header's menus as lists of links in titled sections, shared by the side menu (drawer) and the /MainMenu page
 * (page: each section a card, roomier headings). `onFollow` runs before a link or an action (the drawer closes).
 */
export type MenuLook = 'drawer' | 'page';

type Look = { section: string; heading: string; headingIcon: string; list: string; chevron: boolean };

const looks: Record<MenuLook, Look> = {
  drawer: {
    section: 'mt-4',
    heading: 'flex items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500',
    headingIcon: 'size-3.5',
    list: 'mt-1 space-y-0.5',
    chevron: false,
  },
  page: {
    section: 'rounded-2xl border border-slate-200 bg-white p-2 shadow-sm',
    heading: 'flex items-center gap-2 px-3 pt-2 pb-1 text-base font-semibold text-slate-900',
    headingIcon: 'size-4 text-teal-700',
    list: 'space-y-0.5',
    chevron: true,
  },
};

const linkBase = 'flex items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-[0.95rem]';
const linkClass = `${linkBase} text-slate-700 hover:bg-slate-50 hover:text-slate-900`;
const dangerLinkClass = `${linkBase} text-red-700 hover:bg-red-50 hover:text-red-800`;
const accentLinkClass = `${linkBase} font-medium text-teal-800 hover:bg-teal-50`;

type Follow = { look: MenuLook; onFollow?: (() => void) | undefined };

type EntryLabelProps = { look: MenuLook; icon?: ReactNode; children: ReactNode; after?: ReactNode; link?: boolean };

/**
 * A link's or button's label and its badge (the space between keeps the accessible name "Become a vendor Pending";
 * flex layout drops it on screen). The page look marks links with a chevron, as a list of places to go reads on a phone.
 */
function EntryLabel({ look, icon, children, after, link = false }: EntryLabelProps) {
  return (
    <>
      <span className="flex min-w-0 items-center gap-2.5 [overflow-wrap:anywhere]">
        {icon}
        {children}
      </span>
      {after && ' '}
      {after}
      {link && looks[look].chevron && <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />}
    </>
  );
}

function MenuLink({ item, look, onFollow }: Follow & { item: NavItem }) {
  const icon = item.name === 'Home' ? <House aria-hidden="true" className="size-4 shrink-0 text-teal-700" /> : undefined;
  if (item.comingsoon) {
    return (
      <span aria-disabled="true" className={`${linkClass} cursor-not-allowed opacity-60`}>
        <EntryLabel look={look} icon={icon} after={<span className="badge bg-slate-100 text-slate-600">Soon</span>}>
          {item.name}
        </EntryLabel>
      </span>
    );
  }
  return (
    <Link to={item.path} onClick={onFollow} className={linkClass}>
      <EntryLabel look={look} icon={icon} link>
        {item.name}
      </EntryLabel>
    </Link>
  );
}

/** Loose links shown before the groups (the public header's links, or the Home entry). */
export function MenuLinks({ items, look, onFollow, className = '' }: Follow & { items: NavItem[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={`space-y-0.5 ${className}`}>
      {items.map((item) => (
        <li key={item.id ?? item.name}>
          <MenuLink item={item} look={look} onFollow={onFollow} />
        </li>
      ))}
    </ul>
  );
}

/** One header group (Activities, Deals, …) as a section headed by its name, with its links. */
export function MenuGroup({ group, idPrefix, look, onFollow }: Follow & { group: NavGroup; idPrefix: string }) {
  const Icon = group.icon;
  const style = looks[look];
  const headingId = `${idPrefix}-${group.name}`;
  return (
    <section className={style.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={style.heading}>
        <Icon aria-hidden="true" className={style.headingIcon} />
        {group.name}
      </h2>
      <ul className={style.list}>
        {group.items.map((item) => (
          <li key={item.id ?? item.name}>
            <MenuLink item={item} look={look} onFollow={onFollow} />
          </li>
        ))}
      </ul>
    </section>
  );
}

type MenuAccountProps = Follow & {
  idPrefix: string;
  entries: ProfileEntry[];
  /** Shows the Scan entry (vendors). */
  onScan?: (() => void) | undefined;
  className?: string;
};

/** The profile menu's entries under "Account", after the approved vendor's view switch and the vendor's Scan. */
export function MenuAccount({ idPrefix, entries, onScan, look, onFollow, className = '' }: MenuAccountProps) {
  const switcher = useSwitchView();
  const style = looks[look];
  if (entries.length === 0 && !switcher && !onScan) return null;
  const headingId = `${idPrefix}-account`;
  return (
    <section className={`${style.section} ${className}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={style.heading}>
        Account
      </h2>
      <ul className={style.list}>
        {switcher && (
          <li>
            <button
              type="button"
              className={`${accentLinkClass} w-full`}
              onClick={() => {
                onFollow?.();
                switcher.switchTo(switcher.current === 'vendor' ? 'user' : 'vendor');
              }}
            >
              <EntryLabel look={look} icon={<Repeat aria-hidden="true" className="size-4 shrink-0" />}>
                {switcher.current === 'vendor' ? 'Switch to User' : 'Switch to Vendor'}
              </EntryLabel>
            </button>
          </li>
        )}
        {onScan && (
          <li>
            <button
              type="button"
              className={`${linkClass} w-full`}
              onClick={() => {
                onFollow?.();
                onScan();
              }}
            >
              <EntryLabel look={look} icon={<ScanLine aria-hidden="true" className="size-4 shrink-0 text-slate-500" />}>
                Scan
              </EntryLabel>
            </button>
          </li>
        )}
        {entries.map((entry) => (
          <li key={entry.name}>
            <AccountEntry entry={entry} look={look} onFollow={onFollow} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AccountEntry({ entry, look, onFollow }: Follow & { entry: ProfileEntry }) {
  const Icon = entry.icon;
  const icon = <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />;
  if (entry.kind === 'link') {
    return (
      <Link to={entry.path} onClick={onFollow} className={linkClass}>
        <EntryLabel look={look} icon={icon} link>
          {entry.name}
        </EntryLabel>
      </Link>
    );
  }
  if (entry.kind === 'soon') {
    return (
      <button type="button" disabled className={`${linkClass} w-full cursor-not-allowed opacity-60`}>
        <EntryLabel look={look} icon={icon} after={<span className="badge bg-slate-100 text-slate-600">Soon</span>}>
          {entry.name}
        </EntryLabel>
      </button>
    );
  }
  const marker = entry.marker ? <span className={`badge shrink-0 ${markerClass(entry.marker)}`}>{entry.marker}</span> : undefined;
  return (
    <button
      type="button"
      className={`${entry.danger ? dangerLinkClass : linkClass} w-full text-left`}
      onClick={() => {
        onFollow?.();
        entry.onSelect();
      }}
    >
      <EntryLabel look={look} icon={icon} after={marker}>
        {entry.name}
      </EntryLabel>
    </button>
  );
}
