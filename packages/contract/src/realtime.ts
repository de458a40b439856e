import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.ts';

/**
 * The realtime socket (`/api/ws`): one per signed-in tab. The person's own `user:<id>` channel is joined on connect;
 * other channels (`chat:<room id>` for chat) are asked for with a subscribe frame, and the server checks membership on the
 * subscribe and again on every delivery. Decision record: docs/decisions/0009-realtime-channels.md.
 */

/** `kind:id`, e.g. `user:<uuid>` or `room:<uuid>`. */
export const ChannelName = z.string().regex(/^[a-z][a-z_]{0,30}:[A-Za-z0-9_-]{1,64}$/, 'A channel is kind:id, e.g. room:<id>.');
export type ChannelName = z.infer<typeof ChannelName>;

/** What a client may send: anything else is answered with a FRAME_INVALID error frame. */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: ChannelName }),
  z.object({ type: z.literal('unsubscribe'), channel: ChannelName }),
  /**
   * "I am typing" on a subscribed channel of a kind that carries it (a chat room): told to the channel's other sockets
   * as a `chat_typing` room event, at most once per TYPING_INTERVAL_MS per socket and channel (more are dropped).
   */
  z.object({ type: z.literal('typing'), channel: ChannelName }),
]);

/** How often a socket may say it is typing on one channel; a client says it again this often while typing goes on. */
export const TYPING_INTERVAL_MS = 2000;
/** How long a page shows someone as typing after their last typing event. */
export const TYPING_SHOWN_MS = 5000;
export type ClientFrame = z.infer<typeof ClientFrame>;

/**
 * What domains publish on a channel: ids and a few short fields, never bodies (PostgreSQL caps a NOTIFY payload at
 * 8,000 bytes). The client fetches the bodies through the REST endpoints.
 */
export const RealtimeEvent = z.discriminatedUnion('type', [
  /** A new notification: its title for the toast; the list is refetched for the rest. */
  z.object({
    type: z.literal('notification'),
    id: z.string().uuid(),
    notification_type: z.string().max(64),
    title: z.string().max(200),
    /** The browser tab whose own action caused it (its X-LocalLoop-Tab header): that tab shows no toast for it. */
    origin: z.string().max(64).optional(),
  }),
  /** The vendor's approval, KYC status or suspension changed: refetch the vendor status and record. */
  z.object({ type: z.literal('vendor_status'), vendor_id: z.string().uuid() }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;
export type RealtimeEventType = RealtimeEvent['type'];

/**
 * What a room publishes on its channel (`chat:<room id>`): heard only by the sockets that subscribed, in `room_event`
 * frames, so the app-wide handling of `event` frames (RealtimeEvent) is not involved. Ids and the seq, never the text:
 * the page fetches the message with `after` = seq - 1 (docs/decisions/0021).
 */
export const RoomEvent = z.discriminatedUnion('type', [
  /** A new message; its client_id matches the one its sender sent, so the sender's page can settle its pending copy. */
  z.object({ type: z.literal('chat_message'), room_id: z.string().uuid(), id: z.string().uuid(), seq: z.number().int(), sender_id: z.string().uuid(), client_id: z.string().uuid() }),
  /** A member's read receipt moved. */
  z.object({ type: z.literal('chat_read'), room_id: z.string().uuid(), user_id: z.string().uuid(), seq: z.number().int() }),
  /** A member is typing (sent by the hub for a typing frame; never stored). */
  z.object({ type: z.literal('chat_typing'), room_id: z.string().uuid(), user_id: z.string().uuid() }),
]);
export type RoomEvent = z.infer<typeof RoomEvent>;
const roomEventTypes: ReadonlySet<string> = new Set(RoomEvent.options.map((o) => o.shape.type.value));
export const isRoomEvent = (event: RealtimeEvent | RoomEvent): event is RoomEvent => roomEventTypes.has(event.type);

export const realtimeErrorCodes = [
  /** Not JSON, or not a frame this server knows. */
  'FRAME_INVALID',
  /** No such kind of channel. */
  'CHANNEL_UNKNOWN',
  /** Not a member (or no such channel: the two are not told apart). */
  'CHANNEL_FORBIDDEN',
  /** Too many channels on one socket. */
  'CHANNEL_LIMIT',
  /** Membership could not be checked right now; try again later. */
  'CHANNEL_UNAVAILABLE',
  /** A typing frame for a channel the socket does not hear, or of a kind that carries no typing. */
  'TYPING_REFUSED',
] as const;
export type RealtimeErrorCode = (typeof realtimeErrorCodes)[number];

/** What the server sends. */
export const ServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), channel: ChannelName, event: RealtimeEvent }),
  z.object({ type: z.literal('room_event'), channel: ChannelName, event: RoomEvent }),
  z.object({ type: z.literal('subscribed'), channel: ChannelName }),
  /** `revoked`: the membership ended (checked on a delivery); nothing more comes from that channel. */
  z.object({ type: z.literal('unsubscribed'), channel: ChannelName, reason: z.enum(['requested', 'revoked']) }),
  /** A refused frame; the socket stays open. */
  z.object({ type: z.literal('error'), code: z.enum(realtimeErrorCodes), message: z.string(), channel: z.string().optional() }),
  /** Events may have been missed (the server lost its link to the database for a while): refetch what is shown. */
  z.object({ type: z.literal('resync'), at: z.string() }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;

export const WsTicketResponse = z.object({
  /** One use, valid 30 s: open `/api/ws?ticket=…` with it. */
  ticket: z.string(),
  expires_in: z.number().int(),
});
export type WsTicketResponse = z.infer<typeof WsTicketResponse>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const realtimeEndpoints = {
  wsTicket: endpoint({
    method: 'POST',
    path: '/ws/ticket/',
    body: undefined,
    response: WsTicketResponse,
    auth: 'required',
    summary: 'A one-use ticket (30 s) to open the realtime socket at /api/ws?ticket=…',
  }),
} as const satisfies Record<string, Endpoint>;
