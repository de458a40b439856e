import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './lib/context.ts';
import type { Database } from './db/client.ts';
import { answerSerializerCompiler } from './lib/answer-serializer.ts';
import { authPlugin } from './lib/auth.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { dummyPayments, type PaymentProvider } from './lib/payments.ts';
import { answerFrameworkError, registerErrorHandling, type App } from './lib/http.ts';
import { createBackground } from './lib/background.ts';
import { createJobRunner } from './lib/jobs.ts';
import { logOptions } from './lib/logging.ts';
import { registerRateLimits } from './lib/rate-limit.ts';
import { sessionVersions } from './lib/session-versions.ts';
import { registerSpa } from './lib/spa.ts';
import { createTokenService } from './lib/tokens.ts';
import { createMessenger } from './lib/messaging.ts';
import { authRoutes } from './modules/auth/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { directoryRoutes } from './modules/directory/index.ts';
import { createPrivateStorage, createStorage, mediaOrigin } from './lib/storage.ts';
import { isOperator, tokenVersionOf, usersRoutes } from './modules/users/index.ts';
import { isApprovedVendor, vendorsRoutes } from './modules/vendors/index.ts';
import { vendorPhotosRoutes } from './modules/vendor-photos/index.ts';
import { appointmentsRoutes } from './modules/appointments/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { startRealtime, type MembershipCheck } from './lib/realtime.ts';
import { registerRequestOrigin } from './lib/request-origin.ts';
import { realtimeRoutes } from './modules/realtime/index.ts';
import { geoRoutes } from './modules/geo/index.ts';
import { dealsRoutes } from './modules/deals/index.ts';
import { activitiesRoutes } from './modules/activities/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { discoverRoutes } from './modules/discover/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { socialRoutes } from './modules/social/index.ts';
import { registerMediaFiles, uploadRoutes } from './modules/uploads/index.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Channel kinds beyond the modules' own, by kind (tests prove the subscribe protocol with one). */
  realtimeChannels?: Record<string, MembershipCheck>;
  /** The payment provider; the dummy (every charge succeeds, labelled a test payment) when not given. */
  payments?: PaymentProvider;
};

/** Builds the whole HTTP app from its dependencies; no globals, so tests build as many as they like. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel, ...logOptions },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  // Once shutdown starts, answers tell keep-alive clients to hang up, so close() is not held open by them.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // A request whose caller hung up is no longer a connection that close() waits for, yet its handler goes on (a log-in
  // between checking the password and writing the session). close() waits for the handlers still running, so none meets
  // the database ended under it (main.ts ends it after close()): the work finishes, unanswered, as it would have if the
  // caller had stayed. A handler is only tracked when it answers a promise; the WebSocket route's runs as long as its
  // socket, which realtime.stop() closes. The wait is in the background work's onClose hook, before its drain: a late
  // handler may still hand work to it (a code's delivery).
  const running = new Set<Promise<void>>();
  app.addHook('onRoute', (route) => {
    if (route.websocket) return;
    const handler = route.handler;
    route.handler = function (request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        const settled = result.then(
          () => undefined,
          () => undefined,
        );
        running.add(settled);
        void settled.then(() => running.delete(settled));
      }
      return result;
    };
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers checked by zod outside production, written by a serializer compiled from the same schema (lib/answer-serializer.ts).
  app.setSerializerCompiler(answerSerializerCompiler({ check: deps.config.env !== 'production' }));
  registerErrorHandling(app);
  await registerRequestOrigin(app);

  // Google Identity Services (its script, button frame and styles) is allowed only when sign-in with Google is set up,
  // and the Maps JavaScript API (its scripts, the Places and Geocoding calls, its images) only when a Maps key is.
  const google = deps.config.google.clientId ? ['https://accounts.google.com/gsi/'] : [];
  const maps = deps.config.google.mapsApiKey
    ? { script: ['https://maps.googleapis.com'], connect: ['https://maps.googleapis.com', 'https://places.googleapis.com'], img: ['https://maps.gstatic.com', 'https://maps.googleapis.com'] }
    : { script: [], connect: [], img: [] };
  const media = [mediaOrigin(deps.config)].filter((origin): origin is string => origin !== null);
  // Built once: @fastify/helmet built helmet's middleware (and parsed this policy) again for every request, 3 % of a
  // busy server's CPU (a profile of the directory list under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google.map((g) => `${g}client`), ...maps.script],
        styleSrc: ["'self'", ...google.map((g) => `${g}style`)],
        // OpenStreetMap tiles for the vendor page's map (a.tile…, b.tile… and c.tile… by Leaflet's {s}).
        // Uploaded images from the bucket (or its CDN) when they are not served at /media/.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org', ...maps.img, ...media],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...google, ...maps.connect],
        frameSrc: google.length ? google : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in pop-up talks back to the opener; same-origin would cut it off.
    crossOriginOpenerPolicy: google.length ? { policy: 'same-origin-allow-popups' } : { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));

  await app.register(swagger, {
    openapi: {
      info: { title: 'LocalLoop API', version: '1.0.0', description: 'Every call of the LocalLoop web app, under /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const tokens = createTokenService(deps.config.jwtSecret, clock);
  const messenger = createMessenger(deps.config);
  const storage = createStorage(deps.config);
  const privateStorage = createPrivateStorage(deps.config);
  const background = createBackground(app.log);
  // onClose hooks run last registered first: the handlers still running are waited for here, so that what they hand to
  // the background is drained too.
  app.addHook('onClose', async () => {
    await Promise.all(running);
    await background.drain();
  });
  // Due jobs (reminders) are looked for once every module has registered its kinds, and no longer once closing starts.
  const jobs = createJobRunner(deps.database.db, clock, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start(deps.config.jobsPollMs));
  app.addHook('preClose', () => jobs.stop());
  const sessions = sessionVersions({ read: (userId) => tokenVersionOf(deps.database.db, userId), clock });
  const realtime = await startRealtime(deps.database, app.log, sessions);
  app.addHook('onClose', () => realtime.stop());
  for (const [kind, check] of Object.entries(deps.realtimeChannels ?? {})) realtime.registerChannel(kind, check);
  await app.register(authPlugin, {
    tokens,
    tokenVersionOf: (userId) => sessions.of(userId),
    hasRole: (userId, role) => (role === 'operator' ? isOperator(deps.database.db, userId) : isApprovedVendor(deps.database.db, userId)),
  });

  const ctx: AppContext = {
    config: deps.config,
    database: deps.database,
    db: deps.database.db,
    clock,
    tokens,
    messenger,
    background,
    jobs,
    storage,
    privateStorage,
    mediaUrl: (key) => storage.url(key),
    realtime,
    sessions,
    secret: deps.config.jwtSecret,
    payments: deps.payments ?? dummyPayments,
  };

  await app.register(
    async (api) => {
      // Answers of 1 KB and more go compressed when the client accepts it (a 5 KB list to 2 KB). gzip first: on this
      // API's JSON it costs half the CPU of brotli at quality 4 (about 20-60 µs an answer) for answers 1-5 % larger;
      // brotli (at 4: 11 is for files compressed once at build time) for clients that prefer it. gzip at level 1: an
      // answer is compressed once per request, and at 50 connections level 6 cost the vendor list 12 % of its
      // requests per second against level 1 (bench/RESULTS.md) for a few per cent of size. Request bodies are taken as
      // sent: nothing here needs compressed uploads.
      await api.register(compress, {
        threshold: 1024,
        zlibOptions: { level: 1 },
        encodings: ['gzip', 'br'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        globalDecompression: false,
      });
      await api.register(cookie);
      await registerRateLimits(api, deps.database.db);
      await healthRoutes(api, ctx);
      await geoRoutes(api);
      await uploadRoutes(api, ctx);
      await socialRoutes(api, ctx);
      await authRoutes(api, ctx);
      await usersRoutes(api, ctx);
      if (deps.config.devOutbox) await devRoutes(api, ctx);
      await realtimeRoutes(api, ctx);
      await notificationsRoutes(api, ctx);
      await directoryRoutes(api, ctx);
      await vendorsRoutes(api, ctx);
      await vendorPhotosRoutes(api, ctx);
      await appointmentsRoutes(api, ctx);
      await dealsRoutes(api, ctx);
      await activitiesRoutes(api, ctx);
      await chatRoutes(api, ctx);
      await searchRoutes(api, ctx);
      await discoverRoutes(api, ctx);
      await supportRoutes(api, ctx);
      await adminRoutes(api, ctx);
    },
    { prefix: '/api' },
  );

  await registerMediaFiles(app, deps.config);
  await registerSpa(app, deps.config.webDist);
  return app;
}
