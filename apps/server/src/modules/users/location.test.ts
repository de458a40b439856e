import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { userLocations } from '../../db/schema.ts';
import { createTestApp, inject, raw, signedInAccount, testClock, type TestContext } from '../../../test/helper.ts';

const clock = testClock(new Date('2025-03-01T10:00:00Z'));
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const signedIn = () => signedInAccount(t);

/** Crown Heights, Brooklyn: the device's position, named by reverse geocoding. */
const crownHeights = {
  city: 'New York City',
  state: 'New York',
  country: 'United States',
  area: 'Brooklyn',
  formatted_address: 'Brooklyn, New York City, New York, United States',
  latitude: 40.678,
  longitude: -73.944,
};

describe('GET and PUT /api/profile/location/', () => {
  it('has no location for a new account, keeps the one chosen, and shows it in the profile too', async () => {
    const a = await signedIn();
    const none = await inject(t.app, endpoints.accountLocation, { access: a.access });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ location: null });
    expect((await inject(t.app, endpoints.profile, { access: a.access })).json().location).toBeNull();

    const saved = await inject(t.app, endpoints.saveAccountLocation, { access: a.access, body: crownHeights });
    expect(saved.statusCode).toBe(200);
    const expected = { ...crownHeights, updated_at: '2025-03-01T10:00:00.000Z' };
    expect(saved.json()).toEqual(expected);
    expect((await inject(t.app, endpoints.accountLocation, { access: a.access })).json()).toEqual({ location: expected });
    expect((await inject(t.app, endpoints.profile, { access: a.access })).json().location).toEqual(expected);
  });

  it('replaces the kept location with the next one chosen (one per account), area optional', async () => {
    const a = await signedIn();
    await inject(t.app, endpoints.saveAccountLocation, { access: a.access, body: crownHeights });
    clock.advance(60_000);
    const paris = { city: 'Paris', state: 'Île-de-France', country: 'France', formatted_address: 'Paris, Île-de-France, France', latitude: 48.8566, longitude: 2.3522 };
    const res = await inject(t.app, endpoints.saveAccountLocation, { access: a.access, body: paris });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...paris, area: '' });
    const rows = await t.database.db.select().from(userLocations).where(eq(userLocations.userId, a.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ city: 'Paris', area: '', latitude: 48.8566, longitude: 2.3522 });
    expect(rows[0]?.updatedAt.getTime()).toBeGreaterThan(new Date('2025-03-01T10:00:00Z').getTime());
  });

  it('is each account\'s own: another account neither reads nor changes it', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await inject(t.app, endpoints.saveAccountLocation, { access: a.access, body: crownHeights });
    expect((await inject(t.app, endpoints.accountLocation, { access: b.access })).json()).toEqual({ location: null });
    await inject(t.app, endpoints.saveAccountLocation, { access: b.access, body: { ...crownHeights, city: 'Boston', area: '', latitude: 42.36, longitude: -71.06 } });
    expect((await inject(t.app, endpoints.accountLocation, { access: a.access })).json().location).toMatchObject({ city: 'New York City', latitude: 40.678 });
    expect((await inject(t.app, endpoints.accountLocation, { access: b.access })).json().location).toMatchObject({ city: 'Boston', latitude: 42.36 });
  });

  it('refuses a caller without a session with 401', async () => {
    expect((await inject(t.app, endpoints.accountLocation)).statusCode).toBe(401);
    const res = await inject(t.app, endpoints.saveAccountLocation, { body: crownHeights });
    expect(res.statusCode).toBe(401);
    expect(res.error().code).toBe('UNAUTHENTICATED');
  });

  it('refuses coordinates off the globe, missing names and over-long text with 400 and a message per field', async () => {
    const a = await signedIn();
    const cases: [unknown, string[]][] = [
      [{ ...crownHeights, latitude: 91 }, ['latitude']],
      [{ ...crownHeights, longitude: -180.5 }, ['longitude']],
      [{ ...crownHeights, latitude: '40.678' }, ['latitude']],
      [{ ...crownHeights, city: '  ' }, ['city']],
      [{ ...crownHeights, country: undefined, state: undefined }, ['country', 'state']],
      [{ ...crownHeights, area: 'x'.repeat(121) }, ['area']],
      [{ ...crownHeights, formatted_address: 'y'.repeat(301) }, ['formatted_address']],
      [null, []],
      ['Brooklyn', []],
    ];
    for (const [body, fields] of cases) {
      const res = await inject(t.app, endpoints.saveAccountLocation, { access: a.access, body: raw(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.error();
      expect(error.code).toBe('VALIDATION_FAILED');
      for (const field of fields) expect(error.fields, field).toHaveProperty(field, expect.any(String));
    }
    expect(await t.database.db.select().from(userLocations).where(eq(userLocations.userId, a.user.id))).toEqual([]);
  });

  it('says what is wrong in the person\'s words', async () => {
    const a = await signedIn();
    const res = await inject(t.app, endpoints.saveAccountLocation, { access: a.access, body: raw({ ...crownHeights, latitude: 123, city: '' }) });
    expect(res.error().fields).toMatchObject({ latitude: 'Latitude is between -90 and 90.', city: 'Name the city.' });
  });

  it('is deleted with the account', async () => {
    const a = await signedIn();
    await inject(t.app, endpoints.saveAccountLocation, { access: a.access, body: crownHeights });
    const deleted = await inject(t.app, endpoints.deleteAccount, { access: a.access, body: { password: a.password, confirm: true } });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(userLocations).where(eq(userLocations.userId, a.user.id))).toEqual([]);
  });
});
