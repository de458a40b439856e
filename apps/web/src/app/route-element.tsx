import { useParams } from 'react-router';
import { notFoundPage } from '../routes.tsx';
import type { AppRoute } from '../routes.tsx';
import { PageBoundary } from '../shell/page-boundary.tsx';
import { RouteGuard } from './route-guard.tsx';

/** What one row of the route table renders: its guard, then the page in its boundary. */
export function RouteElement({ route }: { route: AppRoute }) {
  const params = useParams();
  if (route.accepts && !route.accepts(params)) {
    // Checked before the guard, so an unknown path is "not found" for everyone, not a login redirect.
    return <PageBoundary page={notFoundPage} title="Page not found" />;
  }
  const title = typeof route.title === 'function' ? route.title(params) : route.title;
  return (
    <RouteGuard guard={route.guard} roles={route.roles} ownerId={route.ownerParam ? params[route.ownerParam] : undefined}>
      <PageBoundary page={route.page} title={title} />
    </RouteGuard>
  );
}
