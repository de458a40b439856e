import { homePathOf } from '../session/auth-rules.ts';
import type { Role } from '../session/auth-rules.ts';
import { paths } from '../paths.ts';

/**
 * public    – always renders; with roles, an authenticated role outside them goes to its home
 *             (the spec's "public or user" pages: visitors and users, not vendors).
 * auth      – login and registration pages: signed-in people go to their home.
 * protected – needs a session; with roles, only those roles (an empty list admits any role).
 */
export type Guard = 'public' | 'auth' | 'protected';

export type AccessState = { loading: boolean; isAuthenticated: boolean; userRole: Role };

export type AccessDecision = { kind: 'wait' } | { kind: 'render' } | { kind: 'redirect'; to: string };

/** Beyond the role rules: the address is the signed-in account's own page (a vendor previewing its public page). */
export type AccessContext = { isOwnPage?: boolean };

const render: AccessDecision = { kind: 'render' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/**
 * The spec's "Route guards", as one pure decision. One addition: on a public or protected page that is the signed-in
 * account's own (a route with an owner parameter, such as /vendor/{userId}), its owner is admitted whatever its role,
 * so a vendor can see its public page as customers do. Auth routes and everyone else follow the spec's rules.
 */
export function decideAccess(guard: Guard, roles: readonly Role[], auth: AccessState, context: AccessContext = {}): AccessDecision {
  if (auth.loading) return { kind: 'wait' };
  const roleAllowed = roles.length === 0 || roles.includes(auth.userRole) || (auth.isAuthenticated && context.isOwnPage === true && guard !== 'auth');

  switch (guard) {
    case 'auth':
      if (auth.isAuthenticated && (auth.userRole === 'vendor' || auth.userRole === 'user')) {
        return redirect(homePathOf(auth.userRole));
      }
      return render;
    case 'public':
      return auth.isAuthenticated && !roleAllowed ? redirect(homePathOf(auth.userRole)) : render;
    case 'protected':
      if (!auth.isAuthenticated) return redirect(paths.login);
      return roleAllowed ? render : redirect(homePathOf(auth.userRole));
  }
}
