import { endpoints } from '@localloop/contract';
import { keptForVisitors } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import type { RouteRateLimit } from '../../lib/rate-limit.ts';
import { turnsPerRow } from '../../lib/turns.ts';
import { appointmentCalendarFile, appointmentDetails, bookAppointment, rescheduleAppointment, updateStatus, userAppointments, vendorAppointments } from './bookings.ts';
import { calendarFeedFile, createCalendarFeed, myCalendarFeeds, revokeCalendarFeed, type CalendarFeedDeps } from './calendar-feeds.ts';
import { allServices, createService, deleteService, favoriteServiceCards, getService, myServices, toggleFavoriteService, updateService } from './catalogue.ts';
import { keptFreeTimes, PROVIDER_TIME } from './kept-slots.ts';
import { createProvider, deleteProvider, getProvider, myProviders, updateProvider } from './providers.ts';
import type { AppointmentsDeps } from './shared.ts';
import { reminderHandler, reminderKind } from './reminders.ts';
import { freeTimes, generateSlots } from './slots.ts';

/** How long a calendar app or proxy may keep a feed: bookings move, so minutes, not hours. */
const FEED_MAX_AGE_SECONDS = 300;

/**
 * Per calendar address, not per network address: Google Calendar fetches every subscribed feed from a few shared
 * addresses of its own, so a per-IP budget would let one busy shop's calendars starve another's. A calendar app asks a
 * few times an hour; a leaked link that is hammered is held to this.
 */
const FEED_RATE_LIMIT: RouteRateLimit = {
  rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (request) => `calendar-feed:${(request.params as { token?: string }).token ?? ''}` },
};

/**
 * Services, providers, slots and appointments (docs/decisions/0017). A shop's own rows are reached only through the
 * caller's vendor; a booking only by its customer or its shop; anything else answers 404.
 */
export async function appointmentsRoutes(app: App, ctx: AppContext) {
  const deps: AppointmentsDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  ctx.jobs.handle(reminderKind, reminderHandler({ messenger: ctx.messenger, publicUrl: ctx.config.publicUrl }));

  route(app, endpoints.myServices, ({ userId, query }) => myServices(deps, userId, query));
  route(app, endpoints.getService, ({ userId, params }) => getService(deps, userId, params.id));
  route(app, endpoints.createService, ({ userId, body }) => createService(deps, userId, body));
  route(app, endpoints.updateService, ({ userId, params, body }) => updateService(deps, userId, params.id, body));
  route(app, endpoints.deleteService, ({ userId, params }) => deleteService(deps, userId, params.id));

  route(app, endpoints.myProviders, ({ userId }) => myProviders(deps, userId));
  route(app, endpoints.getProvider, ({ userId, params }) => getProvider(deps, userId, params.id));
  route(app, endpoints.createProvider, ({ userId, body }) => createProvider(deps, userId, body));
  route(app, endpoints.updateProvider, ({ userId, params, body }) => updateProvider(deps, userId, params.id, body));
  route(app, endpoints.deleteProvider, ({ userId, params }) => deleteProvider(deps, userId, params.id));

  route(app, endpoints.generateSlots, ({ userId, params, body }) => generateSlots(deps, userId, params.provider_id, body));
  // A provider's free times, kept for everyone who asks the same until a change of the provider's time forgets them
  // (kept-slots.ts; the booking itself decides under the provider's lock).
  const kept = keptFreeTimes({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (callerId, query: Parameters<typeof freeTimes>[2]) => freeTimes(deps, callerId, query));
  deps.freeTimes = kept;
  ctx.realtime.watch({ changed: (what, id) => what === PROVIDER_TIME && kept.changed(id), busDown: kept.busDown, busUp: kept.busUp });
  route(app, endpoints.timeSlots, ({ userId, query }) => kept.get(userId, query));

  // Bookings of one provider let in a few at a time, in the order they came (lib/turns.ts).
  const bookings = turnsPerRow();
  route(app, endpoints.bookAppointment, ({ userId, body }) => bookings(body.provider_id, () => bookAppointment(deps, userId, body)));
  route(app, endpoints.appointmentDetails, ({ userId, params }) => appointmentDetails(deps, userId, params.id));
  route(app, endpoints.appointmentCalendarFile, async ({ userId, params, reply }) => {
    const file = await appointmentCalendarFile(deps, userId, params.id);
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    // Bytes, so no serializer of the route touches the text.
    return Buffer.from(file.text, 'utf8');
  });
  const feedDeps: CalendarFeedDeps = { ...deps, secret: ctx.secret, publicUrl: ctx.config.publicUrl };
  route(app, endpoints.calendarFeeds, ({ userId }) => myCalendarFeeds(feedDeps, userId));
  route(app, endpoints.createCalendarFeed, ({ userId, body }) => createCalendarFeed(feedDeps, userId, body));
  route(app, endpoints.deleteCalendarFeed, ({ userId, params }) => revokeCalendarFeed(feedDeps, userId, params.id));
  route(
    app,
    endpoints.calendarFeed,
    async ({ params, reply }) => {
      const text = await calendarFeedFile(feedDeps, params.token);
      reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`);
      return Buffer.from(text, 'utf8');
    },
    FEED_RATE_LIMIT,
  );
  route(app, endpoints.myAppointments, ({ userId, query }) => userAppointments(deps, userId, query));
  route(app, endpoints.vendorAppointments, ({ userId, params, query }) => vendorAppointments(deps, userId, params.id, query));
  route(app, endpoints.updateAppointmentStatus, ({ userId, params, body }) => updateStatus(deps, userId, params.id, body));
  route(app, endpoints.rescheduleAppointment, ({ userId, params, body }) => rescheduleAppointment(deps, userId, params.id, body.starts_at));

  const serviceList = keptForVisitors({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (callerId, query: Parameters<typeof allServices>[2]) => allServices(deps, callerId, query));
  route(app, endpoints.allServices, ({ userId, query }) => serviceList(userId, query));
  route(app, endpoints.toggleFavoriteService, ({ userId, params }) => toggleFavoriteService(deps, userId, params.id));
  route(app, endpoints.favoriteServices, ({ userId }) => favoriteServiceCards(deps, userId));
}
