import { paths } from '../paths.ts';
import { useAuth } from '../session/auth-context.tsx';
import { HeaderBar, MenuToggleButton } from './header-bar.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { vendorNav } from './nav-data.ts';
import { useProfileEntries } from './profile-entries.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { ScanButton } from './scan-button.tsx';
import { useSideMenu } from './use-side-menu.ts';
import { ViewToggle } from './view-toggle.tsx';

export function VendorHeader({ onRequestLogout }: { onRequestLogout: () => void }) {
  const { canPostDeals } = useAuth();
  const menu = useSideMenu();
  const groups = vendorNav(canPostDeals);
  const account = useProfileEntries('vendor', onRequestLogout);
  return (
    <HeaderBar testId="vendor-header">
      <Logo to={paths.vendorDashboard} />
      <nav aria-label="Main" className="ml-2 hidden flex-1 items-center gap-0.5 lg:flex">
        {groups.map((group) => (
          <NavDropdown key={group.name} group={group} />
        ))}
      </nav>
      <div className="ml-auto hidden items-center gap-3 lg:flex">
        <ScanButton />
        <ViewToggle />
        {/* Slot: the notification bell (a later issue). */}
        <ProfileMenu view="vendor" onRequestLogout={onRequestLogout} />
      </div>
      <div className="ml-auto lg:hidden">
        <MenuToggleButton open={menu.open} onOpen={menu.show} />
      </div>
      <MobileMenu
        open={menu.open}
        onClose={menu.hide}
        logoTo={paths.vendorDashboard}
        groups={groups}
        account={account}
        showScan
      />
    </HeaderBar>
  );
}
