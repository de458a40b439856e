import type { APIRequestContext, Route } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, logIn, newPerson, signUpByApi, test } from './fixtures.ts';

/**
 * A chat room with a long history (issue 16): 1,000 messages, of which the page holds only the rows near the view.
 * The newest shows first; scrolling up loads older pages without moving what was in view; a message sent then shows
 * at the bottom. How smooth the scrolling is (long tasks) is measured by the bench (scripts/bench-web.mjs), not here.
 */

const MESSAGES = 1000;
/** The server takes 120 messages a minute from one account (CHAT_MESSAGES_PER_MINUTE): one writer per 100. */
const WRITERS = MESSAGES / 100;

type ChatMessagePage = { results: { text: string }[]; has_more: boolean };

/** Short lines and the odd paragraph over several lines: rows of different heights. */
const line = (n: number) =>
  n % 9 === 0 ? `Message ${n}: the plan for Saturday in full. We meet at the north gate at 8:30, walk the loop clockwise and stop for coffee at the boathouse.\nBring water.` : `Message ${n}`;

async function accessOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/login/v2/', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

/** A group chat of MESSAGES messages: a host's unlisted activity, WRITERS - 1 people who join it, all writing in turn. */
async function longRoom(request: APIRequestContext) {
  const people = Array.from({ length: WRITERS }, (_, i) => newPerson(i === 0 ? 'longchathost' : `longchat${i}`));
  const tokens: string[] = [];
  for (const person of people) {
    await signUpByApi(request, person);
    tokens.push(await accessOf(request, person.email, person.password));
  }
  const auth = (i: number) => ({ authorization: `Bearer ${tokens[i] ?? ''}` });
  const starts = Date.now() + 86_400_000;
  const created = await request.post('/api/activities/create/', {
    headers: auth(0),
    data: {
      title: `Long chat ${Date.now().toString(36)}`,
      description: 'A room with a long history, to scroll through.',
      category: 'Social',
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(starts + 7_200_000).toISOString(),
      location: { formatted_address: 'Central Park, New York', city: 'New York', latitude: 40.7829, longitude: -73.9654 },
      join_mode: 'open',
      visibility: 'unlisted',
    },
  });
  expect(created.status()).toBe(201);
  const activityId = ((await created.json()) as { id: string }).id;
  for (let i = 1; i < WRITERS; i += 1) expect((await request.post(`/api/activities/${activityId}/join/`, { headers: auth(i) })).ok()).toBe(true);
  const [room] = (await (await request.get(`/api/chat/get/chat-rooms/${activityId}/`, { headers: auth(0) })).json()) as { id: string }[];
  const roomId = room?.id ?? '';
  let next = 0;
  // A few at a time, each by the next writer: the database takes one write at a time anyway.
  const writer = async () => {
    while (next < MESSAGES) {
      const n = (next += 1);
      const posted = await request.post(`/api/chat/rooms/${roomId}/messages/`, { headers: auth(n % WRITERS), data: { client_id: randomUUID(), text: line(n) } });
      expect(posted.status(), await posted.text()).toBe(201);
    }
  };
  await Promise.all(Array.from({ length: 6 }, writer));
  // The newest page as the page will load it: its first message is the one at the top until older ones come in.
  const newest = (await (await request.get(`/api/chat/rooms/${roomId}/messages/?limit=50`, { headers: auth(0) })).json()) as ChatMessagePage;
  const oldest = (await (await request.get(`/api/chat/rooms/${roomId}/messages/?after=0&limit=1`, { headers: auth(0) })).json()) as ChatMessagePage;
  return {
    host: people[0] ?? newPerson('unused'),
    activityId,
    roomId,
    firstLoaded: newest.results[0]?.text ?? '',
    newestText: newest.results.at(-1)?.text ?? '',
    oldestText: oldest.results[0]?.text ?? '',
  };
}

test('a chat of 1,000 messages keeps only the rows near the view in the page, loads older ones above without a jump, and shows a new one at the bottom', async ({ page, request }) => {
  test.setTimeout(120_000);
  const room = await longRoom(request);
  await logIn(page, room.host.email, room.host.password);
  await expect(page).not.toHaveURL(/\/login$/);

  // Older pages wait until the test lets them through, so that where the view was can be read before they come.
  const held: Route[] = [];
  await page.route(/\/api\/chat\/rooms\/[^/]+\/messages\/\?.*before=/, (route) => void held.push(route));

  await page.goto(`/chat/${room.activityId}/${room.roomId}`);
  const region = page.getByRole('region', { name: 'Conversation' });
  const log = page.getByRole('log', { name: 'Messages' });
  const rows = log.getByRole('listitem');
  await expect(log.getByText(room.newestText, { exact: true })).toBeInViewport({ timeout: 15_000 });
  expect(await rows.count()).toBeLessThan(40);

  // Up with the wheel until the first loaded message is in view and the older page is asked for.
  const box = await region.boundingBox();
  await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  const firstLoaded = log.getByText(room.firstLoaded, { exact: true });
  await expect
    .poll(
      async () => {
        if (held.length === 0) await page.mouse.wheel(0, -600);
        return held.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(firstLoaded).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Loading older messages…' })).toBeVisible();
  const before = (await firstLoaded.boundingBox())?.y ?? 0;

  // The 50 older messages come in above it: it stays where it was.
  await held[0]?.continue();
  await page.unroute(/\/api\/chat\/rooms\/[^/]+\/messages\/\?.*before=/);
  await expect(page.getByRole('button', { name: 'Load older messages' })).toBeVisible();
  await expect(firstLoaded).toBeInViewport();
  await expect.poll(async () => Math.abs(((await firstLoaded.boundingBox())?.y ?? 0) - before)).toBeLessThan(1);
  expect(await rows.count()).toBeLessThan(60);

  // On up to the first message of the room, page after page; the page still holds only the rows near the view.
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, -2000);
        return region.evaluate((el) => el.scrollTop === 0 && (el.textContent ?? '').includes('This is the start of the conversation.'));
      },
      { timeout: 60_000, intervals: [50] },
    )
    .toBe(true);
  await expect(page.getByText('This is the start of the conversation.')).toBeInViewport();
  await expect(log.getByText(room.oldestText, { exact: true })).toBeInViewport();
  expect(await rows.count()).toBeLessThan(100);

  // A message sent from up there shows at the bottom, in view.
  await page.getByRole('textbox', { name: 'Message' }).fill('Made it to the top of the history!');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const sent = log.getByText('Made it to the top of the history!', { exact: true });
  await expect(sent).toBeInViewport();
  await expect(log.getByText('Sending…')).toBeHidden();
  await expect.poll(() => region.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
  await expect(sent).toBeInViewport();
  expect(await rows.count()).toBeLessThan(100);
});
