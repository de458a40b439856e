import { describe, expect, it } from 'vitest';
import { activityCategories } from './activities.ts';
import { DiscoverQuery, discoverCategories, discoverCategoryOf } from './discover.ts';
import { vendorCategories } from './vendors.ts';

describe('the themes of /Discover', () => {
  it('file every shop category and every activity category but Other under exactly one theme', () => {
    const shops = discoverCategories.flatMap((c) => c.vendor);
    const activities = discoverCategories.flatMap((c) => c.activity);
    expect([...shops].sort()).toEqual(vendorCategories.filter((c) => c !== 'Other').sort());
    expect([...activities].sort()).toEqual(activityCategories.filter((c) => c !== 'Other').sort());
  });

  it('give each theme its own slug, written as it is put in an address', () => {
    const slugs = discoverCategories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(discoverCategoryOf('fitness-sports')).toMatchObject({ vendor: ['Fitness & Sports'], activity: ['Sports & Fitness'] });
    expect(discoverCategoryOf('Fitness & Sports')).toBeUndefined();
  });

  it('takes New York, 25 km and 8 of each when the query says nothing, and refuses an unknown theme', () => {
    expect(DiscoverQuery.parse({})).toEqual({ lat: 40.7128, lng: -74.006, radius_km: 25, per_group: 8 });
    const refused = DiscoverQuery.safeParse({ category: 'food' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['category']);
  });
});
