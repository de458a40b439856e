import { useState } from 'react';
import { Outlet } from 'react-router';
import { NotificationsPanel } from '../features/notifications/notifications-panel.tsx';
import { NotificationsProvider, useNotifications } from '../features/notifications/notifications-context.tsx';
import { useAuth } from '../session/auth-context.tsx';
import { Footer } from './footer.tsx';
import { LogoutDialog } from './logout-dialog.tsx';
import { PublicHeader } from './public-header.tsx';
import { SignedInHeader } from './signed-in-header.tsx';

function SiteHeader({ onRequestLogout }: { onRequestLogout: () => void }) {
  const { loading, isAuthenticated, userRole } = useAuth();
  // An empty bar of the same height while the session is read, so nothing jumps.
  if (loading) return <div aria-hidden="true" className="sticky top-0 z-40 h-16 border-b border-slate-200/80 bg-white" />;
  if (!isAuthenticated || userRole === 'public') return <PublicHeader />;
  return <SignedInHeader view={userRole} onRequestLogout={onRequestLogout} />;
}

/**
 * The shell around every page: skip link, sticky header by role, main area, footer, logout dialog, and
 * for a signed-in person the notifications panel (the main area gives it room on wide screens).
 */
export function Layout() {
  return (
    <NotificationsProvider>
      <Shell />
    </NotificationsProvider>
  );
}

function Shell() {
  const { logout } = useAuth();
  const { panelOpen } = useNotifications();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader onRequestLogout={() => setConfirmingLogout(true)} />
      <main id="main" tabIndex={-1} className={`flex-1 focus:outline-none ${panelOpen ? 'lg:mr-96' : ''}`}>
        <Outlet />
      </main>
      <Footer />
      <NotificationsPanel />
      <LogoutDialog
        open={confirmingLogout}
        onCancel={() => setConfirmingLogout(false)}
        onConfirm={() => {
          setConfirmingLogout(false);
          void logout();
        }}
      />
    </div>
  );
}
