import { endpoints } from '@localloop/contract';
import { keptForVisitors } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { keptUntilChanged } from '../../lib/kept-until-changed.ts';
import { turnsPerRow } from '../../lib/turns.ts';
import { route, type App } from '../../lib/http.ts';
import { activityCalendarFile } from './calendar.ts';
import { activityDetails, createActivity, deactivateActivity, deactivatedActivities, myActivities } from './catalogue.ts';
import { vendorActivities } from './by-vendor.ts';
import { activitiesNear } from './near.ts';
import { decideParticipation, joinActivity, leaveActivity, removeParticipant } from './participation.ts';
import { activityReminderHandler, activityReminderKind } from './reminders.ts';
import type { KeptPage } from './details.ts';
import { ACTIVITY_PAGE, type ActivitiesDeps } from './shared.ts';

/**
 * Activities and participation (docs/decisions/0020). Host-only calls reach the activity only through its host
 * (another's answers 404); a participation only through its activity and its person.
 */
export async function activitiesRoutes(app: App, ctx: AppContext) {
  // An activity's page as everyone sees it, kept until a change of the activity or its participants (details.ts): each
  // change sends the word in its transaction for every process, and is forgotten here at once after it (`changing`).
  const pages = keptUntilChanged<KeptPage>({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock });
  ctx.realtime.watch({ changed: (what, id) => what === ACTIVITY_PAGE && pages.changed(id), busDown: pages.busDown, busUp: pages.busUp });
  const changing = async <T>(id: string, change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } finally {
      pages.changed(id);
    }
  };
  const deps: ActivitiesDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl, pages };
  ctx.jobs.handle(activityReminderKind, activityReminderHandler({ messenger: ctx.messenger, publicUrl: ctx.config.publicUrl }));

  route(app, endpoints.createActivity, ({ userId, body }) => createActivity(deps, userId, body));
  const activityList = keptForVisitors({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (callerId, query: Parameters<typeof activitiesNear>[2]) => activitiesNear(deps, callerId, query));
  route(app, endpoints.activityList, ({ userId, query }) => activityList(userId, query));
  route(app, endpoints.activityDetails, ({ userId, params }) => activityDetails(deps, userId, params.id));
  route(app, endpoints.activityCalendarFile, async ({ userId, params, reply }) => {
    const file = await activityCalendarFile({ ...deps, publicUrl: ctx.config.publicUrl }, userId, params.id);
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    // Bytes, so no serializer of the route touches the text.
    return Buffer.from(file.text, 'utf8');
  });
  route(app, endpoints.deactivateActivity, ({ userId, params }) => changing(params.id, deactivateActivity(deps, userId, params.id)));
  route(app, endpoints.deactivatedActivities, ({ userId, params, query }) => deactivatedActivities(deps, userId, params.id, query));
  route(app, endpoints.myActivities, ({ userId, query }) => myActivities(deps, userId, query));
  route(app, endpoints.vendorActivities, ({ userId, params, query }) => vendorActivities(deps, userId, params.id, query));

  // Joiners of one activity let in a few at a time, in the order they came (lib/turns.ts).
  const joins = turnsPerRow();
  route(app, endpoints.joinActivity, ({ userId, params }) => changing(params.id, joins(params.id, () => joinActivity(deps, userId, params.id))));
  route(app, endpoints.leaveActivity, ({ userId, params }) => changing(params.id, leaveActivity(deps, userId, params.id)));
  route(app, endpoints.decideParticipation, ({ userId, params, body }) => changing(params.id, decideParticipation(deps, userId, params.id, body)));
  route(app, endpoints.removeParticipant, ({ userId, params, body }) => changing(params.id, removeParticipant(deps, userId, params.id, body)));
}
