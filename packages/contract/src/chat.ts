import { z } from 'zod';
import { ActivityPerson, ChatRequestStatus } from './activities.ts';
import { Uuid } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- Chat: requests, rooms, messages, read receipts (docs/decisions/0021) -------------------------

export const MAX_CHAT_MESSAGE_LENGTH = 2000;
export const MAX_CHAT_REQUEST_MESSAGE_LENGTH = 500;
/** The most decisions one accept-chat-request call takes. */
export const MAX_CHAT_DECISIONS = 50;
export const MAX_CHAT_PAGE = 100;


/** Someone asks the host of an activity for a one-to-one chat about it. */
export const ChatRequestInput = z.object({
  activity_id: Uuid('Choose an activity.'),
  message: z.string().trim().max(MAX_CHAT_REQUEST_MESSAGE_LENGTH, `Use at most ${MAX_CHAT_REQUEST_MESSAGE_LENGTH} characters.`).default(''),
});
export type ChatRequestInput = z.input<typeof ChatRequestInput>;

export const ChatRequest = z.object({
  id: z.string().uuid(),
  activity_id: z.string().uuid(),
  requester: ActivityPerson,
  message: z.string(),
  status: ChatRequestStatus,
  /** The one-to-one room an accepted request opened; null otherwise. */
  room_id: z.string().uuid().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** The spec's chat request decision: exactly one of is_accepted and is_rejected is true. */
export const ChatRequestDecision = z
  .object({
    id: Uuid('Choose a chat request.'),
    is_accepted: z.boolean({ error: 'Say true or false.' }).default(false),
    is_rejected: z.boolean({ error: 'Say true or false.' }).default(false),
  })
  .refine((d) => d.is_accepted !== d.is_rejected, { path: ['is_accepted'], message: 'Accept or reject: exactly one of is_accepted and is_rejected is true.' });
export type ChatRequestDecision = z.input<typeof ChatRequestDecision>;

/** Several decisions at once, all or nothing. */
export const ChatRequestDecisions = z
  .array(ChatRequestDecision)
  .min(1, 'Decide at least one chat request.')
  .max(MAX_CHAT_DECISIONS, `Decide at most ${MAX_CHAT_DECISIONS} chat requests at once.`)
  .refine((ds) => new Set(ds.map((d) => d.id)).size === ds.length, 'The same chat request is decided twice.');
export type ChatRequestDecisions = z.input<typeof ChatRequestDecisions>;

export const ChatMessage = z.object({
  id: z.string().uuid(),
  room_id: z.string().uuid(),
  /** The room's order: larger is newer; the cursor of `before` and `after`. */
  seq: z.number().int(),
  /** The sender's id for this message (dedup of retries). */
  client_id: z.string().uuid(),
  sender: ActivityPerson,
  /** Plain text: render it as text, never as HTML. */
  text: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** `group`: the host and the joined participants; `direct`: the host and one person whose chat request was accepted. */
export const ChatRoomKind = z.enum(['group', 'direct']);
export type ChatRoomKind = z.infer<typeof ChatRoomKind>;

export const ChatRoom = z.object({
  id: z.string().uuid(),
  activity_id: z.string().uuid(),
  kind: ChatRoomKind,
  title: z.string(),
  /** The first 50 members, the host first. */
  members: z.array(ActivityPerson),
  member_count: z.number().int(),
  last_message: ChatMessage.nullable(),
  /** Messages of others after the caller's read receipt. */
  unread_count: z.number().int(),
  /** The caller's read receipt (the seq of the last message read); 0 before any. */
  last_read_seq: z.number().int(),
  /** The listed members' read receipts (the caller's too), for "seen by"; a member who read nothing yet is left out. */
  read_receipts: z.array(z.object({ user_id: z.string().uuid(), last_read_seq: z.number().int() })),
});
export type ChatRoom = z.infer<typeof ChatRoom>;

export const RoomIdParams = z.object({ room_id: Uuid('Unknown chat room.') });

const Cursor = z.coerce.number({ error: 'Give a message seq as a number.' }).int('Give a message seq as a whole number.').min(0, 'A seq is 0 or more.').max(Number.MAX_SAFE_INTEGER);

/**
 * A page of a room's history, returned oldest to newest. Without `after`: the newest page (older than `before` when
 * given; scroll up with the first message's seq). With `after`: what came after that seq, oldest first (a reconnect
 * asks with the last seq it saw), and below `before` when both are given.
 */
export const ChatMessagesQuery = z.object({
  before: Cursor.optional(),
  after: Cursor.optional(),
  limit: z.coerce.number().int('Use a whole number.').min(1, 'At least 1.').max(MAX_CHAT_PAGE, `At most ${MAX_CHAT_PAGE}.`).default(50),
});
export type ChatMessagesQuery = z.input<typeof ChatMessagesQuery>;

export const ChatMessagePage = z.object({
  results: z.array(ChatMessage),
  /** More messages beyond this page, in the direction asked (older without `after`, newer with it). */
  has_more: z.boolean(),
});
export type ChatMessagePage = z.infer<typeof ChatMessagePage>;

export const ChatMessageInput = z.object({
  /** The client's id for this message: sending it again answers the first message instead of a copy. */
  client_id: Uuid('Give the message a client id (a UUID).'),
  text: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(MAX_CHAT_MESSAGE_LENGTH, `Use at most ${MAX_CHAT_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`),
});
export type ChatMessageInput = z.input<typeof ChatMessageInput>;

export const ChatReadInput = z.object({ message_id: Uuid('Choose a message of this room.') });
export type ChatReadInput = z.input<typeof ChatReadInput>;

export const ChatReadResult = z.object({ room_id: z.string().uuid(), last_read_seq: z.number().int(), unread_count: z.number().int() });
export type ChatReadResult = z.infer<typeof ChatReadResult>;

const ActivityIdParams = z.object({ id: Uuid('Unknown activity.') });

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const chatEndpoints = {
  createChatRequest: endpoint({
    method: 'POST',
    path: '/chat/create-chat-request/',
    body: ChatRequestInput,
    response: ChatRequest,
    status: 201,
    auth: 'required',
    summary: 'Asks the host of an activity for a one-to-one chat about it; once per person and activity',
  }),
  chatRequests: endpoint({
    method: 'GET',
    path: '/chat/get-chat-requests/{id}/',
    params: ActivityIdParams,
    body: undefined,
    response: z.array(ChatRequest),
    auth: 'required',
    summary: 'The pending chat requests of activity id, oldest first: its host\'s to read (anyone else gets 404)',
  }),
  acceptChatRequests: endpoint({
    method: 'PATCH',
    path: '/chat/accept-chat-request/',
    body: ChatRequestDecisions,
    response: z.array(ChatRequest),
    auth: 'required',
    summary: 'The host accepts (opening a one-to-one room) or rejects pending chat requests, several at once, all or nothing',
  }),
  chatRooms: endpoint({
    method: 'GET',
    path: '/chat/get/chat-rooms/{id}/',
    params: ActivityIdParams,
    body: undefined,
    response: z.array(ChatRoom),
    auth: 'required',
    summary: 'The rooms of activity id the caller belongs to (the group room, one-to-one rooms); 404 when none',
  }),
  chatMessages: endpoint({
    method: 'GET',
    path: '/chat/rooms/{room_id}/messages/',
    params: RoomIdParams,
    query: ChatMessagesQuery,
    body: undefined,
    response: ChatMessagePage,
    auth: 'required',
    summary: 'A page of a room\'s messages by seq cursor (newest page first, each page oldest to newest); members only',
  }),
  postChatMessage: endpoint({
    method: 'POST',
    path: '/chat/rooms/{room_id}/messages/',
    params: RoomIdParams,
    body: ChatMessageInput,
    response: ChatMessage,
    status: 201,
    auth: 'required',
    summary: 'Posts a message to a room (members only); the same client_id again answers the first message',
  }),
  readChatRoom: endpoint({
    method: 'POST',
    path: '/chat/rooms/{room_id}/read/',
    params: RoomIdParams,
    body: ChatReadInput,
    response: ChatReadResult,
    auth: 'required',
    summary: 'The caller\'s read receipt in a room: up to this message (it never moves back)',
  }),
} satisfies Record<string, Endpoint>;
