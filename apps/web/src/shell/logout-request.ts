import { createContext, use } from 'react';

/**
 * Asks the layout to show the Confirm Logout dialog. The layout owns the dialog; the header gets the request as a
 * prop, a page (the /MainMenu page's Logout) reads it from here.
 */
export const LogoutRequestContext = createContext<(() => void) | null>(null);

export function useRequestLogout(): () => void {
  const request = use(LogoutRequestContext);
  if (!request) throw new Error('useRequestLogout must be used inside the Layout.');
  return request;
}
