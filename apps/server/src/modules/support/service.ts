import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { SUPPORT_REQUESTS_PER_HOUR, supportTopicLabels } from '@localloop/contract';
import type { AdminSupportListQuery, PageQuery, SupportReference, SupportRequest, SupportRequestInput, SupportRequestList, SupportRequestSummary, SupportStatus, SupportTopic } from '@localloop/contract';
import { takeTurn, type Db, type Tx } from '../../db/client.ts';
import { appointments, deals, purchases, supportMessages, supportRequests, users } from '../../db/schema.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Messenger, OutgoingMessage } from '../../lib/messaging.ts';
import { notify } from '../notifications/index.ts';
import { isOperator, requireOperator } from '../users/index.ts';

/**
 * Help & Support: a signed-in person sends a request (topic, message, optionally one of their own orders or bookings),
 * is acknowledged by e-mail, and reads the operators' answers; operators list, answer, close and reopen. A request is
 * its owner's and the operators' to see; anyone else is answered 404, as for one that does not exist.
 */
export type SupportDeps = { db: Db; clock: Clock; messenger: Messenger; background: Background; publicUrl: string };

type Reader = Db | Tx;
const iso = (d: Date | string) => new Date(d).toISOString();
const noSuchRequest = () => AppError.notFound('That support request');

// ---- References: the caller's own orders and bookings ---------------------------------------------

const REFERENCES_SHOWN = 20;
const day = (d: Date) => d.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function purchasesOf(db: Reader, userId: string, id?: string) {
  return db
    .select({ id: purchases.id, createdAt: purchases.createdAt, title: deals.title })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .where(and(eq(purchases.customerId, userId), id ? eq(purchases.id, id) : undefined))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(REFERENCES_SHOWN);
}

function appointmentsOf(db: Reader, userId: string, id?: string) {
  return db
    .select({ id: appointments.id, createdAt: appointments.createdAt, startsAt: appointments.startsAt, serviceName: appointments.serviceName, providerName: appointments.providerName })
    .from(appointments)
    .where(and(eq(appointments.customerId, userId), id ? eq(appointments.id, id) : undefined))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(REFERENCES_SHOWN);
}

type PurchaseRow = Awaited<ReturnType<typeof purchasesOf>>[number];
type AppointmentRow = Awaited<ReturnType<typeof appointmentsOf>>[number];

const purchaseReference = (p: PurchaseRow): SupportReference => ({ kind: 'purchase', id: p.id, label: `Order · ${p.title} · ${day(p.createdAt)}`, created_at: iso(p.createdAt) });
const appointmentReference = (a: AppointmentRow): SupportReference => ({
  kind: 'appointment',
  id: a.id,
  label: `Booking · ${a.serviceName} with ${a.providerName} · ${day(a.startsAt)}`,
  created_at: iso(a.createdAt),
});

/** The caller's most recent orders and bookings, newest first, for the form's picker. */
export async function listReferences(deps: SupportDeps, userId: string): Promise<{ results: SupportReference[] }> {
  const [ps, as] = await Promise.all([purchasesOf(deps.db, userId), appointmentsOf(deps.db, userId)]);
  const all = [...ps.map(purchaseReference), ...as.map(appointmentReference)];
  all.sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { results: all.slice(0, REFERENCES_SHOWN) };
}

/** One of the caller's own orders or bookings; anything else (another's, or not an order at all) is refused on the field. */
async function ownReference(db: Reader, userId: string, id: string): Promise<SupportReference> {
  const [[p], [a]] = await Promise.all([purchasesOf(db, userId, id), appointmentsOf(db, userId, id)]);
  if (p) return purchaseReference(p);
  if (a) return appointmentReference(a);
  throw new AppError('NOT_FOUND', 'That order or booking was not found among yours.', { reference_id: 'Choose one of your orders or bookings.' });
}

// ---- Reading ------------------------------------------------------------------------------------

const messageCount = sql<number>`(SELECT count(*)::int FROM ${supportMessages} m WHERE m.request_id = ${supportRequests.id}) + 1`.mapWith(Number);

function selectSummaries(db: Reader) {
  return db
    .select({
      request: supportRequests,
      messageCount,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      phoneNumber: users.phoneNumber,
    })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId));
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const nameOf = (u: { firstName: string; lastName: string; username: string | null; email: string | null; phoneNumber: string | null }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username || u.email || u.phoneNumber || 'Member';

function toSummary(row: SummaryRow): SupportRequestSummary {
  const r = row.request;
  const excerpt = r.message.length > 200 ? `${r.message.slice(0, 199).trimEnd()}…` : r.message;
  return {
    id: r.id,
    number: Number(r.number),
    topic: r.topic as SupportTopic,
    status: r.status as SupportStatus,
    excerpt,
    reference:
      r.referenceKind && r.referenceId && r.referenceLabel && r.referenceCreatedAt
        ? { kind: r.referenceKind as SupportReference['kind'], id: r.referenceId, label: r.referenceLabel, created_at: iso(r.referenceCreatedAt) }
        : null,
    person: { id: r.userId, name: nameOf(row), email: row.email, phone_number: row.phoneNumber },
    message_count: row.messageCount,
    created_at: iso(r.createdAt),
    last_message_at: iso(r.lastMessageAt),
    closed_at: r.closedAt ? iso(r.closedAt) : null,
  };
}

async function loadRequest(db: Reader, id: string): Promise<SupportRequest | null> {
  const [row] = await selectSummaries(db).where(eq(supportRequests.id, id));
  if (!row) return null;
  const replies = await db
    .select({ message: supportMessages, firstName: users.firstName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.requestId, id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const summary = toSummary(row);
  const person = summary.person.name;
  return {
    ...summary,
    messages: [
      { id: row.request.id, author: 'person', author_name: person, body: row.request.message, created_at: iso(row.request.createdAt) },
      ...replies.map(({ message, firstName }) => ({
        id: message.id,
        author: message.author as 'person' | 'support',
        // Operators are named by first name only, never by e-mail.
        author_name: message.author === 'person' ? person : `${firstName?.trim() || 'LocalLoop'} from Support`,
        body: message.body,
        created_at: iso(message.createdAt),
      })),
    ],
  };
}

/** The request if the caller owns it or is an operator; 404 otherwise. */
export async function getRequest(deps: SupportDeps, userId: string, id: string): Promise<SupportRequest> {
  const request = await loadRequest(deps.db, id);
  if (!request || (request.person.id !== userId && !(await isOperator(deps.db, userId)))) throw noSuchRequest();
  return request;
}

function page(query: z.output<typeof PageQuery>) {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

export async function listMine(deps: SupportDeps, userId: string, query: z.output<typeof PageQuery>): Promise<SupportRequestList> {
  const where = eq(supportRequests.userId, userId);
  const { limit, offset } = page(query);
  const [rows, [total]] = await Promise.all([
    selectSummaries(deps.db).where(where).orderBy(desc(supportRequests.createdAt), desc(supportRequests.id)).limit(limit).offset(offset),
    deps.db.select({ count: sql<number>`count(*)::int` }).from(supportRequests).where(where),
  ]);
  return { count: total?.count ?? 0, page: query.page, page_size: query.page_size, results: rows.map(toSummary) };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const number = /^#?\s*(\d{1,15})$/.exec(q)?.[1];
  const phone = q.replace(/[\s().-]/g, '');
  return or(
    ...(number ? [eq(supportRequests.number, Number(number))] : []),
    ilike(supportRequests.message, pattern),
    ilike(supportRequests.referenceLabel, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ...(/\d/.test(phone) ? [ilike(users.phoneNumber, likePattern(phone))] : []),
    sql`EXISTS (SELECT 1 FROM ${supportMessages} m WHERE m.request_id = ${supportRequests.id} AND m.body ILIKE ${pattern})`,
  );
}

/** Open requests come longest waiting first (a queue); the other lists newest activity first. */
export async function listForOperators(deps: SupportDeps, operatorId: string, query: z.output<typeof AdminSupportListQuery>): Promise<SupportRequestList> {
  await requireOperator(deps.db, operatorId);
  const where = and(query.status === 'all' ? undefined : eq(supportRequests.status, query.status), searchFilter(query.q));
  const order = query.status === 'open' ? [asc(supportRequests.lastMessageAt), asc(supportRequests.id)] : [desc(supportRequests.lastMessageAt), desc(supportRequests.id)];
  const { limit, offset } = page(query);
  const [rows, [total]] = await Promise.all([
    selectSummaries(deps.db).where(where).orderBy(...order).limit(limit).offset(offset),
    deps.db.select({ count: sql<number>`count(*)::int` }).from(supportRequests).innerJoin(users, eq(users.id, supportRequests.userId)).where(where),
  ]);
  return { count: total?.count ?? 0, page: query.page, page_size: query.page_size, results: rows.map(toSummary) };
}

// ---- Writing ------------------------------------------------------------------------------------

/** Where the person hears from support: e-mail when the account has one, else a text message. */
async function contactOf(deps: SupportDeps, db: Reader, userId: string): Promise<{ channel: 'email' | 'sms'; to: string } | null> {
  const [u] = await db.select({ email: users.email, phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  if (u?.email && deps.messenger.canDeliver('email')) return { channel: 'email', to: u.email };
  if (u?.phone && deps.messenger.canDeliver('sms')) return { channel: 'sms', to: u.phone };
  return null;
}

/** Sent after the answer: a mail server that is down must not lose the request (the thread on the page has it all). */
function deliverLater(deps: SupportDeps, what: string, message: OutgoingMessage | null) {
  if (message) deps.background.run(what, () => deps.messenger.send(deps.db, message));
}

function pageLink(deps: SupportDeps, id: string) {
  return `${deps.publicUrl.replace(/\/$/, '')}/ContactSupport?request=${id}`;
}

/** Seconds until the oldest request of the hour leaves the window; at least one. */
async function secondsUntilRoom(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ seconds: sql<number>`extract(epoch from ${supportRequests.createdAt} + interval '1 hour' - now())`.mapWith(Number) })
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, userId), sql`${supportRequests.createdAt} > now() - interval '1 hour'`))
    .orderBy(asc(supportRequests.createdAt))
    .limit(1);
  return Math.max(1, Math.ceil(row?.seconds ?? 3600));
}

/**
 * Stores a request. The hourly limit is counted in the database (every server process agrees, and only requests that
 * were sent count), under a per-account lock so two at once cannot both take the last place.
 */
export async function createRequest(deps: SupportDeps, userId: string, input: z.output<typeof SupportRequestInput>): Promise<SupportRequest> {
  const created = await deps.db.transaction(async (tx) => {
    const reference = input.reference_id ? await ownReference(tx, userId, input.reference_id) : null;
    await takeTurn(tx, `support-requests:${userId}`);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(supportRequests)
      .where(and(eq(supportRequests.userId, userId), sql`${supportRequests.createdAt} > now() - interval '1 hour'`));
    if ((recent?.count ?? 0) >= SUPPORT_REQUESTS_PER_HOUR) {
      const seconds = await secondsUntilRoom(tx, userId);
      const minutes = Math.ceil(seconds / 60);
      throw new AppError(
        'RATE_LIMITED',
        `You have sent ${SUPPORT_REQUESTS_PER_HOUR} requests in the last hour, the most allowed. You can send another in ${minutes <= 1 ? 'a minute' : `${minutes} minutes`}, or add to one of your requests below.`,
        undefined,
        seconds,
      );
    }
    const [row] = await tx
      .insert(supportRequests)
      .values({
        userId,
        topic: input.topic,
        message: input.message,
        ...(reference ? { referenceKind: reference.kind, referenceId: reference.id, referenceLabel: reference.label, referenceCreatedAt: new Date(reference.created_at) } : {}),
      })
      .returning({ id: supportRequests.id });
    if (!row) throw new Error('the support request was not written');
    const request = await loadRequest(tx, row.id);
    if (!request) throw new Error('the support request was not read back');
    return { request, contact: await contactOf(deps, tx, userId) };
  });
  const { request, contact } = created;
  const topic = supportTopicLabels[request.topic];
  deliverLater(
    deps,
    'acknowledge a support request',
    contact &&
      (contact.channel === 'email'
        ? {
            ...contact,
            subject: `We got your request #${request.number}: ${topic}`,
            body:
              `Hello ${request.person.name},\n\nThank you for writing to LocalLoop support. We got your request #${request.number} (${topic}) and will answer within one working day. ` +
              `You will find our answer, and can add to your request, at ${pageLink(deps, request.id)}\n\n` +
              `${request.reference ? `About: ${request.reference.label}\n\n` : ''}Your message:\n${request.messages[0]?.body ?? ''}\n\nLocalLoop support`,
          }
        : { ...contact, subject: null, body: `LocalLoop: we got your support request #${request.number} and will answer within one working day. ${pageLink(deps, request.id)}` }),
  );
  return request;
}

/** The owner adds a message: the request waits for support again. A closed request takes none. */
export async function replyAsPerson(deps: SupportDeps, userId: string, id: string, message: string): Promise<SupportRequest> {
  return deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(supportRequests).where(and(eq(supportRequests.id, id), eq(supportRequests.userId, userId))).for('update');
    if (!r) throw noSuchRequest();
    if (r.status === 'closed') {
      throw new AppError('SUPPORT_REQUEST_CLOSED', 'This request is closed. Send a new request if you need more help.', { message: 'This request is closed: send a new request instead.' });
    }
    await tx.insert(supportMessages).values({ requestId: id, author: 'person', authorId: userId, body: message });
    await tx.update(supportRequests).set({ status: 'open', answerId: null, lastMessageAt: deps.clock() }).where(eq(supportRequests.id, id));
    const request = await loadRequest(tx, id);
    if (!request) throw noSuchRequest();
    return request;
  });
}

const supportTarget = (id: string) => ({ kind: 'support_request' as const, support_request_id: id });

/** An operator answers: the request is answered, its owner notified (pushed to open tabs) and e-mailed. */
export async function answer(deps: SupportDeps, operatorId: string, id: string, message: string): Promise<SupportRequest> {
  const { request, contact } = await deps.db.transaction(async (tx) => {
    await requireOperator(tx, operatorId);
    const [r] = await tx.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
    if (!r) throw noSuchRequest();
    if (r.status === 'closed') {
      throw new AppError('SUPPORT_REQUEST_CLOSED', 'This request is closed. Reopen it to answer.', { message: 'Reopen the request to answer it.' });
    }
    const [m] = await tx.insert(supportMessages).values({ requestId: id, author: 'support', authorId: operatorId, body: message }).returning({ id: supportMessages.id });
    if (!m) throw new Error('the answer was not written');
    await tx.update(supportRequests).set({ status: 'answered', answerId: m.id, lastMessageAt: deps.clock() }).where(eq(supportRequests.id, id));
    await notify(tx, r.userId, {
      title: `Support answered your request #${r.number}`,
      body: message.length > 300 ? `${message.slice(0, 299)}…` : message,
      type: 'support_answered',
      data: { support_request_id: id },
      target: supportTarget(id),
    });
    const request = await loadRequest(tx, id);
    if (!request) throw noSuchRequest();
    return { request, contact: await contactOf(deps, tx, r.userId) };
  });
  deliverLater(
    deps,
    'tell a person of an answer to their support request',
    contact &&
      (contact.channel === 'email'
        ? {
            ...contact,
            subject: `Re: your request #${request.number}: ${supportTopicLabels[request.topic]}`,
            body: `Hello ${request.person.name},\n\n${message}\n\nReply or read the whole conversation at ${pageLink(deps, request.id)}\n\nLocalLoop support`,
          }
        : { ...contact, subject: null, body: `LocalLoop support answered your request #${request.number}: ${pageLink(deps, request.id)}` }),
  );
  return request;
}

/** Closes (or reopens) a request with a conditional UPDATE, so of two operators at once one wins and the other gets 409. */
export async function setClosed(deps: SupportDeps, operatorId: string, id: string, closed: boolean): Promise<SupportRequest> {
  return deps.db.transaction(async (tx) => {
    await requireOperator(tx, operatorId);
    const now = deps.clock();
    const [changed] = closed
      ? await tx
          .update(supportRequests)
          .set({ status: 'closed', answerId: null, closedAt: now })
          .where(and(eq(supportRequests.id, id), sql`${supportRequests.status} <> 'closed'`))
          .returning({ userId: supportRequests.userId, number: supportRequests.number })
      : await tx
          .update(supportRequests)
          .set({ status: 'open', closedAt: null, lastMessageAt: now })
          .where(and(eq(supportRequests.id, id), eq(supportRequests.status, 'closed')))
          .returning({ userId: supportRequests.userId, number: supportRequests.number });
    if (!changed) {
      const [exists] = await tx.select({ id: supportRequests.id }).from(supportRequests).where(eq(supportRequests.id, id));
      if (!exists) throw noSuchRequest();
      throw closed ? new AppError('SUPPORT_REQUEST_CLOSED', 'This request is closed already.') : new AppError('SUPPORT_REQUEST_NOT_CLOSED', 'This request is not closed.');
    }
    await notify(tx, changed.userId, {
      title: closed ? `Your support request #${changed.number} is closed` : `Your support request #${changed.number} is open again`,
      body: closed ? 'We consider it solved. If you still need help, send a new request.' : 'Support reopened it and will come back to you.',
      type: closed ? 'support_closed' : 'support_reopened',
      data: { support_request_id: id },
      target: supportTarget(id),
    });
    const request = await loadRequest(tx, id);
    if (!request) throw noSuchRequest();
    return request;
  });
}
