import { endpoints } from '@localloop/contract';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { postMessage, readRoom, roomMessages } from './messages.ts';
import { createChatRequest, decideChatRequests, pendingChatRequests } from './requests.ts';
import { roomsOf } from './rooms.ts';
import { isRoomMember, type ChatDeps } from './shared.ts';

/**
 * Chat (docs/decisions/0021): requests to an activity's host, rooms, messages and read receipts. A request is reached
 * through its activity's host, a room and its messages through membership (others get 404). Registers the `chat`
 * channel kind: the hub asks the same membership on subscribe and before every delivery.
 */
export async function chatRoutes(app: App, ctx: AppContext) {
  const deps: ChatDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  ctx.realtime.registerChannel('chat', (userId, roomId, db) => isRoomMember(db, userId, roomId), {
    typing: (roomId, userId) => ({ type: 'chat_typing', room_id: roomId, user_id: userId }),
  });

  route(app, endpoints.createChatRequest, ({ userId, body }) => createChatRequest(deps, userId, body));
  route(app, endpoints.chatRequests, ({ userId, params }) => pendingChatRequests(deps, userId, params.id));
  route(app, endpoints.acceptChatRequests, ({ userId, body }) => decideChatRequests(deps, userId, body));
  route(app, endpoints.chatRooms, ({ userId, params }) => roomsOf(deps, userId, params.id));
  route(app, endpoints.chatMessages, ({ userId, params, query }) => roomMessages(deps, userId, params.room_id, query));
  route(app, endpoints.postChatMessage, async ({ userId, params, body, reply }) => {
    const { message, replayed } = await postMessage(deps, userId, params.room_id, body);
    // A retry answers as the first request did, and says it is a replay (as a purchase with an Idempotency-Key).
    if (replayed) reply.header('idempotent-replayed', 'true');
    return message;
  });
  route(app, endpoints.readChatRoom, ({ userId, params, body }) => readRoom(deps, userId, params.room_id, body.message_id));
}
