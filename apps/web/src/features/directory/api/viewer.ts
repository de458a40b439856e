import { useAuth } from '../../../session/auth-context.tsx';

/**
 * The signed-in account's id, '' for a visitor. Part of every vendor query key: is_favorite and a
 * rating's `mine` belong to the caller, so a logout or another account never sees them from the cache.
 */
export function useViewerId(): string {
  const { isAuthenticated, userData } = useAuth();
  const id = userData?.user?.id;
  return isAuthenticated && id !== null && id !== undefined ? String(id) : '';
}
