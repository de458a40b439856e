/**
 * The categories a list near a point keeps: its one `category` (the HTTP list's filter), or any of `categories` (a theme
 * of /Discover, asked in the process), or the ones in both. `[]`: any category; null: none can match (an empty set asked,
 * or a category outside the set), so the list answers nothing without asking the database.
 */
export function categoryFilter(category: string | undefined, categories: readonly string[] | undefined): string[] | null {
  if (!categories) return category ? [category] : [];
  const kept = [...new Set(categories)].filter((c) => !category || c === category);
  return kept.length > 0 ? kept : null;
}
