import { z } from 'zod';
import { IdParams, PageQuery, paginated, Uuid } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- Help & Support: a person's requests, the operators' answers (/ContactSupport, /admin) ----------

export const supportTopics = ['orders', 'bookings', 'activities', 'account', 'vendor_account', 'payments', 'other'] as const;
export const SupportTopic = z.enum(supportTopics, { error: 'Choose what your request is about.' });
export type SupportTopic = z.infer<typeof SupportTopic>;
export const supportTopicLabels: Record<SupportTopic, string> = {
  orders: 'Orders & deals',
  bookings: 'Bookings',
  activities: 'Activities',
  account: 'Account & login',
  vendor_account: 'Vendor account',
  payments: 'Payments & refunds',
  other: 'Something else',
};

/** `open`: waiting for an operator; `answered`: an operator answered last; `closed`: done (an operator may reopen it). */
export const supportStatuses = ['open', 'answered', 'closed'] as const;
export const SupportStatus = z.enum(supportStatuses);
export type SupportStatus = z.infer<typeof SupportStatus>;

export const MIN_SUPPORT_MESSAGE_LENGTH = 10;
export const MAX_SUPPORT_MESSAGE_LENGTH = 4000;
/** New requests one account may send in an hour. */
export const SUPPORT_REQUESTS_PER_HOUR = 5;

const supportText = (min: number, short: string) =>
  z
    .string({ error: 'Write your message.' })
    .trim()
    .min(1, 'Write your message.')
    .min(min, short)
    .max(MAX_SUPPORT_MESSAGE_LENGTH, `Use at most ${MAX_SUPPORT_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`);

export const SupportRequestInput = z.object({
  topic: SupportTopic,
  message: supportText(MIN_SUPPORT_MESSAGE_LENGTH, `Tell us a little more: at least ${MIN_SUPPORT_MESSAGE_LENGTH} characters.`),
  /** One of the caller's own orders or bookings (GET /support/references/), or none. */
  reference_id: Uuid('Choose one of your orders or bookings.').nullable().optional(),
});
export type SupportRequestInput = z.input<typeof SupportRequestInput>;

export const SupportReplyInput = z.object({ message: supportText(1, 'Write your message.') });
export type SupportReplyInput = z.input<typeof SupportReplyInput>;

export const SupportReferenceKind = z.enum(['purchase', 'appointment']);
export type SupportReferenceKind = z.infer<typeof SupportReferenceKind>;

/** An order or booking a request is about, as it was when the request was sent. */
export const SupportReference = z.object({
  kind: SupportReferenceKind,
  id: z.string().uuid(),
  /** "Order · Hidden Lane tasting" or "Booking · Haircut with Quinn", with its date. */
  label: z.string(),
  created_at: z.string(),
});
export type SupportReference = z.infer<typeof SupportReference>;

export const SupportMessage = z.object({
  id: z.string().uuid(),
  /** `person`: the one who asked; `support`: an operator (named by first name only). */
  author: z.enum(['person', 'support']),
  author_name: z.string(),
  /** Plain text: render it as text, never as HTML. */
  body: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

export const SupportRequestSummary = z.object({
  id: z.string().uuid(),
  /** A short number people can quote ("request #1042"). */
  number: z.number().int(),
  topic: SupportTopic,
  status: SupportStatus,
  /** The first message, shortened to 200 characters for lists. */
  excerpt: z.string(),
  reference: SupportReference.nullable(),
  /** Who asked: the caller themself, or for operators the person to answer. */
  person: z.object({ id: z.string().uuid().nullable(), name: z.string(), email: z.string().nullable(), phone_number: z.string().nullable() }),
  message_count: z.number().int(),
  created_at: z.string(),
  last_message_at: z.string(),
  closed_at: z.string().nullable(),
});
export type SupportRequestSummary = z.infer<typeof SupportRequestSummary>;

/** One request with its whole thread, oldest first (the first message is the request itself). */
export const SupportRequest = SupportRequestSummary.extend({ messages: z.array(SupportMessage) });
export type SupportRequest = z.infer<typeof SupportRequest>;

export const SupportRequestList = paginated(SupportRequestSummary);
export type SupportRequestList = z.infer<typeof SupportRequestList>;

export const supportFilters = ['open', 'answered', 'closed', 'all'] as const;
export const AdminSupportListQuery = PageQuery.extend({
  status: z.enum(supportFilters, { error: 'Choose open, answered, closed or all.' }).default('open'),
  /** Words of the message, the person's e-mail, phone or name, or the request number (#1042). */
  q: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
});
export type AdminSupportListQuery = z.input<typeof AdminSupportListQuery>;

export const SupportReferenceList = z.object({ results: z.array(SupportReference) });
export type SupportReferenceList = z.infer<typeof SupportReferenceList>;

const SupportIdParams = z.object({ id: Uuid('Unknown support request.') });

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const supportEndpoints = {
  createSupportRequest: endpoint({
    method: 'POST',
    path: '/support/requests/',
    body: SupportRequestInput,
    response: SupportRequest,
    status: 201,
    auth: 'required',
    summary: `Sends a request to support (acknowledged by e-mail); the reference must be one of the caller's orders or bookings; at most ${SUPPORT_REQUESTS_PER_HOUR} an hour`,
  }),
  mySupportRequests: endpoint({
    method: 'GET',
    path: '/support/requests/',
    query: PageQuery,
    body: undefined,
    response: SupportRequestList,
    auth: 'required',
    summary: 'The caller\'s support requests, newest first',
  }),
  supportRequest: endpoint({
    method: 'GET',
    path: '/support/requests/{id}/',
    params: SupportIdParams,
    body: undefined,
    response: SupportRequest,
    auth: 'required',
    summary: 'One support request with its thread: its owner\'s or an operator\'s to read (anyone else gets 404)',
  }),
  replySupportRequest: endpoint({
    method: 'POST',
    path: '/support/requests/{id}/replies/',
    params: SupportIdParams,
    body: SupportReplyInput,
    response: SupportRequest,
    status: 201,
    auth: 'required',
    summary: 'The owner adds a message to a request that is not closed; it waits for support again',
  }),
  supportReferences: endpoint({
    method: 'GET',
    path: '/support/references/',
    body: undefined,
    response: SupportReferenceList,
    auth: 'required',
    summary: 'The caller\'s recent orders and bookings, newest first, that a request can be about',
  }),
  adminSupportRequests: endpoint({
    method: 'GET',
    path: '/admin/support-requests/',
    query: AdminSupportListQuery,
    body: undefined,
    response: SupportRequestList,
    auth: 'operator',
    summary: 'Operators: support requests by status (open: longest waiting first; others newest first), searchable',
  }),
  answerSupportRequest: endpoint({
    method: 'POST',
    path: '/admin/support-requests/{id}/answer/',
    params: IdParams,
    body: SupportReplyInput,
    response: SupportRequest,
    auth: 'operator',
    summary: 'Operators: answer a request that is not closed (the person is notified and e-mailed)',
  }),
  closeSupportRequest: endpoint({
    method: 'POST',
    path: '/admin/support-requests/{id}/close/',
    params: IdParams,
    body: undefined,
    response: SupportRequest,
    auth: 'operator',
    summary: 'Operators: close a request (the person is notified)',
  }),
  reopenSupportRequest: endpoint({
    method: 'POST',
    path: '/admin/support-requests/{id}/reopen/',
    params: IdParams,
    body: undefined,
    response: SupportRequest,
    auth: 'operator',
    summary: 'Operators: reopen a closed request; it waits for support again',
  }),
} as const satisfies Record<string, Endpoint>;
