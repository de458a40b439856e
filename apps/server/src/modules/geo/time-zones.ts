import { createRequire } from 'node:module';
import { isTimeZone } from '@localloop/contract';

/**
 * The IANA time zone at a point, from time-zone boundaries shipped with the server (`geo-tz`: timezone-boundary-builder's
 * polygons, nothing fetched at run time). Its "all zones" data: one zone per country at least, so the answer names
 * the place (Asia/Aden, not Asia/Riyadh). Loaded on first use; a lookup reads one small cell of the data file
 * (a few milliseconds) and keeps the cells it read last, within a memory budget. Decision record: docs/decisions/0014.
 */
type GeoTz = {
  find(lat: number, lng: number): string[];
  setCache(options: { store: { get(key: string): unknown; set(key: string, value: unknown): void } }): void;
};

/**
 * How much boundary the cache keeps, in coordinate numbers (about 40 bytes each once decoded): 400,000 is some 16 MB.
 * Cells differ a thousandfold in size (a coastline's cell against open land), so a budget by count would let a caller
 * who asks for the biggest cells in turn hold 160 MB; this one holds the budget whatever is asked.
 */
const NUMBERS_KEPT = 400_000;

/** How many coordinate numbers a decoded cell holds (its features' nested coordinate arrays). */
export function weightOf(cell: unknown): number {
  let numbers = 0;
  const stack: unknown[] = [cell];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number') numbers += 1;
    else if (Array.isArray(item)) for (const inner of item) stack.push(inner);
    else if (item && typeof item === 'object') for (const inner of Object.values(item)) stack.push(inner);
  }
  return numbers;
}

/** A Map that forgets its least recently read cells beyond a budget (a Map iterates in insertion order; a read moves an entry last). */
export function recentCells(budget: number) {
  const cells = new Map<string, { value: unknown; weight: number }>();
  let held = 0;
  return {
    get(key: string) {
      const entry = cells.get(key);
      if (entry === undefined) return undefined;
      cells.delete(key);
      cells.set(key, entry);
      return entry.value;
    },
    set(key: string, value: unknown) {
      const weight = weightOf(value);
      const previous = cells.get(key);
      if (previous) held -= previous.weight;
      cells.delete(key);
      cells.set(key, { value, weight });
      held += weight;
      // The newest cell stays even over budget: it is the one being read.
      for (const [oldest, entry] of cells) {
        if (held <= budget || oldest === key) break;
        cells.delete(oldest);
        held -= entry.weight;
      }
    },
  };
}

let geoTz: GeoTz | undefined;
function load(): GeoTz {
  if (!geoTz) {
    geoTz = createRequire(import.meta.url)('geo-tz/all') as GeoTz;
    geoTz.setCache({ store: recentCells(NUMBERS_KEPT) });
  }
  return geoTz;
}

/** The zone at a valid coordinate (at sea, the nautical zone such as Etc/GMT+5); null only if the data has none. */
export function timeZoneAt(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // On a disputed border the data names several; the first is the one the boundary builder ranks first. A zone newer
  // than this Node's time-zone data (geo-tz ships newer boundaries than an older Node knows) could not be used for
  // opening hours, so it is as good as none: the vendor then chooses one.
  const zone = load().find(latitude, longitude)[0];
  return zone !== undefined && isTimeZone(zone) ? zone : null;
}
