import { matchRoutes } from 'react-router';
import { decideAccess } from '../app/access.ts';
import { routes } from '../routes.tsx';
import type { AppRoute } from '../routes.tsx';
import type { Role } from '../session/auth-rules.ts';

/** Who follows a link: a role, and the account (for pages a role may open only as their owner). */
export type LinkReader = { role: Role; accountId: string };

/** What the route table does with `path` for this reader: "render", "redirect to …", or "not found". */
export function outcomeFor(path: string, reader: LinkReader): string {
  const match = matchRoutes(routes as AppRoute[], path)?.at(-1);
  if (!match || match.route.path === '*' || (match.route.accepts && !match.route.accepts(match.params))) return 'not found';
  const ownerId = match.route.ownerParam ? match.params[match.route.ownerParam] : undefined;
  const signedIn = reader.role !== 'public';
  const decision = decideAccess(
    match.route.guard,
    match.route.roles,
    { loading: false, isAuthenticated: signedIn, userRole: reader.role },
    { isOwnPage: signedIn && ownerId === reader.accountId },
  );
  return decision.kind === 'redirect' ? `redirect to ${decision.to}` : decision.kind;
}
