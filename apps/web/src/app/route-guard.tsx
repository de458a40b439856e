import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../session/auth-context.tsx';
import type { Role } from '../session/auth-rules.ts';
import { decideAccess } from './access.ts';
import type { Guard } from './access.ts';

type RouteGuardProps = { guard: Guard; roles: readonly Role[]; children: ReactNode };

export function RouteGuard({ guard, roles, children }: RouteGuardProps) {
  const auth = useAuth();
  const decision = decideAccess(guard, roles, auth);
  if (decision.kind === 'wait') return null;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
