import type { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { accountEndpoints } from './account.ts';
import { activitiesEndpoints } from './activities.ts';
import { adminEndpoints } from './admin.ts';
import { appointmentsEndpoints } from './appointments.ts';
import { authEndpoints } from './auth.ts';
import { chatEndpoints } from './chat.ts';
import { dealsEndpoints } from './deals.ts';
import { devEndpoints } from './dev.ts';
import { discoverEndpoints } from './discover.ts';
import { directoryEndpoints } from './directory.ts';
import { geoEndpoints } from './geo.ts';
import { healthEndpoints } from './health.ts';
import { notificationsEndpoints } from './notifications.ts';
import { realtimeEndpoints } from './realtime.ts';
import { supportEndpoints } from './support.ts';
import { searchEndpoints } from './search.ts';
import { uploadsEndpoints } from './uploads.ts';
import { vendorsEndpoints } from './vendors.ts';
import { vendorPhotosEndpoints } from './vendor-photos.ts';

export { endpoint, type Endpoint, type HttpMethod } from './endpoint.ts';

/**
 * The one endpoint table: every call of the API, its method, its path under /api as the spec writes it, and its
 * schemas. Each domain keeps its own entries beside its schemas (contract/<domain>.ts); a new domain adds its table here.
 * Importing this table builds every domain's schemas. Web code whose chunk should stay small (the API client, the log-in
 * page) imports its domain's table instead (authEndpoints): the package is marked "sideEffects": false, so the bundler
 * then leaves the other domains, and their libraries (ibantools), out.
 */
export const endpoints = {
  ...healthEndpoints,
  ...authEndpoints,
  ...accountEndpoints,
  ...uploadsEndpoints,
  ...devEndpoints,
  ...notificationsEndpoints,
  ...realtimeEndpoints,
  ...geoEndpoints,
  ...vendorsEndpoints,
  ...vendorPhotosEndpoints,
  ...directoryEndpoints,
  ...appointmentsEndpoints,
  ...dealsEndpoints,
  ...activitiesEndpoints,
  ...chatEndpoints,
  ...searchEndpoints,
  ...discoverEndpoints,
  ...supportEndpoints,
  ...adminEndpoints,
};

export type EndpointName = keyof typeof endpoints;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** What a caller puts in the query string and the path: the schemas' input, so a misspelt or missing key fails to compile. */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
export type ResponseOf<E extends Endpoint> = z.infer<E['response']>;
