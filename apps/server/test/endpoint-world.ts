import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { endpoints, ErrorResponse, errorStatuses, type Endpoint, type EndpointName, type ErrorCode, type HttpMethod } from '@localloop/contract';
import { notifications, users } from '../src/db/schema.ts';
import { asQueryString, fillPath, multipartBody, png, sample, type SampleContext } from './inputs.ts';
import { createAccount, createTestApp, encoded, inject, login, type TestContext } from './helper.ts';

/**
 * The world the sweeps over the endpoint table work in (test/endpoint-sweep.test.ts, test/fuzz.test.ts): a user, an
 * approved vendor with its shop's rows (an address, a document, a service, a provider, slots, a booking, a calendar
 * link), an operator, a vendor awaiting approval, a notification, a place and a support request, each signed in; the
 * valid input of every endpoint built from the contract's schemas with those rows' ids; the one check of an answer
 * (below 500, every 4xx in the error shape); and a runner that sends many requests a few at a time.
 */

export type Role = 'visitor' | 'user' | 'vendor' | 'operator';
export type Named = [EndpointName, Endpoint];

// DELETE last, so that deleting a fixture's row does not leave the other endpoints only 404s to answer.
export const table = (Object.entries(endpoints) as Named[]).sort(([, a], [, b]) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
/** The two multipart uploads: the field their file goes in, and the role that owns what they store. */
export const uploads: { endpoint: Endpoint; fileField: string; owner: Role }[] = [
  { endpoint: endpoints.uploadImages, fileField: 'images', owner: 'user' },
  { endpoint: endpoints.uploadVendorDocument, fileField: 'file', owner: 'vendor' },
];
export const multipartEndpoints = new Set<Endpoint>(uploads.map((u) => u.endpoint));

const CONCURRENCY = 8;

export let t: TestContext;
export const tokens = {} as Record<Exclude<Role, 'visitor'> | 'sessionEnder', string>;
/** Endpoints that end every session of the caller: swept with an account of their own, so the others keep theirs. */
export const sessionEnders = new Set<EndpointName>(['logoutAll']);
export const ids = { vendor: '', vendorUser: '', address: '', document: '', notification: '', pendingVendor: '', place: '', service: '', provider: '', appointment: '', calendarFeed: '', supportRequest: '' };
/** The token in the address of the vendor's calendar link (GET /calendar/{token}.ics). */
export let calendarToken = '';

/** Makes the world (call it in the file's beforeAll; close `t` in its afterAll); returns the user and how to sign in. */
export async function setUpWorld() {
  t = await createTestApp();
  const signIn = async (account: { email: string; password: string }) => (await login(t.app, account.email, account.password)).access;

  const person = await createAccount(t.database);
  tokens.user = await signIn(person);
  tokens.sessionEnder = await signIn(await createAccount(t.database));

  const shop = await createAccount(t.database, { vendor: { isApproved: true, kycStatus: 'approved' } });
  tokens.vendor = await signIn(shop);
  ids.vendor = shop.vendorId ?? '';
  ids.vendorUser = shop.user.id;
  // The vendor's own rows, through the API; json() throws, with the answer, if a fixture is refused.
  const access = tokens.vendor;
  (await inject(t.app, endpoints.saveBasicInfo, { access, body: { business_name: 'Sweep Bakery', category: 'Food & Drink', contact_email: 'bakery@example.test', contact_phone: '+15550001111' } })).json();
  (await inject(t.app, endpoints.saveServiceTime, { access, body: { time_zone: 'America/New_York', hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }] } })).json();
  (await inject(t.app, endpoints.saveBankDetails, { access, body: { account_holder: 'Sweep Bakery', bank_name: 'First Bank', iban: 'DE89370400440532013000' } })).json();
  ids.address = (await inject(t.app, endpoints.addVendorAddress, { access, body: { line1: '350 5th Ave', city: 'New York', country: 'United States', latitude: 40.7484, longitude: -73.9857 } })).json().id;
  const upload = await multipartBody([
    { name: 'kind', value: 'identity' },
    { name: 'file', fileName: 'id.png', bytes: await png() },
  ]);
  ids.document = (await inject(t.app, endpoints.uploadVendorDocument, { access, body: encoded(upload) })).json().id;

  // A service, its provider and slots for the week to come, and the user's booking of the first.
  const service = (await inject(t.app, endpoints.createService, { access, body: { name: 'Sweep haircut', category: 'Beauty & Wellness', duration_minutes: 30, price: { amount_cents: 2000, currency: 'USD' } } })).json();
  ids.service = service.id;
  ids.provider = (await inject(t.app, endpoints.createProvider, { access, body: { name: 'Sweep provider', service_ids: [service.id] } })).json().id;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  (await inject(t.app, endpoints.generateSlots, { access, params: { provider_id: ids.provider }, body: { service_id: service.id, start_date: day(1), end_date: day(8) } })).json();
  for (let n = 1; n <= 8 && !ids.appointment; n += 1) {
    const [slot] = (await inject(t.app, endpoints.timeSlots, { query: { provider_id: ids.provider, service_id: service.id, for_date: day(n) } })).json().slots;
    if (slot) ids.appointment = (await inject(t.app, endpoints.bookAppointment, { access: tokens.user, body: { service_id: service.id, provider_id: ids.provider, starts_at: slot.starts_at } })).json().id;
  }
  if (!ids.appointment) throw new Error('fixture: no slot to book in the week to come');
  const feed = (await inject(t.app, endpoints.createCalendarFeed, { access, body: { provider_id: ids.provider } })).json();
  ids.calendarFeed = feed.id;
  calendarToken = /\/calendar\/([^/]+)\.ics$/.exec(feed.url)?.[1] ?? '';

  const operator = await createAccount(t.database);
  await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.user.id));
  tokens.operator = await signIn(operator);
  ids.pendingVendor = (await createAccount(t.database, { vendor: { isApproved: false, kycStatus: 'pending' } })).vendorId ?? '';

  const [note] = await t.database.db.insert(notifications).values({ userId: person.user.id, title: 'Hello', body: 'A notification', notificationType: 'test' }).returning();
  ids.notification = note?.id ?? '';
  const [place] = (await inject(t.app, endpoints.geoSuggest, { query: { q: 'New York' } })).json();
  if (!place) throw new Error('fixture: no place suggested for New York');
  ids.place = place.id;
  // A support request of the user's, for its reads, follow-ups and the operators' answers to reach a row.
  ids.supportRequest = (await inject(t.app, endpoints.createSupportRequest, { access: tokens.user, body: { topic: 'other', message: 'A question for the sweep.' } })).json().id;
  return { person, signIn };
}

// ---- Requests and what every answer must look like ------------------------------------------------

export type Case = {
  label: string;
  role: Role;
  method: HttpMethod;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** The field a schema error must name. */
  blame?: string;
  /** Signed in as the account kept for session-ending endpoints. */
  endsSessions?: boolean;
};

export function send(c: Case) {
  const token = c.role === 'visitor' ? undefined : c.endsSessions ? tokens.sessionEnder : tokens[c.role];
  return t.app.inject({
    method: c.method,
    url: c.url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...c.headers },
    ...(c.payload === undefined ? {} : { payload: c.payload }),
  });
}

const StrictError = ErrorResponse.strict();

/** What is wrong with an answer, or null: below 500, and every 4xx in the one error shape. */
export function problemWith(res: LightMyRequestResponse, blame?: string): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  if (!/^application\/json/.test(String(res.headers['content-type']))) return `a ${res.statusCode} that is not JSON: ${res.headers['content-type']}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `a ${res.statusCode} whose body is not JSON`;
  }
  const parsed = StrictError.safeParse(body);
  if (!parsed.success) return `a ${res.statusCode} not in the error shape: ${res.body.slice(0, 300)}`;
  const { error, code, fields } = parsed.data;
  if (!error.trim()) return `a ${res.statusCode} without a sentence`;
  if (!/^[A-Z][A-Z0-9_]*$/.test(code)) return `a ${res.statusCode} whose code is not a MACHINE_CODE: ${code}`;
  // Every code is in the contract's catalogue, answered with the catalogue's status (Fastify's own FST_ codes aside).
  if (!code.startsWith('FST_')) {
    if (!(code in errorStatuses)) return `a ${res.statusCode} whose code ${code} is not in the contract's catalogue`;
    if (errorStatuses[code as ErrorCode] !== res.statusCode) return `${code} answered ${res.statusCode}, not its catalogue status ${errorStatuses[code as ErrorCode]}`;
  }
  if (code === 'VALIDATION_FAILED') {
    const names = Object.keys(fields ?? {});
    if (names.length === 0) return 'a validation failure without fields';
    if (blame && !names.some((n) => n === blame || n.startsWith(`${blame}.`))) return `a validation failure that does not name ${blame}: ${res.body.slice(0, 300)}`;
  }
  return null;
}

/** Codes answered before a handler runs: by the router, the body parser, the session check or the schemas. */
const beforeHandler = new Set(['VALIDATION_FAILED', 'MALFORMED_JSON', 'BAD_URL', 'URL_TOO_LONG', 'UNAUTHENTICATED', 'TOKEN_INVALID']);
export const reachedHandler = (res: LightMyRequestResponse) => {
  if (res.statusCode < 400) return true;
  const code = String(res.json().code);
  return !beforeHandler.has(code) && !code.startsWith('FST_') && !(res.statusCode === 404 && code === 'NOT_FOUND' && res.json().error.startsWith('There is no API endpoint'));
};

/** Sends every case, a few at a time; lists the ones that got a wrong answer, and counts those a handler answered. */
export async function sweep(cases: Case[], check: (res: LightMyRequestResponse, c: Case) => string | null = (res, c) => problemWith(res, c.blame)) {
  const failures: string[] = [];
  let handled = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) {
        const c = cases[next++];
        if (!c) break;
        const res = await send(c);
        const problem = check(res, c);
        if (problem) failures.push(`${c.method} ${c.url.slice(0, 160)} as ${c.role} [${c.label}]: ${problem}`);
        else if (reachedHandler(res)) handled += 1;
      }
    }),
  );
  return { failures, handled };
}

// ---- Valid inputs, per endpoint --------------------------------------------------------------------

/** The fixture id a uuid of this endpoint stands for, so the handler finds a row. */
export function idFor(e: Endpoint, field: string): string {
  if (field === 'user_id') return ids.vendorUser;
  if (field === 'service_id') return ids.service;
  if (field === 'provider_id') return ids.provider;
  if (/-service\/\{|^\/service\//.test(e.path)) return ids.service;
  if (e.path.includes('-provider/{')) return ids.provider;
  if (e.path.includes('/appointment/{')) return ids.appointment;
  if (e.path.includes('/calendar-feeds/{')) return ids.calendarFeed;
  if (e.path.includes('/addresses/{')) return ids.address;
  if (e.path.includes('/documents/{')) return ids.document;
  if (e.path.includes('/notifications/')) return ids.notification;
  if (e.path.includes('support/requests/{') || e.path.includes('/support-requests/{')) return ids.supportRequest;
  if (e.path.startsWith('/admin/')) return ids.pendingVendor;
  return ids.vendor;
}

/** Inputs that a schema alone cannot tell: a contact change takes one of e-mail and phone number, not both. */
const bodyOverrides: Partial<Record<EndpointName, unknown>> = {
  sendVerificationOtp: { email: 'new.address@example.test' },
  // A well-formed token (43 base64url characters, as the links carry) that no change has.
  undoContactChange: { token: 'bm90LWEtcmVhbC11bmRvLXRva2VuLWJ1dC13ZWxsLWZv' },
};

export function validInput(name: EndpointName, e: Endpoint) {
  const values = e.path.startsWith('/geo/') ? { id: ids.place } : e === endpoints.calendarFeed ? { token: calendarToken } : {};
  const ctx: SampleContext = { uuid: (field) => idFor(e, field), values };
  const params = e.params ? (sample(e.params, ctx) as Record<string, string>) : {};
  const query = e.query ? asQueryString(sample(e.query, ctx)) : {};
  const body = name in bodyOverrides ? bodyOverrides[name] : e.body ? sample(e.body, ctx) : undefined;
  return { params, query, body };
}

/** Who to be: a visitor where the endpoint allows one, a fresh user, and the vendor or operator it is for. */
export function rolesFor(e: Endpoint): Role[] {
  const deep: Role = e.path.startsWith('/admin/')
    ? 'operator'
    : /^\/vendor\/(me\/|dashboard\/|documents\/|status\/)/.test(e.path)
      ? 'vendor'
      : 'user';
  if (e.auth === 'none') return ['visitor'];
  if (e.auth === 'optional') return [...new Set<Role>(['visitor', deep])];
  return [...new Set<Role>(['user', deep])];
}

export const url = (e: Endpoint, params: Record<string, string>, query: Record<string, string> | string) => {
  const qs = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return `${fillPath(e, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])))}${qs ? `?${qs}` : ''}`;
};
export type Payload = { payload?: string; headers?: Record<string, string> };
export const json = (value: unknown): Payload => ({ payload: JSON.stringify(value) ?? 'undefined', headers: { 'content-type': 'application/json' } });

