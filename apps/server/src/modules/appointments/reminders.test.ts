import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { appointments, devOutbox, jobs, notifications } from '../../db/schema.ts';
import { bookingFixtures } from '../../../test/booking-fixtures.ts';
import { createTestApp, inject, testClock, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
const clock = testClock();
const { dayAhead, at, customerAccount, bookableShop, book } = bookingFixtures(() => t, clock);
const hour = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** The reminder jobs of one booking, by lead, with their times. */
async function remindersOf(appointmentId: string) {
  const rows = await t.database.db
    .select({ key: jobs.key, runAt: jobs.runAt })
    .from(jobs)
    .where(like(jobs.key, `appointment:${appointmentId}:reminder:%`))
    .orderBy(asc(jobs.runAt));
  return rows.map((r) => ({ lead: r.key.split(':').at(-1), runAt: r.runAt.toISOString() }));
}

const mailTo = (email: string) => t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(asc(devOutbox.createdAt));
const remindersFor = (userId: string) =>
  t.database.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'appointment_reminder')));

/** Moves the test's clock to an instant (forward only). */
function moveTo(instant: Date) {
  const ms = instant.getTime() - clock().getTime();
  if (ms > 0) clock.advance(ms);
}

/** A booking at 10:00 New York time `days` ahead, by a new customer. */
async function booking(days: number) {
  const { shop, service, provider } = await bookableShop();
  const customer = await customerAccount();
  const startsAt = at(dayAhead(days), '10:00');
  const made = (await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: startsAt })).json();
  return { shop, service, provider, customer, appointment: made, startsAt: new Date(startsAt) };
}

describe('booking reminders (durable jobs)', () => {
  it('sends an e-mail and a notification 24 hours and 1 hour before, once each', async () => {
    const { customer, appointment, startsAt } = await booking(3);
    expect(await remindersOf(appointment.id)).toEqual([
      { lead: '24h', runAt: new Date(startsAt.getTime() - 24 * hour).toISOString() },
      { lead: '1h', runAt: new Date(startsAt.getTime() - hour).toISOString() },
    ]);

    await t.app.jobs.runDue();
    expect(await mailTo(customer.email)).toHaveLength(0);

    moveTo(new Date(startsAt.getTime() - 24 * hour));
    await t.app.jobs.runDue();
    const first = await mailTo(customer.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toMatch(/^Reminder: Haircut tomorrow, \w{3} \d{1,2} \w{3} at 10:00$/);
    expect(first[0]?.body).toContain('Haircut with Ana');
    expect(first[0]?.body).toContain('America/New_York');
    expect(first[0]?.body).toContain('12 Water St');
    expect(first[0]?.body).toContain('/customer/bookings');
    expect(await remindersFor(customer.user.id)).toEqual([expect.objectContaining({ title: 'Your booking is tomorrow' })]);
    expect((await remindersOf(appointment.id)).map((r) => r.lead)).toEqual(['1h']);

    // Run again at the same time: nothing is sent twice.
    await t.app.jobs.runDue();
    expect(await mailTo(customer.email)).toHaveLength(1);

    moveTo(new Date(startsAt.getTime() - hour + 60_000));
    await t.app.jobs.runDue();
    const both = await mailTo(customer.email);
    expect(both.map((m) => m.subject)).toEqual([expect.stringContaining('tomorrow'), expect.stringContaining('in about an hour')]);
    expect(await remindersFor(customer.user.id)).toHaveLength(2);
    expect(await remindersOf(appointment.id)).toEqual([]);
  });

  it('makes only the reminders still to come for a booking made a few hours ahead', async () => {
    const { service, provider } = await bookableShop();
    // The first slot of tomorrow; the clock is moved to 5 hours before it, and the customer signs in then.
    const startsAt = new Date(at(dayAhead(1), '09:00'));
    moveTo(new Date(startsAt.getTime() - 5 * hour));
    const customer = await customerAccount();
    const made = (await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: startsAt.toISOString() })).json();
    expect(await remindersOf(made.id)).toEqual([{ lead: '1h', runAt: new Date(startsAt.getTime() - hour).toISOString() }]);
  });

  it('drops the reminders of a cancelled booking in the same transaction, and moves them with a rescheduled one', async () => {
    const { customer, appointment, startsAt } = await booking(4);
    const moved = new Date(startsAt.getTime() + 24 * hour);
    (await inject(t.app, endpoints.rescheduleAppointment, { access: customer.access, params: { id: appointment.id }, body: { starts_at: moved.toISOString() } })).json();
    expect((await remindersOf(appointment.id)).map((r) => r.runAt)).toEqual([new Date(moved.getTime() - 24 * hour).toISOString(), new Date(moved.getTime() - hour).toISOString()]);

    (await inject(t.app, endpoints.updateAppointmentStatus, { access: customer.access, params: { id: appointment.id }, body: { status: 'cancelled', reason: 'Plans changed' } })).json();
    expect(await remindersOf(appointment.id)).toEqual([]);
    moveTo(new Date(moved.getTime() - hour));
    await t.app.jobs.runDue();
    expect(await mailTo(customer.email)).toHaveLength(0);
  });

  it('keeps a confirmed booking\'s reminders and sends nothing for a booking no longer live when its reminder comes due', async () => {
    const { shop, customer, appointment, startsAt } = await booking(5);
    (await inject(t.app, endpoints.updateAppointmentStatus, { access: shop.access, params: { id: appointment.id }, body: { status: 'confirmed' } })).json();
    expect(await remindersOf(appointment.id)).toHaveLength(2);
    // A change that bypasses the service (an operator's fix in the database) does not leave a wrong reminder behind.
    await t.database.db.update(appointments).set({ status: 'cancelled', cancelReason: 'Fixed by hand', cancelledBy: 'vendor' }).where(eq(appointments.id, appointment.id));
    moveTo(new Date(startsAt.getTime() - hour));
    await t.app.jobs.runDue();
    expect(await mailTo(customer.email)).toHaveLength(0);
    expect(await remindersOf(appointment.id)).toEqual([]);
  });

  it('keeps its jobs across a restart: a new server process on the same database sends them', async () => {
    const { customer, startsAt } = await booking(6);
    await t.app.close();
    // The "restart": a new app on the same database (the first one's poll is stopped by its close).
    t = await createTestApp({ clock, database: t.database });
    moveTo(new Date(startsAt.getTime() - 24 * hour));
    await t.app.jobs.runDue();
    expect(await mailTo(customer.email)).toHaveLength(1);
  });
});
