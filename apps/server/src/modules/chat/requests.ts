import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatRequest, ChatRequestDecisions, ChatRequestInput } from '@localloop/contract';
import type { Tx } from '../../db/client.ts';
import { activities, chatRequests, chatRooms, users } from '../../db/schema.ts';
import { violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/index.ts';
import { avatar, iso, noSuchActivity, personColumns, toPerson, type ChatDeps, type PersonBits, type Reader } from './shared.ts';

/**
 * Chat requests (docs/decisions/0021): someone asks an activity's host for a one-to-one chat; the host accepts (a
 * direct room opens) or rejects, several at once and all or nothing. A request is reached only through its activity's
 * host; anyone else's answer is 404, as for a request that does not exist.
 */

const activityTarget = (id: string) => ({ kind: 'activity' as const, activity_id: id });

type RequestRow = { request: typeof chatRequests.$inferSelect; requester: PersonBits; roomId: string | null };

function selectRequests(db: Reader) {
  return db
    .select({ request: chatRequests, requester: personColumns, roomId: chatRooms.id })
    .from(chatRequests)
    .innerJoin(users, eq(users.id, chatRequests.requesterId))
    .leftJoin(avatar, eq(avatar.id, users.profileImageId))
    .leftJoin(chatRooms, eq(chatRooms.chatRequestId, chatRequests.id));
}

function toChatRequest(r: RequestRow, deps: Pick<ChatDeps, 'mediaUrl'>): ChatRequest {
  return {
    id: r.request.id,
    activity_id: r.request.activityId,
    requester: toPerson(r.requester, deps.mediaUrl),
    message: r.request.message,
    status: r.request.status,
    room_id: r.roomId,
    created_at: iso(r.request.createdAt),
    decided_at: r.request.decidedAt ? iso(r.request.decidedAt) : null,
  };
}

async function nameOf(tx: Tx, userId: string): Promise<string> {
  const [u] = await tx.select({ firstName: users.firstName, username: users.username }).from(users).where(eq(users.id, userId));
  return u?.firstName.trim() || u?.username || 'Someone';
}

/** Asks the host for a chat about the activity: once per person and activity (a rejected request stays rejected). */
export async function createChatRequest(deps: ChatDeps, userId: string, input: z.output<typeof ChatRequestInput>): Promise<ChatRequest> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [a] = await tx.select().from(activities).where(eq(activities.id, input.activity_id));
      if (!a) throw noSuchActivity();
      if (a.hostId === userId) throw new AppError('HOST_IS_MEMBER', 'You host this activity: there is no one to ask.');
      if (a.deactivatedAt) throw new AppError('ACTIVITY_NOT_OPEN', 'This activity was deactivated by its host.');
      const [existing] = await tx
        .select({ status: chatRequests.status })
        .from(chatRequests)
        .where(and(eq(chatRequests.activityId, a.id), eq(chatRequests.requesterId, userId)));
      if (existing) throw existingRequest(existing.status);
      const [row] = await tx.insert(chatRequests).values({ activityId: a.id, requesterId: userId, message: input.message }).returning({ id: chatRequests.id });
      if (!row) throw new Error('the chat request was not written');
      await notify(tx, a.hostId, {
        title: 'New chat request',
        body: `${await nameOf(tx, userId)} would like to chat about ${a.title}.`,
        type: 'chat_request',
        data: { activity_id: a.id, chat_request_id: row.id },
        target: activityTarget(a.id),
      });
      const [created] = await selectRequests(tx).where(eq(chatRequests.id, row.id));
      if (!created) throw new Error('the chat request was not read back');
      return toChatRequest(created, deps);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'chat_requests_activity_requester') throw existingRequest('pending');
    throw error;
  }
}

function existingRequest(status: string): AppError {
  if (status === 'rejected') return new AppError('CHAT_REQUEST_CLOSED', 'The host declined your chat request for this activity.');
  return new AppError('CHAT_REQUEST_EXISTS', status === 'accepted' ? 'The host accepted your chat request already: open the chat.' : 'You have asked the host already.');
}

/** The pending requests of an activity, oldest first: its host's to read. */
export async function pendingChatRequests(deps: ChatDeps, hostId: string, activityId: string): Promise<ChatRequest[]> {
  const [a] = await deps.db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.hostId, hostId)));
  if (!a) throw noSuchActivity();
  const rows = await selectRequests(deps.db)
    .where(and(eq(chatRequests.activityId, activityId), eq(chatRequests.status, 'pending')))
    .orderBy(asc(chatRequests.createdAt), asc(chatRequests.id));
  return rows.map((r) => toChatRequest(r, deps));
}

export type ChatDecision = { id: string; accept: boolean };

/**
 * Decides requests inside the caller's transaction: each must be a pending request of an activity `hostId` hosts (and,
 * when `scope` is given, of that activity and person), or the whole transaction fails. Rows are locked first, in id
 * order, so two hosts' calls cannot interleave on one request.
 */
export async function decideChatRequestsIn(tx: Tx, deps: Pick<ChatDeps, 'clock'>, hostId: string, decisions: ChatDecision[], scope?: { activityId: string; requesterId: string }): Promise<void> {
  const ids = decisions.map((d) => d.id);
  const rows = await tx
    .select({ request: chatRequests, title: activities.title })
    .from(chatRequests)
    .innerJoin(activities, eq(activities.id, chatRequests.activityId))
    .where(and(inArray(chatRequests.id, ids), eq(activities.hostId, hostId)))
    .orderBy(asc(chatRequests.id))
    .for('update', { of: chatRequests });
  const byId = new Map(rows.map((r) => [r.request.id, r]));
  const now = deps.clock();
  for (const [i, d] of decisions.entries()) {
    const row = byId.get(d.id);
    const field = scope ? 'chat_request_id' : `${i}.id`;
    if (!row || (scope && (row.request.activityId !== scope.activityId || row.request.requesterId !== scope.requesterId))) {
      throw new AppError('NOT_FOUND', 'That chat request was not found.', { [field]: 'Choose a chat request of your activity.' });
    }
    if (row.request.status !== 'pending') {
      throw new AppError('CHAT_REQUEST_DECIDED', `This chat request was ${row.request.status} already.`, { [field]: `This chat request was ${row.request.status} already.` });
    }
    const { activityId, requesterId } = row.request;
    await tx.update(chatRequests).set({ status: d.accept ? 'accepted' : 'rejected', decidedAt: now }).where(eq(chatRequests.id, d.id));
    const [room] = d.accept ? await tx.insert(chatRooms).values({ activityId, kind: 'direct', chatRequestId: d.id }).returning({ id: chatRooms.id }) : [];
    await notify(tx, requesterId, {
      title: d.accept ? 'Chat request accepted' : 'Chat request declined',
      body: d.accept ? `The host of ${row.title} accepted your chat request.` : `The host of ${row.title} declined your chat request.`,
      type: d.accept ? 'chat_request_accepted' : 'chat_request_rejected',
      // The room it opened, for the notification to open the chat itself.
      data: { activity_id: activityId, chat_request_id: d.id, ...(room ? { room_id: room.id } : {}) },
      target: activityTarget(activityId),
    });
  }
}

/** PATCH /chat/accept-chat-request/: all the decisions in one transaction, or none. */
export async function decideChatRequests(deps: ChatDeps, hostId: string, input: z.output<typeof ChatRequestDecisions>): Promise<ChatRequest[]> {
  return deps.db.transaction(async (tx) => {
    await decideChatRequestsIn(tx, deps, hostId, input.map((d) => ({ id: d.id, accept: d.is_accepted })));
    const rows = await selectRequests(tx).where(inArray(chatRequests.id, input.map((d) => d.id)));
    const byId = new Map(rows.map((r) => [r.request.id, r]));
    return input.flatMap((d) => {
      const r = byId.get(d.id);
      return r ? [toChatRequest(r, deps)] : [];
    });
  });
}
