import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Place } from '@localloop/contract';
import { createTestApp, inject, type TestContext } from '../../../test/helper.ts';
import { gazetteer } from './gazetteer.ts';

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
});
