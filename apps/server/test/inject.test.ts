import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { endpoint, endpoints, Uuid } from '@localloop/contract';
import { route } from '../src/lib/http.ts';
import { createTestApp, inject, raw, signedInAccount, type TestContext } from './helper.ts';

/** An endpoint of this test only, answering what it was sent. */
const echo = endpoint({
  method: 'PATCH',
  path: '/test/echo/{id}/{name}/',
  params: z.object({ id: Uuid(), name: z.string() }),
  query: z.object({ page: z.coerce.number().int(), tag: z.string().optional() }),
  body: z.object({ note: z.string(), count: z.number().int() }),
  response: z.object({
    params: z.object({ id: z.string(), name: z.string() }),
    query: z.object({ page: z.number(), tag: z.string().optional() }),
    body: z.object({ note: z.string(), count: z.number() }),
    userId: z.string().nullable(),
  }),
  status: 201,
  auth: 'optional',
  summary: 'Echoes its input, for the tests of inject()',
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      void app.register(async (api) => route(api, echo, async ({ params, query, body, userId }) => ({ params, query, body, userId })), { prefix: '/api' });
    },
  });
});
afterAll(() => t.close());

describe('inject()', () => {
  it('fills the path\'s parameters, encodes the query, sends the body as JSON and signs in with the access token', async () => {
    const account = await signedInAccount(t);
    const id = randomUUID();
    const res = await inject(t.app, echo, { params: { id, name: 'a b/c' }, query: { page: 2, tag: 'x&y' }, body: { note: 'hi', count: 3 }, access: account.access });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ params: { id, name: 'a b/c' }, query: { page: 2, tag: 'x&y' }, body: { note: 'hi', count: 3 }, userId: account.user.id });
  });

  it('reads a success with json() and an error with error(), each refusing the other', async () => {
    const refused = await inject(t.app, endpoints.profile);
    expect(refused.statusCode).toBe(401);
    expect(refused.error()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(() => refused.json()).toThrow('GET /profile/ answered 401, not 200');

    const answered = await inject(t.app, endpoints.health);
    expect(answered.json()).toMatchObject({ status: 'ok' });
    expect(() => answered.error()).toThrow('GET /health answered 200, not an error');
  });

  it('sends raw() input as it is, for the tests of input the contract refuses', async () => {
    const params = { id: randomUUID(), name: 'n' };
    const badBody = await inject(t.app, echo, { params, query: { page: 1 }, body: raw({ note: 5, count: 1 }) });
    expect(badBody.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { note: expect.any(String) } });
    const badQuery = await inject(t.app, echo, { params, query: raw({ page: 'first' }), body: { note: 'hi', count: 1 } });
    expect(badQuery.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { page: expect.any(String) } });
    const noBody = await inject(t.app, echo, { params, query: { page: 1 }, body: raw(undefined) });
    expect(noBody.error().code).toBe('VALIDATION_FAILED');
  });

  it('is typed by the contract: a misspelt endpoint, a missing or misspelt input and a wrong type fail to compile', () => {
    // Never run: `tsc -p apps/server` reads these lines, and fails on an @ts-expect-error whose error has gone.
    const unsent = () => [
      // @ts-expect-error there is no endpoint "logn"
      inject(t.app, endpoints.logn, { body: { email: 'a@example.test', password: 'secret' } }),
      // @ts-expect-error the path parameter "id" is missing
      inject(t.app, endpoints.vendorStatus, { params: {} }),
      // @ts-expect-error the path parameters are missing altogether
      inject(t.app, endpoints.adminVendor),
      // @ts-expect-error a rating is a number
      inject(t.app, endpoints.rateVendor, { body: { vendor_id: randomUUID(), rating: 'five' } }),
      // @ts-expect-error the body of a login is required
      inject(t.app, endpoints.login, {}),
      // @ts-expect-error the endpoint takes no body, except a raw() one
      inject(t.app, endpoints.profile, { body: { first_name: 'Ann' } }),
      // @ts-expect-error there is no query key "pages"
      inject(t.app, endpoints.notifications, { query: { pages: 2 } }),
    ];
    expect(unsent).toBeTypeOf('function');
    expectTypeOf<Awaited<ReturnType<typeof inject<typeof endpoints.profile>>>['json']>().returns.toHaveProperty('email');
  });
});
