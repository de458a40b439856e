import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * How alike a search and a name (or category) must be, by pg_trgm's word_similarity: the best match of the
 * search's trigrams against any run of words in the name. 0.45 lets one slip in a short word through
 * ('bakry' → 'Bakery' scores 0.5, 'yoga studo' → 'Sunrise Yoga Studio' 0.82) while unrelated names stay
 * under 0.4. pg_trgm's own default (0.6, the `<%` operator) misses most one-letter typos of short words.
 * Every list's search (vendors, services, deals, activities, and /search across them) uses it.
 */
export const SEARCH_SIMILARITY = 0.45;

/** A search's own %, _ and backslash taken literally in a LIKE pattern. */
export const escapeLike = (search: string) => search.replace(/[\\%_]/g, '\\$&');

/** A search as an ILIKE pattern matching it anywhere. */
export const likeAnywhere = (search: string) => `%${escapeLike(search)}%`;

/**
 * Whether a search can be found through a name's trigram index (db/schema/columns.ts, nameTrigramIndex): pg_trgm makes
 * trigrams of words of 3 characters or more, so a shorter search would read the whole index. A list then takes the
 * candidates its search names from the index and keeps those within the radius; a shorter search reads the radius's box.
 */
export const searchesByTrigrams = (search: string | undefined) => (search ?? '').trim().length >= 3;

/**
 * The name is a short typo away from the search: `<%` finds it in the name's trigram index (the session's threshold is
 * SEARCH_SIMILARITY: db/client.ts, searchThreshold), and word_similarity checks it against SEARCH_SIMILARITY itself, so
 * the answer never depends on a session's setting.
 */
export function nameIsNear(search: SQLWrapper, name: AnyColumn | SQLWrapper): SQL<boolean> {
  return sql<boolean>`(${search}::text <% ${name} AND word_similarity(${search}::text, ${name}) >= ${SEARCH_SIMILARITY})`;
}
