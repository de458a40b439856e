import { useId } from 'react';
import type { PageProps } from '../../components/page-props.ts';
import { EmailText } from '../../components/email-text.tsx';
import { useProfile } from '../../features/account/api/get-profile.ts';
import { LocationPicker } from '../../features/location/location-picker.tsx';
import { useAuth } from '../../session/auth-context.tsx';
import { homePathOf } from '../../session/auth-rules.ts';
import { useRequestLogout } from '../../shell/logout-request.ts';
import { MenuAccount, MenuGroup, MenuLinks } from '../../shell/menu-sections.tsx';
import { userNav, vendorNav } from '../../shell/nav-data.ts';
import type { NavItem } from '../../shell/nav-data.ts';
import { useProfileEntries } from '../../shell/profile-entries.ts';
import { useScanner } from '../../shell/scan-button.tsx';

/**
 * /MainMenu: the header's menus as a page, for phones (spec §2: "Mobile uses a side menu with a Home entry"). The same
 * sections as the side menu (shell/menu-sections.tsx): the location (user view), Home, the groups of the current
 * view, and the account's entries with the approved vendor's view switch, the vendor's Scan and Logout.
 */
export default function MainMenuPage({ title }: PageProps) {
  const { userRole, canPostDeals, userData } = useAuth();
  // The route lets only users and vendors in; the user view is what a signed-in person has by default.
  const view = userRole === 'vendor' ? 'vendor' : 'user';
  const isVendor = view === 'vendor';
  const entries = useProfileEntries(view, useRequestLogout());
  const scanner = useScanner();
  const profile = useProfile().data;
  const email = profile?.email ?? userData?.user?.email ?? null;
  const groups = isVendor ? vendorNav(canPostDeals) : userNav;
  const home: NavItem = { name: 'Home', path: homePathOf(view) };
  const navHeading = useId();
  const locationHeading = useId();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 id={navHeading} className="text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-slate-600">
        {isVendor ? 'Vendor view' : 'User view'}
        {email && (
          <>
            {' · '}
            <span className="sr-only">signed in as </span>
            <EmailText value={email} />
          </>
        )}
      </p>

      {!isVendor && (
        <section aria-labelledby={locationHeading} className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id={locationHeading} className="text-base font-semibold text-slate-900">
            Your location
          </h2>
          <p className="mt-1 text-sm text-slate-600">Activities, deals and services are shown near this place.</p>
          <LocationPicker className="-ml-2 mt-2" />
        </section>
      )}

      <nav aria-labelledby={navHeading} className="mt-6 space-y-4">
        <MenuLinks items={[home]} look="page" className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm" />
        <div className="grid gap-4 sm:grid-cols-2">
          {groups.map((group) => (
            <MenuGroup key={group.name} group={group} idPrefix="main-menu" look="page" />
          ))}
        </div>
        <MenuAccount idPrefix="main-menu" entries={entries} onScan={isVendor ? scanner.show : undefined} look="page" />
      </nav>
      {isVendor && scanner.dialog}
    </div>
  );
}
