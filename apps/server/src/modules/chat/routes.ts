import { endpoints } from '@localloop/contract';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { perAccount } from '../../lib/rate-limit.ts';
import { keptPages } from './kept-pages.ts';
import { postMessage, readRoom, roomMessages } from './messages.ts';
import { createChatRequest, decideChatRequests, pendingChatRequests } from './requests.ts';
import { roomsOf } from './rooms.ts';
import { isRoomMember, roomMembersAmong, type ChatDeps } from './shared.ts';

/**
 * Chat (docs/decisions/0021): requests to an activity's host, rooms, messages and read receipts. A request is reached
 * through its activity's host, a room and its messages through membership (others get 404). Registers the `chat`
 * channel kind: the hub asks the same membership on subscribe and before every delivery.
 */
/** The most chat requests one account sends in an hour. */
export const CHAT_REQUESTS_PER_HOUR = 30;

export async function chatRoutes(app: App, ctx: AppContext) {
  const pages = keptPages({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock });
  // A message posted in any process forgets the room's kept pages here once its word comes round on the bus.
  ctx.realtime.watch({
    heard: (channel, event) => {
      if (event.type === 'chat_message' && channel === `chat:${event.room_id}`) pages.changed(event.room_id);
    },
    busDown: () => pages.busDown(),
    busUp: () => pages.busUp(),
  });
  const deps: ChatDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl, pages, log: app.log };
  ctx.realtime.registerChannel('chat', (userId, roomId, db) => isRoomMember(db, userId, roomId), {
    typing: (roomId, userId) => ({ type: 'chat_typing', room_id: roomId, user_id: userId }),
    members: (userIds, roomId, db) => roomMembersAmong(db, userIds, roomId),
  });

  // Per account, whatever its address or socket: a person writes far slower than this; a script is held to it.
  const messagesPerMinute = perAccount(ctx.config.chatMessagesPerMinute, '1 minute');
  const requestsPerHour = perAccount(CHAT_REQUESTS_PER_HOUR, '1 hour');

  route(app, endpoints.createChatRequest, ({ userId, body }) => createChatRequest(deps, userId, body), requestsPerHour);
  route(app, endpoints.chatRequests, ({ userId, params }) => pendingChatRequests(deps, userId, params.id));
  route(app, endpoints.acceptChatRequests, ({ userId, body }) => decideChatRequests(deps, userId, body));
  route(app, endpoints.chatRooms, ({ userId, params }) => roomsOf(deps, userId, params.id));
  route(app, endpoints.chatMessages, ({ userId, params, query }) => roomMessages(deps, userId, params.room_id, query));
  route(app, endpoints.postChatMessage, async ({ userId, params, body, reply }) => {
    const { message, replayed } = await postMessage(deps, userId, params.room_id, body);
    // A retry answers as the first request did, and says it is a replay (as a purchase with an Idempotency-Key).
    if (replayed) reply.header('idempotent-replayed', 'true');
    return message;
  }, messagesPerMinute);
  route(app, endpoints.readChatRoom, ({ userId, params, body }) => readRoom(deps, userId, params.room_id, body.message_id));
}
