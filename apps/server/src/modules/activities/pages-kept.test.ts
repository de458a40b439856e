import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Activity } from '@localloop/contract';
import { activities } from '../../db/schema.ts';
import { activityFixtures } from '../../../test/activity-fixtures.ts';
import { closeBoth, inject, testClock, twoAppsOnOneDatabase, type TestContext } from '../../../test/helper.ts';
import type { App } from '../../lib/http.ts';
import { until } from '../../../test/sockets.ts';
import { keptUntilChanged, type KeptUntilChanged } from '../../lib/kept-until-changed.ts';
import { activityDetails, loadActivity } from './catalogue.ts';
import type { KeptPage } from './details.ts';

/**
 * An activity's page kept for everyone until it changes (details.ts, lib/kept-until-changed.ts), in two server
 * processes on one database: `a` and `b`, each with its own kept pages, told of each other's changes by the bus. A
 * title rewritten in the database behind the apps' backs shows whether a page was read or kept.
 */
let a: TestContext;
let b: TestContext;
const clock = testClock();

beforeAll(async () => {
  [a, b] = await twoAppsOnOneDatabase({ clock, config: { publicAnswerTtlMs: 10_000 } });
});
afterAll(() => closeBoth([a, b]));

const { person, hosted, join, leave } = activityFixtures(() => a, clock);

async function page(app: App, id: string, access?: string): Promise<Activity> {
  const res = await inject(app, endpoints.activityDetails, { params: { id }, ...(access ? { access } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rewrite = (id: string, title: string) => a.database.db.update(activities).set({ title }).where(eq(activities.id, id));


describe("an activity's kept page", () => {
  it('answers visitors and signed-in people from one read with each one\'s own place fresh, and forgets it where a join or a leave is made at once and elsewhere once the bus tells', async () => {
    const { host, activity } = await hosted({ capacity: 5 });
    const [joiner, onlooker] = [await person(), await person()];
    expect((await page(a.app, activity.id)).title).toBe(activity.title);
    await rewrite(activity.id, 'Rewritten behind the apps');
    // Kept for visitors and signed-in people alike; the host reads afresh.
    expect((await page(a.app, activity.id)).title).toBe(activity.title);
    expect(await page(a.app, activity.id, onlooker.access)).toMatchObject({ title: activity.title, my_state: 'none', is_host: false });
    expect((await page(a.app, activity.id, host.access)).title).toBe('Rewritten behind the apps');

    // Joined in the other process: there at once, the joiner's own place and the list; here once the bus tells.
    expect((await inject(b.app, endpoints.joinActivity, { access: joiner.access, params: { id: activity.id } })).statusCode).toBe(200);
    expect(await page(b.app, activity.id, joiner.access)).toMatchObject({ my_state: 'joined', participant_count: 1, participants: [{ id: joiner.id }] });
    let seen = await page(a.app, activity.id, onlooker.access);
    expect(await until(async () => (seen = await page(a.app, activity.id, onlooker.access)).participant_count === 1)).toBe(true);
    expect(seen).toMatchObject({ title: 'Rewritten behind the apps', my_state: 'none', participants: [{ id: joiner.id }] });
    // The joiner's own place comes with the kept page read by others.
    expect(await page(a.app, activity.id, joiner.access)).toMatchObject({ my_state: 'joined', chat_room_id: expect.any(String) });
    expect((await page(a.app, activity.id, onlooker.access)).chat_room_id).toBeNull();

    // Left here: gone here at once, there once the bus tells.
    expect((await inject(a.app, endpoints.leaveActivity, { access: joiner.access, params: { id: activity.id } })).statusCode).toBe(200);
    expect(await page(a.app, activity.id)).toMatchObject({ participant_count: 0, participants: [] });
    expect(await page(a.app, activity.id, joiner.access)).toMatchObject({ my_state: 'none', participant_count: 0 });
    expect(await until(async () => (await page(b.app, activity.id)).participant_count === 0)).toBe(true);
  });

  it('shows the deactivation at once, and a change the bus does not carry after the time', async () => {
    const { host, activity } = await hosted();
    const visitorSees = async () => (await page(a.app, activity.id)).title;
    expect(await visitorSees()).toBe(activity.title);
    await rewrite(activity.id, 'Renamed quietly');
    expect(await visitorSees()).toBe(activity.title);
    clock.advance(10_001);
    expect(await visitorSees()).toBe('Renamed quietly');
    expect((await inject(a.app, endpoints.deactivateActivity, { access: host.access, params: { id: activity.id } })).statusCode).toBe(200);
    expect((await page(a.app, activity.id)).state).toBe('deactivated');
    expect(await until(async () => (await page(b.app, activity.id)).state === 'deactivated')).toBe(true);
  });

  it("keeps each part of a page as big as it was when measured: a visitor's answer is an entry of its own, not added to the row's", async () => {
    const { activity } = await hosted();
    // The kept pages' cap counts each entry's JSON once, as it is stored: one that grows afterwards escapes the cap.
    const real = keptUntilChanged<KeptPage>({ ttlMs: 10_000, clock });
    const stored: { key: string; value: KeptPage; bytes: number }[] = [];
    const pages: KeptUntilChanged<KeptPage> = {
      ...real,
      get: (scope, key, read) =>
        real.get(scope, key, async () => {
          const value = await read();
          stored.push({ key, value, bytes: JSON.stringify(value).length });
          return value;
        }),
    };
    const deps = { db: a.database.db, clock, mediaUrl: (key: string) => `/media/${key}`, pages };
    const first = await activityDetails(deps, null, activity.id);
    expect(first.title).toBe(activity.title);
    // Kept: the second visitor gets the same answer, built once.
    expect(await activityDetails(deps, null, activity.id)).toBe(first);
    expect(stored.map((entry) => entry.key).sort()).toEqual([activity.id, 'visitor'].sort());
    for (const entry of stored) expect(JSON.stringify(entry.value).length, entry.key).toBe(entry.bytes);
    // No such activity: kept as such, for visitors too.
    const missing = '6f1d5c1e-0000-4000-8000-00000000beef';
    await expect(activityDetails(deps, null, missing)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("gives a signed-in caller the visitors' kept page with their own parts put in: the page read for them in full, whatever their place", async () => {
    // A weekly series (its other dates read for the caller as of now), 2 places: joined, waitlisted, left, a chat
    // request pending and one accepted, an onlooker; then the same on a page that asks the host's approval.
    const { host, activity } = await hosted({ capacity: 2, repeat_weekly: 2 });
    const [joined, second, waiting, gone, asking, accepted, onlooker] = [await person(), await person(), await person(), await person(), await person(), await person(), await person()];
    for (const who of [joined, second, waiting, gone]) expect((await join(who.access, activity.id)).statusCode).toBe(200);
    expect((await leave(gone.access, activity.id)).statusCode).toBe(200);
    const ask = (who: { access: string }) => inject(a.app, endpoints.createChatRequest, { access: who.access, body: { activity_id: activity.id } });
    expect((await ask(asking)).statusCode).toBe(201);
    const request = (await ask(accepted)).json();
    const decided = await inject(a.app, endpoints.acceptChatRequests, { access: host.access, body: [{ id: request.id, is_accepted: true, is_rejected: false }] });
    expect(decided.statusCode, decided.body).toBe(200);
    const { host: approver, activity: approval } = await hosted({ join_mode: 'approval' });
    const requester = await person();
    expect((await join(requester.access, approval.id)).statusCode).toBe(200);

    const deps = { db: a.database.db, clock, mediaUrl: (key: string) => `/media/${key}`, pages: keptUntilChanged<KeptPage>({ ttlMs: 10_000, clock }) };
    const inFull = { ...deps, pages: undefined };
    const seen = new Set<string>();
    for (const [id, who] of [
      ...[joined, second, waiting, gone, asking, accepted, onlooker, host].map((p) => [activity.id, p] as const),
      ...[requester, approver, onlooker].map((p) => [approval.id, p] as const),
    ]) {
      const page = await activityDetails(deps, who.id, id);
      expect(page).toEqual(await loadActivity(inFull, inFull.db, id, who.id));
      seen.add(`${page.my_state}:${page.my_chat_request?.status ?? '-'}:${page.chat_room_id ? 'room' : '-'}`);
    }
    expect([...seen].sort()).toEqual(['host:-:room', 'joined:-:room', 'none:-:-', 'none:accepted:-', 'none:pending:-', 'requested:-:-', 'waitlisted:-:-'].sort());
    expect((await activityDetails(deps, waiting.id, activity.id)).my_waitlist_position).toBe(1);
    expect((await activityDetails(deps, joined.id, activity.id)).series?.upcoming).toHaveLength(2);
  });

  it('answers 404 for an activity that does not exist, to visitors and signed-in people', async () => {
    const someone = await person();
    const missing = '6f1d5c1e-0000-4000-8000-00000000dead';
    expect((await inject(a.app, endpoints.activityDetails, { params: { id: missing } })).statusCode).toBe(404);
    expect((await inject(a.app, endpoints.activityDetails, { params: { id: missing }, access: someone.access })).statusCode).toBe(404);
  });
});
