/**
 * The only module that reads import.meta.env; everything else asks here.
 * Only VITE_-prefixed variables reach the browser bundle, so nothing secret can leak through it.
 */
const env = import.meta.env;

function trimTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

export const config = {
  /** Base of every API call: '/api' on the same origin, or a full URL when the API lives elsewhere. */
  apiBaseUrl: trimTrailingSlash(typeof env.VITE_API_URL === 'string' && env.VITE_API_URL !== '' ? env.VITE_API_URL : '/api'),
} as const;
