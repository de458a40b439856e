import { LocationPicker } from '../features/location/location-picker.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { paths } from '../paths.ts';
import { useAuth } from '../session/auth-context.tsx';
import { HeaderBar, MenuToggleButton } from './header-bar.tsx';
import { HeaderSearch } from './header-search.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu, userHomeEntry } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { userNav, vendorNav } from './nav-data.ts';
import { useProfileEntries } from './profile-entries.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { ScanButton, useScanner } from './scan-button.tsx';
import { useSideMenu } from './use-side-menu.ts';
import { ViewToggle } from './view-toggle.tsx';

/**
 * Where the signed-in bar shows its groups, view toggle and profile menu; below it the side menu holds them. Five
 * groups, a location, the toggle, bell and avatar need about 1,200 px, so the bar collapses earlier than the public
 * header (1024 px) and than the narrow-window helper's default. Tailwind's `xl` is the same width in the class names.
 */
export const signedInWideBreakpoint = 1280;

/** The header of a signed-in person, in the user view or the vendor view (spec §2, user and vendor header). */
export function SignedInHeader({ view, onRequestLogout }: { view: 'user' | 'vendor'; onRequestLogout: () => void }) {
  const { canPostDeals } = useAuth();
  const menu = useSideMenu(signedInWideBreakpoint);
  const account = useProfileEntries(view, onRequestLogout);
  const isVendor = view === 'vendor';
  const home = isVendor ? paths.vendorDashboard : paths.localActivities;
  const groups = isVendor ? vendorNav(canPostDeals) : userNav;
  // Only vendors scan (spec §6); the bar's button and the side menu's entry open the same dialog.
  const scanner = useScanner();
  return (
    <HeaderBar testId={`${view}-header`}>
      <Logo to={home} />
      {/*
        The user view's location picker, between the logo and the groups (from tablet width on; phones have it in the
        side menu). It is the one element of the bar that gives way: a long place name truncates instead of pushing the
        bell and profile menu off-screen. It detects once if none is stored.
      */}
      {!isVendor && (
        <div className="ml-2 hidden min-w-0 md:flex">
          <LocationPicker autoDetect />
        </div>
      )}
      <nav aria-label="Main" className="ml-1 hidden shrink-0 grow items-center gap-0.5 xl:flex 2xl:ml-2">
        {groups.map((group) => (
          <NavDropdown key={group.name} group={group} />
        ))}
      </nav>
      <div className="ml-auto hidden shrink-0 items-center gap-2 xl:flex 2xl:gap-3">
        <HeaderSearch />
        {isVendor && <ScanButton onClick={scanner.show} />}
        <ViewToggle />
        <NotificationBell />
        <ProfileMenu view={view} onRequestLogout={onRequestLogout} />
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1 xl:hidden">
        <NotificationBell />
        <MenuToggleButton open={menu.open} onOpen={menu.show} />
      </div>
      <MobileMenu
        open={menu.open}
        onClose={menu.hide}
        logoTo={home}
        {...(isVendor ? { onScan: scanner.show } : { links: [userHomeEntry] })}
        groups={groups}
        account={account}
        {...(isVendor ? {} : { top: <LocationPicker onChosen={menu.hide} /> })}
      />
      {isVendor && scanner.dialog}
    </HeaderBar>
  );
}
