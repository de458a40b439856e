/**
 * The only module that reads import.meta.env; everything else asks here.
 * Only VITE_-prefixed variables reach the browser bundle, so nothing secret can leak through it.
 */
const env = import.meta.env;

/** An empty variable counts as unset, as on the server. */
function optional(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function trimTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

export const config = {
  /** Base of every API call: '/api' on the same origin, or a full URL when the API lives elsewhere. */
  apiBaseUrl: trimTrailingSlash(optional(env.VITE_API_URL) ?? '/api'),
  /** The OAuth client id of "Sign in with Google"; without it /SocialLogin offers no Google button. */
  googleClientId: optional(env.VITE_GOOGLE_CLIENT_ID) ?? optional(env.GOOGLE_CLIENT_ID),
  /**
   * A browser key for Google Maps Places; when set, the location picker uses Google instead of the
   * server's offline gazetteer (see features/location/geocoding.ts). Unset: offline.
   */
  googleMapsApiKey: optional(env.VITE_GOOGLE_MAPS_API_KEY) ?? optional(env.GOOGLE_MAPS_API_KEY),
  /** The native apps' store pages (the footer's badges and /appDownload); the stores' front pages until the apps are listed. */
  iosAppUrl: optional(env.VITE_IOS_APP_URL) ?? 'https://apps.apple.com/',
  androidAppUrl: optional(env.VITE_ANDROID_APP_URL) ?? 'https://play.google.com/store/apps',
  /** The service worker (the installable app) runs in the built app only: never under `npm run dev` nor in unit tests. */
  serviceWorker: env.PROD,
} as const;
