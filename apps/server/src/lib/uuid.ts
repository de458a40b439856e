/** Uuids as the server checks and sends them: one rule for every place that takes an id from outside. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a uuid as uuidArray takes it. */
export const isUuid = (id: string) => UUID.test(id);

/**
 * Uuids as one parameter, a PostgreSQL array literal (`'{…}'::uuid[]` in the statement), instead of one parameter
 * each: a statement about 200 people is then built, sent and planned as one about one. Only uuids go in (checked).
 */
export function uuidArray(ids: readonly string[]): string {
  if (!ids.every(isUuid)) throw new Error('uuidArray takes uuids only');
  return `{${ids.join(',')}}`;
}
