import { LocationPicker } from '../features/location/location-picker.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { paths } from '../paths.ts';
import { useAuth } from '../session/auth-context.tsx';
import { HeaderBar, MenuToggleButton } from './header-bar.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu, userHomeEntry } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { userNav, vendorNav } from './nav-data.ts';
import { useProfileEntries } from './profile-entries.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { ScanButton } from './scan-button.tsx';
import { useSideMenu } from './use-side-menu.ts';
import { ViewToggle } from './view-toggle.tsx';

/** The header of a signed-in person, in the user view or the vendor view (spec §2, user and vendor header). */
export function SignedInHeader({ view, onRequestLogout }: { view: 'user' | 'vendor'; onRequestLogout: () => void }) {
  const { canPostDeals } = useAuth();
  const menu = useSideMenu();
  const account = useProfileEntries(view, onRequestLogout);
  const isVendor = view === 'vendor';
  const home = isVendor ? paths.vendorDashboard : paths.localActivities;
  const groups = isVendor ? vendorNav(canPostDeals) : userNav;
  return (
    <HeaderBar testId={`${view}-header`}>
      <Logo to={home} />
      {/* The user view's location picker, between the logo and the groups; it detects once if none is stored. */}
      {!isVendor && (
        <div className="ml-2 hidden lg:block">
          <LocationPicker autoDetect />
        </div>
      )}
      <nav aria-label="Main" className="ml-2 hidden flex-1 items-center gap-0.5 lg:flex">
        {groups.map((group) => (
          <NavDropdown key={group.name} group={group} />
        ))}
      </nav>
      <div className="ml-auto hidden items-center gap-3 lg:flex">
        {isVendor && <ScanButton />}
        <ViewToggle />
        <NotificationBell />
        <ProfileMenu view={view} onRequestLogout={onRequestLogout} />
      </div>
      <div className="ml-auto flex items-center gap-1 lg:hidden">
        <NotificationBell />
        <MenuToggleButton open={menu.open} onOpen={menu.show} />
      </div>
      <MobileMenu
        open={menu.open}
        onClose={menu.hide}
        logoTo={home}
        {...(isVendor ? { showScan: true } : { links: [userHomeEntry] })}
        groups={groups}
        account={account}
        {...(isVendor ? {} : { top: <LocationPicker onChosen={menu.hide} /> })}
      />
    </HeaderBar>
  );
}
