import { WifiOff } from 'lucide-react';
import { useIsOffline } from '../lib/connectivity.ts';

/**
 * "You are offline", under the header while the browser is offline or the API cannot be reached, with what still works.
 * The live region is always there (a region that appears with its text is not reliably read); its text comes and goes.
 */
export function OfflineBanner() {
  const offline = useIsOffline();
  return (
    <div aria-live="polite" data-testid="offline-banner">
      {offline && (
        <div className="border-b border-amber-200 bg-amber-50 text-amber-900">
          <p className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 text-sm sm:px-6 lg:px-8">
            <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="font-semibold">You are offline.</strong> Pages you have opened still show, and your deals&apos; QR codes in My
              Orders; searching, booking, buying and chat wait for the connection.
            </span>
          </p>
        </div>
      )}
    </div>
  );
}
