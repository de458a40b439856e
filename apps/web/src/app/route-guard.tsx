import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../session/auth-context.tsx';
import type { Role } from '../session/auth-rules.ts';
import { decideAccess } from './access.ts';
import type { Guard } from './access.ts';

type RouteGuardProps = {
  guard: Guard;
  roles: readonly Role[];
  /** The account id the address names, on a route that has an owner (its owner is admitted whatever its role). */
  ownerId?: string | undefined;
  children: ReactNode;
};

/** Ids compared as the server's UUIDs are: case does not matter. */
function isSameId(a: string | undefined, b: unknown): boolean {
  return a !== undefined && a !== '' && (typeof b === 'string' || typeof b === 'number') && a.toLowerCase() === String(b).toLowerCase();
}

export function RouteGuard({ guard, roles, ownerId, children }: RouteGuardProps) {
  const auth = useAuth();
  const decision = decideAccess(guard, roles, auth, { isOwnPage: isSameId(ownerId, auth.userData?.user?.id) });
  if (decision.kind === 'wait') return null;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
