import { expect } from 'vitest';
import { endpoints, type ActivityInput } from '@localloop/contract';
import type { Clock } from '../src/lib/clock.ts';
import { createAccount, inject, login, type TestContext } from './helper.ts';

/**
 * People and hosted activities for the activities tests (calendar files, reminders, series):
 * `activityFixtures(() => t, clock)` inside a test file whose app `t` is made in beforeAll.
 */
export function activityFixtures(context: () => TestContext, clock: Clock) {
  /** An instant `h` hours from the test clock's now. */
  const hours = (h: number) => new Date(clock().getTime() + h * 3_600_000).toISOString();

  async function person() {
    const account = await createAccount(context().database);
    return { ...account, id: account.user.id, access: (await login(context().app, account.email, account.password)).access };
  }

  /** A run by the Hudson in New York, a day ahead, for 10. */
  const input = (over: Partial<ActivityInput> = {}): ActivityInput => ({
    title: 'Sunday run by the river',
    description: 'An easy 5 km run along the Hudson, all paces welcome.',
    category: 'Sports & Fitness',
    starts_at: hours(24),
    ends_at: hours(26),
    location: { formatted_address: 'Pier 45, New York, New York, United States', city: 'New York', latitude: 40.7336, longitude: -74.0111 },
    capacity: 10,
    join_mode: 'open',
    visibility: 'public',
    ...over,
  });

  async function hosted(over: Partial<ActivityInput> = {}) {
    const host = await person();
    const res = await inject(context().app, endpoints.createActivity, { access: host.access, body: input(over) });
    expect(res.statusCode, res.body).toBe(201);
    return { host, activity: res.json() };
  }

  const join = (access: string, id: string) => inject(context().app, endpoints.joinActivity, { access, params: { id } });
  const leave = (access: string, id: string) => inject(context().app, endpoints.leaveActivity, { access, params: { id } });
  const details = (id: string, access?: string) => inject(context().app, endpoints.activityDetails, { params: { id }, ...(access ? { access } : {}) });

  return { hours, person, input, hosted, join, leave, details };
}
