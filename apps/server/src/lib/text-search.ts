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
