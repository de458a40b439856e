import { endpoints } from '@localloop/contract';
import { AppError } from '../../lib/errors.ts';
import { route, type App } from '../../lib/http.ts';
import { perMinute } from '../../lib/rate-limit.ts';
import { createGazetteerClient, type GazetteerClient } from './gazetteer-client.ts';
import { timeZoneAt } from './time-zones.ts';

// The spec's autocomplete cache: places do not move within a day.
const CACHE = 'public, max-age=86400';

/**
 * The offline geocoder's three endpoints, and the time zone at a point. `places` is the provider; the default is the world gazetteer on its own
 * thread (gazetteer-client.ts), built on first use, so building and searching never hold up other requests.
 * Closing the app ends its thread.
 */
/** Per address and minute: dragging a pin about asks once a stop; a few people behind one address share it. */
const TIME_ZONE_LOOKUPS_PER_MINUTE = 120;

export async function geoRoutes(app: App, places: GazetteerClient = defaultPlaces(app)) {
  app.addHook('onClose', () => places.close());

  // A listening server builds the index (about 3 s of CPU, on the gazetteer's thread) a little after start, so the
  // start-up work has the CPU first and a short-lived process never builds it. Tests never listen.
  app.addHook('onListen', async () => {
    setTimeout(() => places.warm(), 15_000).unref();
  });

  route(app, endpoints.geoSuggest, async ({ query, reply }) => {
    const found = await places.suggest(query.q, query.limit);
    reply.header('cache-control', CACHE);
    return found;
  });

  route(app, endpoints.geoReverse, async ({ query, reply }) => {
    const place = await places.reverse(query.lat, query.lng);
    if (!place) throw AppError.notFound('A place near that point');
    reply.header('cache-control', CACHE);
    return place;
  });

  // Each lookup outside the cached cells reads and decodes one on this thread (up to some 30 ms for the largest), so a
  // caller gets a pin's worth of them, not a crawl of the world: an address pin asks once each time it stops.
  route(
    app,
    endpoints.geoTimeZone,
    async ({ query, reply }) => {
      const timeZone = timeZoneAt(query.lat, query.lng);
      if (!timeZone) throw AppError.notFound('A time zone at that point');
      reply.header('cache-control', CACHE);
      return { time_zone: timeZone };
    },
    perMinute(TIME_ZONE_LOOKUPS_PER_MINUTE),
  );

  route(app, endpoints.geoPlace, async ({ params, reply }) => {
    const place = await places.byId(params.id);
    if (!place) throw AppError.notFound('That place');
    reply.header('cache-control', CACHE);
    return place;
  });
}

function defaultPlaces(app: App): GazetteerClient {
  return createGazetteerClient({
    onReady: ({ size, buildMs, heapMb }) => app.log.info(`gazetteer: ${size} places indexed in ${buildMs} ms on its own thread (${heapMb} MB of its heap)`),
    onError: (err) => app.log.error({ err }, 'the gazetteer thread failed; the next search starts a new one'),
  });
}
