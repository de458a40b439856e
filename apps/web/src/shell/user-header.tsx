import { paths } from '../paths.ts';
import { HeaderBar, MenuToggleButton } from './header-bar.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu, userHomeEntry } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { userNav } from './nav-data.ts';
import { useProfileEntries } from './profile-entries.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { useSideMenu } from './use-side-menu.ts';
import { ViewToggle } from './view-toggle.tsx';

export function UserHeader({ onRequestLogout }: { onRequestLogout: () => void }) {
  const menu = useSideMenu();
  const account = useProfileEntries('user', onRequestLogout);
  return (
    <HeaderBar testId="user-header">
      <Logo to={paths.localActivities} />
      {/* Slot: the location picker (a later issue) sits here, between the logo and the groups. */}
      <nav aria-label="Main" className="ml-2 hidden flex-1 items-center gap-0.5 lg:flex">
        {userNav.map((group) => (
          <NavDropdown key={group.name} group={group} />
        ))}
      </nav>
      <div className="ml-auto hidden items-center gap-3 lg:flex">
        <ViewToggle />
        {/* Slot: the notification bell (a later issue). */}
        <ProfileMenu view="user" onRequestLogout={onRequestLogout} />
      </div>
      <div className="ml-auto lg:hidden">
        <MenuToggleButton open={menu.open} onOpen={menu.show} />
      </div>
      <MobileMenu
        open={menu.open}
        onClose={menu.hide}
        logoTo={paths.localActivities}
        links={[userHomeEntry]}
        groups={userNav}
        account={account}
      />
    </HeaderBar>
  );
}
