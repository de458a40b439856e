import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Place } from '@localloop/contract';
import { createTestApp, inject, type TestContext } from '../../../test/helper.ts';
import { gazetteer } from './gazetteer.ts';
import { recentCells, weightOf } from './time-zones.ts';

describe('geo: the offline gazetteer', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const started = performance.now();
    const size = gazetteer().size;
    console.info(`gazetteer: ${size} places indexed in ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(() => t.close());

  async function suggest(q: string): Promise<Place[]> {
    const res = await inject(t.app, endpoints.geoSuggest, { query: { q } });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('puts New York City first for "new yo"', async () => {
    const [first] = await suggest('new yo');
    expect(first).toMatchObject({ city: 'New York City', state: 'New York', country: 'United States', country_code: 'US' });
    expect(first?.formatted_address).toBe('New York City, New York, United States');
  });

  it('finds São Paulo typed with or without its accent', async () => {
    for (const q of ['sao paulo', 'são paulo', 'SÃO PAULO']) {
      const [first] = await suggest(q);
      expect(first).toMatchObject({ city: 'São Paulo', state: 'São Paulo', country: 'Brazil' });
    }
  });

  it('forgives a typo: "londn" finds London', async () => {
    const [first] = await suggest('londn');
    expect(first).toMatchObject({ city: 'London', country: 'United Kingdom' });
  });

  it('ranks by the region or country after a comma: "paris, fr" is Paris, France before Paris, Texas', async () => {
    const [first] = await suggest('paris, fr');
    expect(first).toMatchObject({ city: 'Paris', country: 'France' });
    const [texan] = await suggest('paris, texas');
    expect(texan).toMatchObject({ city: 'Paris', state: 'Texas', country: 'United States' });
    const [usa] = await suggest('new york, usa');
    expect(usa?.city).toBe('New York City');
  });

  it('answers typed text quickly once loaded', () => {
    const queries = ['new yo', 'sao paulo', 'londn', 'paris, fr', 's', 'springfield, il', 'sao paolo', 'zzzzzz'];
    for (const q of queries) gazetteer().suggest(q);
    const started = performance.now();
    const rounds = 20;
    for (let i = 0; i < rounds; i++) for (const q of queries) expect(gazetteer().suggest(q).length).toBeLessThanOrEqual(8);
    const perQuery = (performance.now() - started) / (rounds * queries.length);
    // The speed itself is proven in geo.bench.ts; here it is only reported.
    console.info(`gazetteer: ${perQuery.toFixed(2)} ms per suggestion over ${gazetteer().size} places`);
  });

  it('reverse-geocodes New York City Hall to New York City, New York, United States', async () => {
    const res = await inject(t.app, endpoints.geoReverse, { query: { lat: '40.7128', lng: '-74.0060' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'New York City', state: 'New York', country: 'United States', area: '' });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('names the borough as the area in the middle of Manhattan', async () => {
    const res = await inject(t.app, endpoints.geoReverse, { query: { lat: '40.7831', lng: '-73.9712' } });
    expect(res.json()).toMatchObject({ city: 'New York City', state: 'New York', area: 'Manhattan' });
  });

  it('reverse-geocodes -23.55,-46.63 to São Paulo', async () => {
    const res = await inject(t.app, endpoints.geoReverse, { query: { lat: '-23.55', lng: '-46.63' } });
    expect(res.json()).toMatchObject({ city: 'São Paulo', state: 'São Paulo', country: 'Brazil' });
  });

  it('returns a suggested place again by its id, cacheable for a day', async () => {
    const [chosen] = await suggest('new yo');
    const res = await inject(t.app, endpoints.geoPlace, { params: { id: chosen?.id ?? '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(chosen);
    expect(chosen?.id).toBe('5128581');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 404 in the error shape for an unknown place id', async () => {
    const res = await inject(t.app, endpoints.geoPlace, { params: { id: '999999999999' } });
    expect(res.statusCode).toBe(404);
    expect(res.error()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('refuses a latitude outside -90..90 and an empty search with 400', async () => {
    const bad = await inject(t.app, endpoints.geoReverse, { query: { lat: '200', lng: '0' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { lat: 'Latitude is between -90 and 90.' } });
    const empty = await inject(t.app, endpoints.geoSuggest, { query: { q: ' ' } });
    expect(empty.statusCode).toBe(400);
  });

  describe('the time zone at a point', () => {
    const zoneAt = async (lat: string, lng: string) => inject(t.app, endpoints.geoTimeZone, { query: { lat, lng } });

    it('names the IANA zone of the place, by its boundaries rather than its country or state', async () => {
      const cases: [string, string, string][] = [
        ['40.7128', '-74.0060', 'America/New_York'],
        ['34.0488', '-118.2577', 'America/Los_Angeles'],
        // El Paso, Texas keeps Mountain time; Texas is otherwise Central.
        ['31.7587', '-106.4869', 'America/Denver'],
        ['29.7604', '-95.3698', 'America/Chicago'],
        ['12.7855', '45.0187', 'Asia/Aden'],
        ['48.2082', '16.3738', 'Europe/Vienna'],
        ['-33.8688', '151.2093', 'Australia/Sydney'],
      ];
      for (const [lat, lng, zone] of cases) {
        const res = await zoneAt(lat, lng);
        expect(res.statusCode, `${lat},${lng}`).toBe(200);
        expect(res.json(), `${lat},${lng}`).toEqual({ time_zone: zone });
      }
      expect((await zoneAt('40.7128', '-74.0060')).headers['cache-control']).toBe('public, max-age=86400');
    });

    it('answers the nautical zone at sea, and 400 with the field for a point off the globe', async () => {
      expect((await zoneAt('0', '-30')).json()).toEqual({ time_zone: 'Etc/GMT+2' });
      const bad = await zoneAt('40', '181');
      expect(bad.statusCode).toBe(400);
      expect(bad.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { lng: 'Longitude is between -180 and 180.' } });
    });

    it('gives one address 120 lookups a minute, then 429: each cold one reads and decodes a cell on the server\'s thread', async () => {
      const own = await createTestApp();
      try {
        for (let i = 0; i < 120; i++) {
          const res = await inject(own.app, endpoints.geoTimeZone, { query: { lat: String(40 + i / 1000), lng: '-74' } });
          expect(res.statusCode).toBe(200);
        }
        const over = await inject(own.app, endpoints.geoTimeZone, { query: { lat: '40.5', lng: '-74' } });
        expect(over.statusCode).toBe(429);
        expect(over.error()).toMatchObject({ code: 'RATE_LIMITED' });
      } finally {
        await own.close();
      }
    });
  });

  describe('the cache of time-zone cells', () => {
    const cell = (numbers: number) => ({ features: [{ geometry: { coordinates: [Array.from({ length: numbers }, (_, i) => i)] } }] });

    it('weighs a cell by the coordinate numbers it holds', () => {
      expect(weightOf(cell(0))).toBe(0);
      expect(weightOf(cell(1000))).toBe(1000);
    });

    it('forgets the cells read longest ago once over its budget, whatever their count, and keeps the one just read', () => {
      const cache = recentCells(1000);
      cache.set('a', cell(400));
      cache.set('b', cell(400));
      expect(cache.get('a')).toBeDefined(); // a is now the most recent
      cache.set('c', cell(400)); // 1,200 > 1,000: b goes
      expect(cache.get('b')).toBeUndefined();
      expect(cache.get('a')).toBeDefined();
      expect(cache.get('c')).toBeDefined();
      // One cell larger than the whole budget is kept while it is the newest, alone.
      cache.set('huge', cell(5000));
      expect(cache.get('huge')).toBeDefined();
      expect(cache.get('a')).toBeUndefined();
      expect(cache.get('c')).toBeUndefined();
    });
  });
});
