// No imports: the boot script (src/boot) builds a page's first request with this too, so its address is the client's
// to the character and the client can take the answer over (lib/early-fetch.ts).

/** A query value as the URL carries it; undefined and null leave the key out. */
export type QueryValue = string | number | boolean | null | undefined;

/** `base` + `path` + the query's defined values, in the order given. */
export function apiUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}
