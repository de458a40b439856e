import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { NotificationsProvider, useNotifications } from '../features/notifications/notifications-context.tsx';
import { useAuth } from '../session/auth-context.tsx';
import { Footer } from './footer.tsx';
import { HeaderPlaceholder } from './header-placeholder.tsx';
import { LogoutRequestContext } from './logout-request.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { PublicHeader } from './public-header.tsx';
import { useRouteFocus } from './use-route-focus.ts';

// A visitor's first page needs none of these: the signed-in header (menus, location picker, notifications bell) and
// the notifications panel load once someone is signed in, the logout dialog on its first opening. They bring the
// dialog and menu library, the API client and the contract's schemas with them.
const SignedInHeader = lazy(() => import('./signed-in-header.tsx').then((module) => ({ default: module.SignedInHeader })));
const NotificationsPanel = lazy(() =>
  import('../features/notifications/notifications-panel.tsx').then((module) => ({ default: module.NotificationsPanel })),
);
const LogoutDialog = lazy(() => import('./logout-dialog.tsx').then((module) => ({ default: module.LogoutDialog })));

/** The bar with the mark only, at the header's height, so nothing jumps while the session is read or the header loads. */
const headerPlaceholder = <HeaderPlaceholder />;

function SiteHeader({ onRequestLogout }: { onRequestLogout: () => void }) {
  const { loading, isAuthenticated, userRole } = useAuth();
  if (loading) return headerPlaceholder;
  if (!isAuthenticated || userRole === 'public') return <PublicHeader />;
  return (
    <Suspense fallback={headerPlaceholder}>
      <SignedInHeader view={userRole} onRequestLogout={onRequestLogout} />
    </Suspense>
  );
}

/**
 * The shell around every page: skip link, sticky header by role, main area, footer, logout dialog, and
 * for a signed-in person the notifications panel (the main area gives it room on wide screens). A route change opens
 * the new page at its top with the focus on its h1 (useRouteFocus).
 */
export function Layout() {
  return (
    <NotificationsProvider>
      <Shell />
    </NotificationsProvider>
  );
}

function Shell() {
  const { isAuthenticated, logout } = useAuth();
  const { panelOpen } = useNotifications();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  // Mounted from its first opening on, so it can play its closing transition.
  const [logoutAsked, setLogoutAsked] = useState(false);
  const requestLogout = useCallback(() => {
    setLogoutAsked(true);
    setConfirmingLogout(true);
  }, []);
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);
  return (
    <LogoutRequestContext value={requestLogout}>
      <div className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader onRequestLogout={requestLogout} />
        <OfflineBanner />
        {/* At least the window's height under the 4rem header: the footer starts below the fold, so a page whose content
            arrives after its first paint (a spinner, then the deal) grows downwards without moving the footer in view
            (Lighthouse measured a layout shift of 1.3 on a deal's page, the footer jumping twice). */}
        <main ref={mainRef} id="main" tabIndex={-1} className={`min-h-[calc(100svh-4rem)] flex-1 focus:outline-none ${panelOpen ? 'lg:mr-96' : ''}`}>
          <Outlet />
        </main>
        <Footer />
        {isAuthenticated && (
          <Suspense fallback={null}>
            <NotificationsPanel />
          </Suspense>
        )}
        {logoutAsked && (
          <Suspense fallback={null}>
            <LogoutDialog
              open={confirmingLogout}
              onCancel={() => setConfirmingLogout(false)}
              onConfirm={() => {
                setConfirmingLogout(false);
                void logout();
              }}
            />
          </Suspense>
        )}
      </div>
    </LogoutRequestContext>
  );
}
