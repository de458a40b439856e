import { endpoints } from '@localloop/contract';
import { AppError } from '../../lib/errors.ts';
import { route, type App } from '../../lib/http.ts';
import { gazetteer, type Gazetteer } from './gazetteer.ts';

// The spec's autocomplete cache: places do not move within a day.
const CACHE = 'public, max-age=86400';

/** The offline geocoder's three endpoints. `places` is the provider; the default is the world gazetteer, built on first use. */
export async function geoRoutes(app: App, places: () => Gazetteer = gazetteer) {
  // A listening server builds the index (about 3 s of CPU) a little after start, so the health check and the
  // first pages answer at once and the first person typing rarely waits. Tests never listen.
  app.addHook('onListen', async () => {
    setTimeout(() => places(), 15_000).unref();
  });

  route(app, endpoints.geoSuggest, async ({ query, reply }) => {
    reply.header('cache-control', CACHE);
    return places().suggest(query.q, query.limit);
  });

  route(app, endpoints.geoReverse, async ({ query, reply }) => {
    const place = places().reverse(query.lat, query.lng);
    if (!place) throw AppError.notFound('A place near that point');
    reply.header('cache-control', CACHE);
    return place;
  });

  route(app, endpoints.geoPlace, async ({ params, reply }) => {
    const place = places().byId(params.id);
    if (!place) throw AppError.notFound('That place');
    reply.header('cache-control', CACHE);
    return place;
  });
}
