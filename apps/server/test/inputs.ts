import sharp from 'sharp';
import type { z } from 'zod';
import type { Endpoint } from '@localloop/contract';

/** A small real PNG. */
export const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();

export type Part = { name: string; value: string } | { name: string; fileName: string; bytes: Buffer };

/** A real multipart body, serialised by the platform's own FormData, parts in the order given. */
export async function multipartBody(parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.bytes)]), p.fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/**
 * Valid inputs built from the contract's schemas, so that sweeps over the endpoint table reach the handlers
 * (a request that fails validation never gets past it). A field is filled by its name when the name says
 * what it needs (a phone number, a time zone, an IBAN), else by its type; ids come from the caller.
 */

export type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  checks?: { _zod: { def: { format?: string } } }[];
};
export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The string format a schema checks ('uuid', 'email', …), if any. */
export function formatOf(schema: z.ZodType): string | undefined {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return def.innerType ? formatOf(def.innerType) : undefined;
  if (def.type === 'pipe') return def.in ? formatOf(def.in) : undefined;
  return def.checks?.map((c) => c._zod.def.format).find(Boolean);
}

/** The fields of an object schema (through optional, default and pipe wrappers), or null when it is not one. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!schema) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  if (def.type === 'pipe') return shapeOf(def.in);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return shapeOf(def.innerType);
  return null;
}

const byName: Record<string, unknown> = {
  email: 'sample.person@example.test',
  contact_email: 'shop@example.test',
  phone_number: '+15557654321',
  contact_phone: '+15557654322',
  username: 'sample_person',
  password: 'Pale-Orange-Kettle-42',
  new_password: 'Pale-Orange-Kettle-42',
  current_password: 'not-the-current-password',
  // An image URL must be one the caller uploaded; null (none) is always valid.
  logo: null,
  profile_image: null,
  otp: '123456',
  time_zone: 'America/New_York',
  weekday: 1,
  opens: '09:00',
  closes: '17:00',
  iban: 'DE89370400440532013000',
  routing_number: '011000015',
  account_number: '123456789012',
  account_holder: 'Sample Holder',
  bank_name: 'Sample Bank',
  latitude: 40.7484,
  longitude: -73.9857,
  lat: 40.7484,
  lng: -73.9857,
  radius_km: 25,
  rating: 4,
  reason: 'The documents cannot be read.',
  credential: 'eyJhbGciOiJSUzI1NiJ9.sample.credential',
  business_name: 'Sample Shop',
  line1: '350 5th Ave',
  city: 'New York',
  country: 'United States',
  state: 'New York',
  formatted_address: 'Midtown, New York, New York, United States',
  // Mark-all-as-read up to an instant (an ISO date-time).
  before: '2030-01-01T00:00:00Z',
  q: 'new',
  // Services, providers, slots and bookings: lengths in steps of five minutes, days and times to come.
  duration_minutes: 30,
  buffer_minutes: 0,
  starts_at: '2030-01-02T15:00:00Z',
  // Deals: a week on sale from that start, a price below the original, the spec's location object as JSON, a sales range.
  ends_at: '2030-01-09T15:00:00Z',
  description: 'A sample description.',
  original_price: { amount_cents: 2000, currency: 'USD' },
  deal_price: { amount_cents: 1500, currency: 'USD' },
  location: '{"lat":40.7484,"lng":-73.9857}',
  from: '2030-01-01',
  to: '2030-01-31',
  for_date: '2030-01-02',
  start_date: '2030-01-02',
  end_date: '2030-01-03',
  days_off: '2030-01-05',
  date: '2030-01-02',
  time: '10:00',
  // Activities: a title, a capacity (the start and end above, a week apart, are within an activity's 31 days).
  title: 'Sample activity',
  capacity: 10,
  // Chat: a decision accepts (exactly one of the two is true); a message's text.
  is_accepted: true,
  is_rejected: false,
  text: 'Sample message',
  // Support: a request's message is at least 10 characters.
  message: 'A sample message for support.',
};

export type SampleContext = {
  /** The id to put in a uuid field, by the field's name. */
  uuid: (field: string) => string;
  /** Values that replace the defaults above, by field name. */
  values?: Record<string, unknown>;
};

/** One valid value for the schema; optional fields are filled too, so that their code runs. */
export function sample(schema: z.ZodType, ctx: SampleContext, field = ''): unknown {
  const def = defOf(schema);
  const named = ctx.values && field in ctx.values ? ctx.values[field] : byName[field];
  if (def.type === 'nullable' && named === null) return null;
  switch (def.type) {
    case 'object':
      if (named && typeof named === 'object') return named;
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, value]) => [key, sample(value, ctx, key)]));
    case 'optional':
    case 'default':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return def.innerType ? sample(def.innerType, ctx, field) : undefined;
    case 'pipe':
      return def.in ? sample(def.in, ctx, field) : undefined;
    case 'string': {
      const format = formatOf(schema);
      if (format === 'uuid') return ctx.uuid(field);
      if (format === 'email') return typeof named === 'string' ? named : byName.email;
      return typeof named === 'string' ? named : 'sample';
    }
    case 'number':
    case 'int':
      return typeof named === 'number' ? named : 1;
    case 'boolean':
      return typeof named === 'boolean' ? named : false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return def.element ? [sample(def.element, ctx, field)] : [];
    case 'union':
      return def.options?.[0] ? sample(def.options[0], ctx, field) : undefined;
    default:
      return named ?? 'sample';
  }
}

/** Query values travel as text. */
export function asQueryString(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
}

/** Fills an endpoint's path parameters ("{id}") with already URL-safe values. */
export function fillPath(e: Pick<Endpoint, 'path'>, params: Record<string, string>): string {
  return `/api${e.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? 'missing')}`;
}

/** The names of the fields of a schema that hold a uuid. */
export function uuidFields(schema: z.ZodType | undefined): string[] {
  // A body that is a list (PATCH /chat/accept-chat-request/): the fields of its items.
  const element = schema ? defOf(schema).element : undefined;
  if (schema && defOf(schema).type === 'array' && element) return uuidFields(element);
  return Object.entries(shapeOf(schema) ?? {})
    .filter(([, s]) => formatOf(s) === 'uuid')
    .map(([k]) => k);
}
