import { endpoints } from '@localloop/contract';
import { keptForVisitors } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { activityCalendarFile } from './calendar.ts';
import { activityDetails, createActivity, deactivateActivity, deactivatedActivities, myActivities } from './catalogue.ts';
import { vendorActivities } from './by-vendor.ts';
import { activitiesNear } from './near.ts';
import { decideParticipation, joinActivity, leaveActivity, removeParticipant } from './participation.ts';
import { activityReminderHandler, activityReminderKind } from './reminders.ts';
import type { ActivitiesDeps } from './shared.ts';

/**
 * Activities and participation (docs/decisions/0020). Host-only calls reach the activity only through its host
 * (another's answers 404); a participation only through its activity and its person.
 */
export async function activitiesRoutes(app: App, ctx: AppContext) {
  const deps: ActivitiesDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  ctx.jobs.handle(activityReminderKind, activityReminderHandler({ messenger: ctx.messenger, publicUrl: ctx.config.publicUrl }));

  route(app, endpoints.createActivity, ({ userId, body }) => createActivity(deps, userId, body));
  const activityList = keptForVisitors({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (callerId, query: Parameters<typeof activitiesNear>[2]) => activitiesNear(deps, callerId, query));
  route(app, endpoints.activityList, ({ userId, query }) => activityList(userId, query));
  // An activity's page is the same for every visitor: kept as the lists keep theirs; a signed-in person's carries their
  // place in it and is read fresh.
  const activityPage = keptForVisitors({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (callerId, id: string) => activityDetails(deps, callerId, id));
  route(app, endpoints.activityDetails, ({ userId, params }) => activityPage(userId, params.id));
  route(app, endpoints.activityCalendarFile, async ({ userId, params, reply }) => {
    const file = await activityCalendarFile({ ...deps, publicUrl: ctx.config.publicUrl }, userId, params.id);
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    // Bytes, so no serializer of the route touches the text.
    return Buffer.from(file.text, 'utf8');
  });
  route(app, endpoints.deactivateActivity, ({ userId, params }) => deactivateActivity(deps, userId, params.id));
  route(app, endpoints.deactivatedActivities, ({ userId, params, query }) => deactivatedActivities(deps, userId, params.id, query));
  route(app, endpoints.myActivities, ({ userId, query }) => myActivities(deps, userId, query));
  route(app, endpoints.vendorActivities, ({ userId, params, query }) => vendorActivities(deps, userId, params.id, query));

  route(app, endpoints.joinActivity, ({ userId, params }) => joinActivity(deps, userId, params.id));
  route(app, endpoints.leaveActivity, ({ userId, params }) => leaveActivity(deps, userId, params.id));
  route(app, endpoints.decideParticipation, ({ userId, params, body }) => decideParticipation(deps, userId, params.id, body));
  route(app, endpoints.removeParticipant, ({ userId, params, body }) => removeParticipant(deps, userId, params.id, body));
}
