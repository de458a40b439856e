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

const render: AccessDecision = { kind: 'render' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/** The spec's "Route guards", as one pure decision. */
export function decideAccess(guard: Guard, roles: readonly Role[], auth: AccessState): AccessDecision {
  if (auth.loading) return { kind: 'wait' };
  const roleAllowed = roles.length === 0 || roles.includes(auth.userRole);

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
