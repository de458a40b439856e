import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { headerLinks } from '../paths.ts';
import { SearchBox } from '../features/search/components/search-box.tsx';
import { HeaderBar, MenuToggleButton } from './header-bar.tsx';
import { HeaderSearch } from './header-search.tsx';
import { Logo } from './logo.tsx';
import { publicAccountNav, publicNav } from './nav-data.ts';
import { useSideMenu } from './use-side-menu.ts';

// The side menu and its dialog library load on its first opening, not with a visitor's first page.
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-xl px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

export function PublicHeader() {
  const menu = useSideMenu();
  // Mounted from its first opening on, so it can play its closing transition.
  const [menuWanted, setMenuWanted] = useState(false);
  if (menu.open && !menuWanted) setMenuWanted(true);
  return (
    <HeaderBar testId="public-header">
      <Logo to={headerLinks.home} />
      <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
        {publicNav.map((item) => (
          <NavLink key={item.name} to={item.path} className={navLinkClass}>
            {item.name}
          </NavLink>
        ))}
      </nav>
      {/* The marketplace search: a field where the bar has room (1280 px on), a button that opens it below that. */}
      <div role="search" aria-label="Search LocalLoop" className="hidden w-full max-w-xs xl:block">
        <SearchBox label="Search LocalLoop" placeholder="Search LocalLoop" />
      </div>
      <div className="ml-auto hidden items-center gap-2 lg:flex">
        <div className="xl:hidden">
          <HeaderSearch />
        </div>
        <Link to={publicAccountNav.login.path} className="btn-ghost">
          {publicAccountNav.login.name}
        </Link>
        <Link to={publicAccountNav.signUp.path} className="btn-primary">
          {publicAccountNav.signUp.name}
        </Link>
      </div>
      <div className="ml-auto lg:hidden">
        <MenuToggleButton open={menu.open} onOpen={menu.show} />
      </div>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menu.open}
            onClose={menu.hide}
            logoTo={headerLinks.home}
            links={publicNav}
            footer={
              <div className="grid grid-cols-2 gap-3">
                <Link to={publicAccountNav.login.path} onClick={menu.hide} className="btn-secondary">
                  {publicAccountNav.login.name}
                </Link>
                <Link to={publicAccountNav.signUp.path} onClick={menu.hide} className="btn-primary">
                  {publicAccountNav.signUp.name}
                </Link>
              </div>
            }
          />
        </Suspense>
      )}
    </HeaderBar>
  );
}
