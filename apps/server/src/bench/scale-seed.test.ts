import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, freshDatabaseUrl } from '../../test/helper.ts';
import type { Database } from '../db/client.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { seedAtScale, seedDatabase, type ScaleReport, type SqlSession } from './scale-seed.ts';

// The scale seed at a thousandth (20 vendors, 1000 appointments, 2000 messages): on PostgreSQL through seedAtScale and
// its two connections, on PGlite through one session, then the database's own invariants asked of the rows it wrote.
let report: ScaleReport;
let session: SqlSession;
let close: () => Promise<void>;

beforeAll(async () => {
  const url = await freshDatabaseUrl();
  if (url) {
    report = await seedAtScale(url, { scale: 0.001 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    session = { query: (text) => client.query(text) };
    close = () => client.end();
  } else {
    const database: Database = await freshDatabase();
    session = (database.db as unknown as { $client: SqlSession }).$client;
    report = await seedDatabase([session], { scale: 0.001 });
    close = () => database.close();
  }
});
afterAll(() => close?.());

/** The single number a query answers. */
async function count(text: string): Promise<number> {
  const [row] = (await session.query(text)).rows as Record<string, unknown>[];
  return Number(Object.values(row ?? {})[0]);
}

describe('the scale seed', () => {
  it('writes the counts of its scale, and reports them', async () => {
    const expected = { vendors: 20, services: 200, appointments: 1000, deals: 100, purchases: 1000, activities: 100, chat_rooms: 100, chat_messages: 2000, users: 200 + 20 + 1 };
    for (const [table, n] of Object.entries(expected)) {
      expect(await count(`SELECT count(*) FROM ${table}`), table).toBe(n);
      expect(report.counts[table], table).toBe(n);
    }
    expect(await count('SELECT count(*) FROM providers')).toBeGreaterThanOrEqual(20);
    expect(await count('SELECT count(*) FROM services s WHERE NOT EXISTS (SELECT 1 FROM provider_services ps WHERE ps.service_id = s.id)')).toBe(0);
    expect(report.steps.length).toBeGreaterThan(10);
  });

  it('keeps every deal\'s quantity_sold equal to its paid and fulfilled purchases, within stock and each customer\'s limit', async () => {
    expect(
      await count(`SELECT count(*) FROM deals d WHERE d.quantity_sold <> coalesce((SELECT sum(p.quantity) FROM purchases p WHERE p.deal_id = d.id AND p.status IN ('paid', 'fulfilled')), 0)`),
    ).toBe(0);
    expect(await count('SELECT count(*) FROM deals WHERE quantity_total IS NOT NULL AND quantity_sold > quantity_total')).toBe(0);
    expect(await count(`SELECT count(*) FROM (SELECT p.deal_id, p.customer_id FROM purchases p JOIN deals d ON d.id = p.deal_id WHERE p.status <> 'refunded'
      GROUP BY p.deal_id, p.customer_id, d.per_customer_limit HAVING sum(p.quantity) > d.per_customer_limit) x`)).toBe(0);
    expect(await count('SELECT count(*) FROM purchases p JOIN deals d ON d.id = p.deal_id WHERE p.created_at < d.starts_at OR p.created_at > d.ends_at OR p.vendor_id <> d.vendor_id')).toBe(0);
    expect(await count('SELECT count(*) FROM deals WHERE quantity_sold > 0')).toBeGreaterThan(10);
  });

  it('keeps every activity\'s participant_count equal to its joined participants, within capacity, the host never one of them', async () => {
    expect(await count(`SELECT count(*) FROM activities a WHERE a.participant_count <> (SELECT count(*) FROM activity_participants p WHERE p.activity_id = a.id AND p.status = 'joined')`)).toBe(0);
    expect(await count('SELECT count(*) FROM activities WHERE capacity IS NOT NULL AND participant_count > capacity')).toBe(0);
    expect(await count('SELECT count(*) FROM activity_participants p JOIN activities a ON a.id = p.activity_id WHERE p.user_id = a.host_id')).toBe(0);
    expect(await count(`SELECT count(*) FROM activities a WHERE (SELECT count(*) FROM chat_rooms r WHERE r.activity_id = a.id AND r.kind = 'group') <> 1`)).toBe(0);
    expect(await count('SELECT max(participant_count) FROM activities')).toBeGreaterThanOrEqual(100);
  });

  it('numbers chat messages once per room, in the order they were written, from members of the room only', async () => {
    expect(await count('SELECT count(*) FROM (SELECT room_id, seq FROM chat_messages GROUP BY room_id, seq HAVING count(*) > 1) x')).toBe(0);
    expect(await count('SELECT count(*) FROM (SELECT created_at < lag(created_at) OVER (PARTITION BY room_id ORDER BY seq) AS back FROM chat_messages) x WHERE back')).toBe(0);
    expect(await count(`SELECT count(*) FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id JOIN activities a ON a.id = r.activity_id
      WHERE m.sender_id <> a.host_id AND NOT EXISTS (SELECT 1 FROM activity_participants p WHERE p.activity_id = a.id AND p.user_id = m.sender_id AND p.status = 'joined')`)).toBe(0);
    // The shared sequence has moved past them: the app's next message numbers after every seeded one.
    expect(await count("SELECT nextval(pg_get_serial_sequence('chat_messages', 'seq')) > (SELECT max(seq) FROM chat_messages)")).toBe(1);
    expect(report.known.busiestRoom.messages).toBeGreaterThan(50);
  });

  it('never books a provider twice at once, and books only what the provider performs, inside the shop\'s hours', async () => {
    expect(
      await count(`SELECT count(*) FROM appointments a JOIN appointments b ON a.provider_id = b.provider_id AND a.id < b.id
        AND a.status <> 'cancelled' AND b.status <> 'cancelled' AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)`),
    ).toBe(0);
    expect(await count('SELECT count(*) FROM appointments a WHERE NOT EXISTS (SELECT 1 FROM provider_services ps WHERE ps.provider_id = a.provider_id AND ps.service_id = a.service_id)')).toBe(0);
    expect(
      await count(`SELECT count(*) FROM appointments a WHERE NOT EXISTS (SELECT 1 FROM vendor_hours h WHERE h.vendor_id = a.vendor_id
        AND h.weekday = extract(isodow FROM a.starts_at AT TIME ZONE a.time_zone)
        AND h.opens_minute <= extract(hour FROM a.starts_at AT TIME ZONE a.time_zone) * 60 + extract(minute FROM a.starts_at AT TIME ZONE a.time_zone)
        AND h.closes_minute >= extract(hour FROM a.blocked_until AT TIME ZONE a.time_zone) * 60 + extract(minute FROM a.blocked_until AT TIME ZONE a.time_zone))`),
    ).toBe(0);
    expect(await count("SELECT count(*) FROM appointments WHERE status IN ('completed', 'no_show') AND ends_at > now()")).toBe(0);
    expect(await count("SELECT count(*) FROM appointments WHERE status IN ('pending', 'confirmed') AND ends_at < now() - interval '1 day'")).toBe(0);
    expect(await count("SELECT count(*) FROM appointments WHERE starts_at > now()")).toBeGreaterThan(0);
    expect(await count("SELECT count(*) FROM appointments a JOIN vendors v ON v.id = a.vendor_id WHERE NOT v.is_approved")).toBe(0);
  });

  it('lists a vendor, its addresses and its deals only when it is approved, not suspended and its owner active', async () => {
    expect(await count('SELECT count(*) FROM vendors v JOIN users u ON u.id = v.user_id WHERE v.listed <> (v.is_approved AND NOT v.is_suspended AND u.is_active AND u.deleted_at IS NULL)')).toBe(0);
    expect(await count('SELECT count(*) FROM vendor_addresses a JOIN vendors v ON v.id = a.vendor_id WHERE a.listed <> v.listed')).toBe(0);
    expect(await count('SELECT count(*) FROM deals d JOIN vendors v ON v.id = d.vendor_id WHERE d.listed <> (v.listed AND NOT d.is_paused)')).toBe(0);
    expect(await count('SELECT count(*) FROM deals d JOIN vendor_addresses a ON a.id = d.address_id WHERE d.vendor_id <> a.vendor_id OR d.latitude <> a.latitude OR d.city <> a.city')).toBe(0);
    expect(await count('SELECT count(*) FROM vendors WHERE listed')).toBeGreaterThan(10);
  });

  it('keeps rating figures equal to the ratings', async () => {
    expect(await count('SELECT count(*) FROM vendors v WHERE (v.rating_count, v.rating_sum) <> (SELECT count(*), coalesce(sum(rating), 0) FROM vendor_ratings r WHERE r.vendor_id = v.id)')).toBe(0);
    expect(await count('SELECT count(*) FROM deals d WHERE (d.rating_count, d.rating_sum) <> (SELECT count(*), coalesce(sum(rating), 0) FROM deal_ratings r WHERE r.deal_id = d.id)')).toBe(0);
    expect(await count("SELECT count(*) FROM deal_ratings r WHERE NOT EXISTS (SELECT 1 FROM purchases p WHERE p.deal_id = r.deal_id AND p.customer_id = r.user_id AND p.status = 'fulfilled')")).toBe(0);
  });

  it('tells the customers what the app would have: a reminder of each booking held, a word on each redeemed or refunded purchase', async () => {
    expect(await count(`SELECT count(*) FROM notifications n WHERE n.notification_type = 'appointment_reminder'
      AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.id = (n.data->>'appointment_id')::uuid AND a.customer_id = n.user_id AND a.status <> 'cancelled')`)).toBe(0);
    expect(await count(`SELECT count(*) FROM notifications n WHERE n.notification_type IN ('deal_fulfilled', 'deal_refunded')
      AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.id = (n.data->>'purchase_id')::uuid AND p.customer_id = n.user_id AND p.status::text = substr(n.notification_type, 6))`)).toBe(0);
    expect(await count("SELECT count(*) FROM purchases WHERE status IN ('fulfilled', 'refunded')")).toBe(
      await count("SELECT count(*) FROM notifications WHERE notification_type IN ('deal_fulfilled', 'deal_refunded')"),
    );
    expect(await count('SELECT count(*) FROM notifications WHERE is_read')).toBeGreaterThan(0);
    expect(await count('SELECT count(*) FROM notifications WHERE NOT is_read')).toBeGreaterThan(0);
    expect(report.known.busiestCustomer.notifications).toBe(await count(`SELECT count(*) FROM notifications WHERE user_id = '${report.known.busiestCustomer.userId}'`));
    expect(report.known.busiestCustomer.notifications).toBeGreaterThan(10);
  });

  it('leaves every table vacuumed as autovacuum would have: its pages all-visible (an index-only scan need not visit the rows)', async () => {
    // Nearly all: VACUUM passes over a page it cannot lock at once (the checkpointer writing it out, say), as it would
    // in a database in use, and never marks a page that a bulk extension added and nothing has used yet; what the
    // planner weighs is the share. Nearly all is 90 %, and one page of a table under ten: at a thousandth a table has
    // two or three pages, and one such page made vendors 0.5 once in a busy npm test (2026-12-07), three rounds in a row.
    const shares = (await session.query(
      "SELECT relname, relpages, relallvisible FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND relpages > 0",
    )).rows as { relname: string; relpages: number; relallvisible: number }[];
    const unsettled = shares.filter((r) => r.relpages - r.relallvisible > Math.max(1, Math.floor(r.relpages * 0.1)));
    // On failure, what the seed's VACUUM rounds found and waited for.
    const rounds = report.steps.filter((s) => /waited|not all-visible/.test(s.step)).map((s) => `${s.step}: ${s.rows ?? '–'} in ${s.seconds.toFixed(3)} s`);
    expect(unsettled.map((r) => `${r.relname} ${r.relallvisible}/${r.relpages}`), rounds.join('; ')).toEqual([]);
    expect(shares.length).toBeGreaterThan(10);
    expect(report.steps.some((s) => s.step.startsWith('tables with pages not all-visible'))).toBe(true);
  });

  it('reports accounts a bench can log in as, with the password it names', async () => {
    const { busiestCustomer, vendorOwner, busiestProvider } = report.known;
    expect(busiestCustomer.appointments).toBe(await count('SELECT max(n) FROM (SELECT count(*) AS n FROM appointments GROUP BY customer_id) x'));
    const [hash] = (await session.query(`SELECT password_hash FROM users WHERE email = '${busiestCustomer.email}'`)).rows as { password_hash: string }[];
    expect(await verifyPassword(hash?.password_hash ?? '', report.password)).toBe(true);
    expect(vendorOwner.city).toBe('New York City');
    expect(await count(`SELECT count(*) FROM vendors v JOIN users u ON u.id = v.user_id WHERE v.listed AND u.email = '${vendorOwner.email}' AND v.id = '${vendorOwner.vendorId}'`)).toBe(1);
    expect(await count(`SELECT count(*) FROM providers WHERE id = '${busiestProvider.providerId}' AND vendor_id = '${vendorOwner.vendorId}'`)).toBe(1);
    expect(report.known.densestCity.name).toBe('New York City');
  });
});
