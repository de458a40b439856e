import { endpoints } from '@localloop/contract';
import { AppError } from '../../lib/errors.ts';
import { route, type App } from '../../lib/http.ts';
import { gazetteer, type Gazetteer } from './gazetteer.ts';

// The spec's autocomplete cache: places do not move within a day.
const CACHE = 'public, max-age=86400';

/** The offline geocoder's three endpoints. `places` is the provider; the default is the world gazetteer, built on first use. */
export async function geoRoutes(app: App, places: () => Gazetteer = gazetteer) {
  // A listening server builds the index in the background so the first person typing does not wait for it; tests never listen.
  app.addHook('onListen', async () => {
    setTimeout(() => places(), 100).unref();
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

  // The contract writes path parameters as {id}; Fastify's router reads :id.
  const placePath = endpoints.geoPlace.path.replace(/\{(\w+)\}/g, ':$1');
  route(app, { ...endpoints.geoPlace, path: placePath }, async ({ params, reply }) => {
    const place = places().byId(params.id);
    if (!place) throw AppError.notFound('That place');
    reply.header('cache-control', CACHE);
    return place;
  });
}
