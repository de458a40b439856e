/**
 * Hand-sized runtime checks of JSON for the pages that stay off zod (the landing page, docs/decisions/0012): a check
 * says whether a value has the fields a component reads. Anything else keeps the contract's schemas.
 */
export type Check = (value: unknown) => boolean;

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const string: Check = (value) => typeof value === 'string';
export const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
export const boolean: Check = (value) => typeof value === 'boolean';
export const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
export const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
/** An object with at least these fields, each passing its check (other fields are let through). */
export const shape =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isRecord(value) && Object.entries(fields).every(([key, check]) => check(value[key]));

/** The items of a `{ results: [...] }` answer that pass the check; anything else is left out. */
export function resultsOf<T>(json: unknown, check: Check): T[] {
  if (!isRecord(json) || !Array.isArray(json.results)) return [];
  return json.results.filter((item): item is T => check(item));
}
