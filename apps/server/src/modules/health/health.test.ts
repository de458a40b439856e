import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { createTestApp, inject, type TestContext } from '../../../test/helper.ts';

describe('GET /api/health', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  it('answers 200 ok, database up and realtime listening, while the database answers', async () => {
    const res = await inject(t.app, endpoints.health);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', realtime: 'listening' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('answers 503 unavailable, database down, with Retry-After, once the database stops answering', async () => {
    await t.database.close();
    const res = await inject(t.app, endpoints.health);
    expect(res.statusCode).toBe(503);
    // Health answers its own shape on a 503, not the error shape: the body is read as it is.
    expect(JSON.parse(res.body)).toMatchObject({ status: 'unavailable', database: 'down' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
