import { z } from 'zod';
import { IdParams, Latitude, LatitudeNumber, Longitude, LongitudeNumber, PageQuery, ResponsiveImage, Uuid, nearbyPage, paginated, withinNearbyDepth } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- Activities and participation (docs/decisions/0020) ------------------------------------------

export const MAX_ACTIVITY_IMAGES = 4;
/** The most people one activity may take, whatever the host writes. */
export const MAX_ACTIVITY_CAPACITY = 10_000;
/** How long one activity may last. */
export const MAX_ACTIVITY_DAYS = 31;
/** The most weekly repeats one creation makes besides the first (docs/decisions/0022): a season of about three months. */
export const MAX_WEEKLY_REPEATS = 12;

export const activityCategories = ['Sports & Fitness', 'Outdoors', 'Food & Drink', 'Arts & Culture', 'Music', 'Games', 'Learning', 'Social', 'Volunteering', 'Other'] as const;
export const ActivityCategory = z.enum(activityCategories, { error: 'Choose a category from the list.' });
export type ActivityCategory = z.infer<typeof ActivityCategory>;

/** `open`: anyone joins at once while there is room; `approval`: a join is a request the host accepts or rejects. */
export const JoinMode = z.enum(['open', 'approval'], { error: 'Choose open or approval.' });
export type JoinMode = z.infer<typeof JoinMode>;
/** `public`: in the lists near a point; `unlisted`: only for those who have its link. */
export const ActivityVisibility = z.enum(['public', 'unlisted'], { error: 'Choose public or unlisted.' });
export type ActivityVisibility = z.infer<typeof ActivityVisibility>;

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;
const Instant = (what: string) => z.iso.datetime({ offset: true, error: `Give the ${what} as a date and time such as 2026-12-01T09:00:00Z.` });

/** Where it happens, as the location picker gives a place (contract/geo.ts Place, account.ts AccountLocationInput). */
export const ActivityLocationInput = z.object({
  formatted_address: z.string({ error: 'Choose where it happens.' }).trim().min(1, 'Choose where it happens.').max(300, 'Use at most 300 characters for the address.'),
  city: z.string({ error: 'Name the city.' }).trim().min(1, 'Name the city.').max(120, 'Use at most 120 characters for the city.'),
  latitude: LatitudeNumber,
  longitude: LongitudeNumber,
});

/** What a signed-in person writes to host an activity. The start must be to come (checked against the server's clock too). */
export const ActivityInput = z
  .object({
    title: z.string({ error: 'Give the activity a title.' }).trim().min(3, 'Give the activity a title of at least 3 characters.').max(120, 'Use at most 120 characters.'),
    description: z.string({ error: 'Describe the activity.' }).trim().min(10, 'Describe the activity in at least 10 characters.').max(4000, 'Use at most 4,000 characters.'),
    category: ActivityCategory,
    /** Images the host uploaded through /UploadImagesAPI/ (their `id`), in order; the first leads. */
    image_ids: z
      .array(Uuid('Choose an image you uploaded.'))
      .max(MAX_ACTIVITY_IMAGES, `Add at most ${MAX_ACTIVITY_IMAGES} images.`)
      .refine(uniqueIds, 'The same image is chosen twice.')
      .default([]),
    starts_at: Instant('start'),
    ends_at: Instant('end'),
    location: ActivityLocationInput,
    /** How many may join besides the host; null: no limit. */
    capacity: z
      .number({ error: 'Enter how many may join, or leave it empty for no limit.' })
      .int('Use a whole number.')
      .min(1, 'At least 1 person must be able to join.')
      .max(MAX_ACTIVITY_CAPACITY, `At most ${MAX_ACTIVITY_CAPACITY.toLocaleString('en-US')} people.`)
      .nullable()
      .default(null),
    join_mode: JoinMode.default('open'),
    visibility: ActivityVisibility.default('public'),
    /** How many more times it happens, a week apart at the same local time: 0 (once) to MAX_WEEKLY_REPEATS. */
    repeat_weekly: z
      .number({ error: 'Enter how many more weeks it repeats, or 0.' })
      .int('Use a whole number of weeks.')
      .min(0, 'Use 0 for an activity that does not repeat.')
      .max(MAX_WEEKLY_REPEATS, `It repeats at most ${MAX_WEEKLY_REPEATS} more weeks.`)
      .default(0),
  })
  .superRefine((v, ctx) => {
    const starts = Date.parse(v.starts_at);
    const ends = Date.parse(v.ends_at);
    if (ends <= starts) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
    else if (ends - starts > MAX_ACTIVITY_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: `An activity lasts at most ${MAX_ACTIVITY_DAYS} days.` });
  });
export type ActivityInput = z.input<typeof ActivityInput>;

/**
 * The caller's place in an activity: `none` (never joined, or left), `requested` (waits for the host), `joined`,
 * `waitlisted` (accepted or open, but the activity is full: first in line is promoted when a spot frees), `rejected`
 * and `removed` (by the host: cannot join again), `host`.
 */
export const ParticipationState = z.enum(['none', 'requested', 'joined', 'waitlisted', 'rejected', 'removed', 'host']);
export type ParticipationState = z.infer<typeof ParticipationState>;

/** Where an activity stands at the time of the answer. */
export const ActivityState = z.enum(['upcoming', 'ongoing', 'ended', 'deactivated']);
export type ActivityState = z.infer<typeof ActivityState>;

/** A chat request's state (docs/decisions/0022); the chat domain's requests carry it too. */
export const ChatRequestStatus = z.enum(['pending', 'accepted', 'rejected']);
export type ChatRequestStatus = z.infer<typeof ChatRequestStatus>;

export const ActivityPerson = z.object({
  id: z.string().uuid(),
  /** First name, or the username when there is none. */
  name: z.string(),
  avatar: ResponsiveImage.nullable(),
});
export type ActivityPerson = z.infer<typeof ActivityPerson>;

const activityFields = {
  id: z.string().uuid(),
  title: z.string(),
  category: z.string(),
  image: ResponsiveImage.nullable(),
  host: ActivityPerson,
  starts_at: z.string(),
  ends_at: z.string(),
  city: z.string(),
  formatted_address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  capacity: z.number().int().nullable(),
  join_mode: JoinMode,
  visibility: ActivityVisibility,
  state: ActivityState,
  /** Joined participants, the host not counted. */
  participant_count: z.number().int(),
  /** Places left; null when there is no limit. */
  spots_left: z.number().int().nullable(),
  waitlist_count: z.number().int(),
  /** The caller's place in it: `none` for visitors. */
  my_state: ParticipationState,
};

/** An activity in a list (near a point, or the caller's own). */
export const ActivityCard = z.object({
  ...activityFields,
  /** From the asked point; null in lists that are not near a point. */
  distance_km: z.number().nullable(),
});
export type ActivityCard = z.infer<typeof ActivityCard>;

export const ParticipantStatus = z.enum(['requested', 'joined', 'waitlisted', 'rejected', 'removed', 'left']);
export type ParticipantStatus = z.infer<typeof ParticipantStatus>;

/** One participation as the host sees it (its status, and its place on the waitlist). */
export const Participation = z.object({
  id: z.string().uuid(),
  user: ActivityPerson,
  status: ParticipantStatus,
  /** 1 for the first in line; null unless waitlisted. */
  waitlist_position: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Participation = z.infer<typeof Participation>;

/** Another date of the same weekly series, to link to. */
export const ActivityOccurrence = z.object({ id: z.string().uuid(), starts_at: z.string() });
export type ActivityOccurrence = z.infer<typeof ActivityOccurrence>;

/** The weekly series an activity belongs to: its other occurrences not ended nor deactivated, soonest first. */
export const ActivitySeries = z.object({
  id: z.string().uuid(),
  upcoming: z.array(ActivityOccurrence),
});
export type ActivitySeries = z.infer<typeof ActivitySeries>;

/** One activity with everything its page shows. */
export const Activity = z.object({
  ...activityFields,
  description: z.string(),
  images: z.array(ResponsiveImage),
  image_ids: z.array(z.string().uuid()),
  /** Joined participants: anyone may see who goes. */
  participants: z.array(ActivityPerson),
  /** Requests and the waitlist, in order: the host's to see; empty for anyone else. */
  pending: z.array(Participation),
  /** The caller's place on the waitlist (1: next), when waitlisted. */
  my_waitlist_position: z.number().int().nullable(),
  is_host: z.boolean(),
  /** The activity's group chat room, for its host and joined participants (the page's Chat button); null for anyone else. */
  chat_room_id: z.string().uuid().nullable(),
  /** The caller's request for a one-to-one chat with the host about this activity; null when none (and for the host). */
  my_chat_request: z.object({ id: z.string().uuid(), status: ChatRequestStatus, room_id: z.string().uuid().nullable() }).nullable(),
  /** The weekly series it is one date of, with the other dates to come; null for a single activity. */
  series: ActivitySeries.nullable(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Activity = z.infer<typeof Activity>;

const DateOnly = z.iso.date({ error: 'Use a date like 2026-12-01.' });

export const ActivityListQuery = withinNearbyDepth(
  PageQuery.extend({
    lat: Latitude,
    lng: Longitude,
    radius_km: z.coerce.number().min(1, 'The radius is at least 1 km.').max(500, 'The radius is at most 500 km.').default(25),
    category: ActivityCategory.optional(),
    /** Words of the title or the host's name; a typo of one short word still finds it. */
    q: z.string().trim().max(100, 'Use at most 100 characters.').optional(),
    /** Activities running on or after this day (UTC). */
    from: DateOnly.optional(),
    /** Activities starting on or before this day (UTC). */
    to: DateOnly.optional(),
  }).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The last day must not be before the first.' }),
);
export type ActivityListQuery = z.input<typeof ActivityListQuery>;
export const ActivityListResponse = nearbyPage(ActivityCard);
export type ActivityListResponse = z.infer<typeof ActivityListResponse>;

/** The filters of the page /MyActivities/{filterType?}. */
export const MyActivitiesFilter = z.enum(['created', 'joined', 'requested', 'upcoming', 'past', 'deactivated'], {
  error: 'Choose created, joined, requested, upcoming, past or deactivated.',
});
export type MyActivitiesFilter = z.infer<typeof MyActivitiesFilter>;
export const MyActivitiesQuery = PageQuery.extend({ filter: MyActivitiesFilter.default('upcoming') });
export type MyActivitiesQuery = z.input<typeof MyActivitiesQuery>;
export const ActivityList = paginated(ActivityCard);
export type ActivityList = z.infer<typeof ActivityList>;

/** What the caller hosts and is still to come (not ended nor deactivated): with every page of /activities/mine/, as My Deals' counts. */
export const HostingFigures = z.object({
  upcoming: z.number().int(),
  /** Requests to join these activities waiting for the caller's decision. */
  requests: z.number().int(),
  /** The soonest of them (it may be under way). */
  next: ActivityCard.nullable(),
});
export type HostingFigures = z.infer<typeof HostingFigures>;
export const MyActivitiesResponse = ActivityList.extend({ hosting: HostingFigures });
export type MyActivitiesResponse = z.infer<typeof MyActivitiesResponse>;

/**
 * The host's decision on one request, named by the person who asked. With `chat_request_id` it decides that person's
 * chat request instead (the spec: this call is "used for rejecting chat requests"), as PATCH /chat/accept-chat-request/.
 */
export const ParticipationDecisionInput = z.object({
  user_id: Uuid('Choose a person who asked to join.'),
  action: z.enum(['accept', 'reject'], { error: 'Say accept or reject.' }),
  chat_request_id: Uuid('Choose a chat request of this person.').optional(),
});
export type ParticipationDecisionInput = z.input<typeof ParticipationDecisionInput>;

export const RemoveParticipantInput = z.object({
  user_id: Uuid('Choose a participant.'),
  reason: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
});
export type RemoveParticipantInput = z.input<typeof RemoveParticipantInput>;

/** What a join, leave or decision leaves behind: the participation (null after leaving) and the activity's figures. */
export const ParticipationResult = z.object({
  activity_id: z.string().uuid(),
  participation: Participation.nullable(),
  my_state: ParticipationState,
  participant_count: z.number().int(),
  spots_left: z.number().int().nullable(),
  waitlist_count: z.number().int(),
});
export type ParticipationResult = z.infer<typeof ParticipationResult>;

const ActivityIdParams = z.object({ id: Uuid('Unknown activity.') });
const HostIdParams = z.object({ id: Uuid('Unknown account.') });
const VendorIdParams = z.object({ id: Uuid('Unknown vendor.') });

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const activitiesEndpoints = {
  createActivity: endpoint({
    method: 'POST',
    path: '/activities/create/',
    body: ActivityInput,
    response: Activity,
    status: 201,
    auth: 'required',
    summary: 'A signed-in account (a customer, or a vendor as a person) hosts an activity at a place from the location picker',
  }),
  activityList: endpoint({
    method: 'GET',
    path: '/activities/lists/',
    query: ActivityListQuery,
    body: undefined,
    response: ActivityListResponse,
    auth: 'optional',
    summary: 'Public activities not ended nor deactivated near lat/lng within radius_km, nearest first; by category and days',
  }),
  activityDetails: endpoint({
    method: 'GET',
    path: '/activities/details/{id}/',
    aliases: ['/activities/details/{id}'],
    params: IdParams,
    body: undefined,
    response: Activity,
    auth: 'optional',
    summary: 'One activity (the spec\'s "activities/details/{id}/" is this path) with its host, participants and the caller\'s state',
  }),
  activityCalendarFile: endpoint({
    method: 'GET',
    path: '/activities/details/{id}/ics/',
    params: IdParams,
    body: undefined,
    response: z.unknown(),
    auth: 'optional',
    summary: 'One activity as an iCalendar file (text/calendar) for a calendar app, for anyone who may read its details; a deactivated one is a cancelled event',
  }),
  joinActivity: endpoint({
    method: 'POST',
    path: '/activities/{id}/join/',
    params: ActivityIdParams,
    body: undefined,
    response: ParticipationResult,
    auth: 'required',
    summary: 'Joins (open, room left), asks to join (approval) or queues on the waitlist (full); once per person',
  }),
  leaveActivity: endpoint({
    method: 'POST',
    path: '/activities/{id}/leave/',
    params: ActivityIdParams,
    body: undefined,
    response: ParticipationResult,
    auth: 'required',
    summary: 'Leaves an activity, withdraws a request or leaves the waitlist; a freed spot goes to the first in line',
  }),
  decideParticipation: endpoint({
    method: 'POST',
    path: '/activity/confirm-reject/participation/{id}/',
    params: ActivityIdParams,
    body: ParticipationDecisionInput,
    response: ParticipationResult,
    auth: 'required',
    summary: 'The host (id: the activity) accepts a request (joined, or waitlisted when full) or rejects a request, a waitlisted or a joined person; with chat_request_id, decides that person\'s chat request instead',
  }),
  removeParticipant: endpoint({
    method: 'POST',
    path: '/activity/remove/participant/{id}/',
    params: ActivityIdParams,
    body: RemoveParticipantInput,
    response: ParticipationResult,
    auth: 'required',
    summary: 'The host (id: the activity) removes a joined or waitlisted person, who is told; the first in line takes the spot',
  }),
  deactivateActivity: endpoint({
    method: 'POST',
    path: '/activities/deactivate/{id}/',
    params: ActivityIdParams,
    body: undefined,
    response: Activity,
    auth: 'required',
    summary: 'The host deactivates an activity: it leaves the lists, no one can join, every participant is told',
  }),
  deactivatedActivities: endpoint({
    method: 'GET',
    path: '/activities/deactivated/{id}/',
    params: HostIdParams,
    query: PageQuery,
    body: undefined,
    response: ActivityList,
    auth: 'required',
    summary: 'The caller\'s deactivated activities (id: the caller\'s own account id; any other answers 404), newest first',
  }),
  myActivities: endpoint({
    method: 'GET',
    path: '/activities/mine/',
    query: MyActivitiesQuery,
    body: undefined,
    response: MyActivitiesResponse,
    auth: 'required',
    summary: 'The caller\'s activities for /MyActivities: created, joined, requested, upcoming, past or deactivated; with the figures of what the caller hosts',
  }),
  vendorActivities: endpoint({
    method: 'GET',
    path: '/activities/by-vendor/{id}/',
    params: VendorIdParams,
    query: PageQuery,
    body: undefined,
    response: ActivityList,
    auth: 'optional',
    summary: 'The public activities not ended nor deactivated that a listed shop\'s owner hosts (id: the vendor), soonest first, for its public page; an unlisted shop answers 404 to all but its owner',
  }),
} satisfies Record<string, Endpoint>;
