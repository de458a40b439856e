import type { Activity, ActivityCard, ActivityListResponse, ActivityPerson, MyActivitiesResponse, Participation, ParticipationResult } from '@localloop/contract';
import { userLogin } from './fixtures.ts';

/** Activities as the server answers them, for the activities pages; ids are predictable from `n`. */
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export function person(n: number, overrides: Partial<ActivityPerson> = {}): ActivityPerson {
  return { id: id('a1000000', n), name: `Person ${n}`, avatar: null, ...overrides };
}

export const activityHost = person(0, { name: 'Maya' });
/** The signed-in user of fixtures.ts, as a person of an activity. */
export const me = person(99, { id: userLogin.user?.id ?? '', name: 'Sam' });

export function activityCard(n: number, overrides: Partial<ActivityCard> = {}): ActivityCard {
  return {
    id: id('a0000000', n),
    title: `Activity ${n}`,
    category: 'Sports & Fitness',
    image: null,
    host: activityHost,
    starts_at: '2099-12-05T15:00:00.000Z',
    ends_at: '2099-12-05T17:00:00.000Z',
    city: 'New York',
    formatted_address: 'Central Park, New York, NY, United States',
    latitude: 40.7829,
    longitude: -73.9654,
    capacity: 10,
    join_mode: 'open',
    visibility: 'public',
    state: 'upcoming',
    participant_count: 3,
    spots_left: 7,
    waitlist_count: 0,
    my_state: 'none',
    distance_km: 2.34,
    ...overrides,
  };
}

export function activityPage(results: ActivityCard[], overrides: Partial<ActivityListResponse> = {}): ActivityListResponse {
  return { count: results.length, count_capped: false, page: 1, page_size: 12, results, ...overrides };
}

/** A page of the caller's own activities; /activities/mine/ adds the figures of what the caller hosts (none unless overridden). */
export function activityList(results: ActivityCard[], overrides: Partial<MyActivitiesResponse> = {}): MyActivitiesResponse {
  return { count: results.length, page: 1, page_size: 12, results, hosting: { upcoming: 0, requests: 0, next: null }, ...overrides };
}

export function participation(n: number, overrides: Partial<Participation> = {}): Participation {
  return {
    id: id('a2000000', n),
    user: person(n),
    status: 'requested',
    waitlist_position: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function activity(overrides: Partial<Activity> = {}): Activity {
  const { distance_km: _distance, ...card } = activityCard(1, { title: 'Morning run in Central Park' });
  return {
    ...card,
    description: 'An easy 5 km loop around the reservoir, all paces welcome.',
    images: [],
    image_ids: [],
    participants: [person(1), person(2), person(3)],
    pending: [],
    my_waitlist_position: null,
    is_host: false,
    chat_room_id: null,
    my_chat_request: null,
    series: null,
    deactivated_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function participationResult(overrides: Partial<ParticipationResult> = {}): ParticipationResult {
  return { activity_id: activity().id, participation: null, my_state: 'none', participant_count: 3, spots_left: 7, waitlist_count: 0, ...overrides };
}
