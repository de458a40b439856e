import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@localloop/contract';
import { deals } from '../../db/schema.ts';
import { seedDemoData } from '../../db/seed/index.ts';
import { createTestApp, inject, signedInAccount, testClock, type TestContext } from '../../../test/helper.ts';

/**
 * Search and /Discover keep a visitor's answer for the next visitor asking the same, PUBLIC_ANSWER_SECONDS long
 * (lib/answer-cache.ts); a signed-in person's answer is always asked afresh. Seen through a deal renamed meanwhile.
 */
const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { publicAnswerTtlMs: 10_000 } });
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

const newYork = { lat: 40.7128, lng: -74.006 };
const before = 'A dozen bagels for $9';
const after = 'A dozen sesame bagels for $9';
const rename = (from: string, to: string) => t.database.db.update(deals).set({ title: to }).where(eq(deals.title, from));

async function searched(query: Record<string, string | number>, access?: string) {
  const res = await inject(t.app, endpoints.search, { query: { ...newYork, ...query } as never, ...(access ? { access } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deals.results.map((d) => d.title);
}

async function discovered(query: Record<string, string | number>, access?: string) {
  const res = await inject(t.app, endpoints.discover, { query: { ...newYork, per_group: 20, ...query } as never, ...(access ? { access } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deals.results.map((d) => d.title);
}

describe('visitors\' answers', () => {
  it('a search: the same again within the time, a signed-in person\'s and another question\'s afresh, all afresh after it', async () => {
    const person = await signedInAccount(t);
    expect(await searched({ q: 'bagels' })).toContain(before);
    await rename(before, after);
    try {
      expect(await searched({ q: 'bagels' })).toContain(before);
      expect(await searched({ q: 'bagels' }, person.access)).toContain(after);
      expect(await searched({ q: 'bagels', per_group: 3 })).toContain(after);
      expect(await searched({ q: 'bagels', lat: 40.7129 })).toContain(after);
      clock.advance(10_001);
      expect(await searched({ q: 'bagels' })).toContain(after);
    } finally {
      await rename(after, before);
      clock.advance(10_001);
    }
  });

  it('/Discover: the same', async () => {
    const person = await signedInAccount(t);
    expect(await discovered({})).toContain(before);
    await rename(before, after);
    try {
      expect(await discovered({})).toContain(before);
      expect(await discovered({}, person.access)).toContain(after);
      expect(await discovered({ category: 'food-drink' })).toContain(after);
      clock.advance(10_001);
      expect(await discovered({})).toContain(after);
    } finally {
      await rename(after, before);
      clock.advance(10_001);
    }
  });
});
