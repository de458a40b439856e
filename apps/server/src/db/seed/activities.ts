import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ActivityCategory, JoinMode } from '@localloop/contract';
import type { Tx } from '../client.ts';
import { activities, activityParticipants, chatMessages, chatReads, chatRooms, users } from '../schema.ts';
import { claimSeedKeys } from './keys.ts';

type DemoActivity = {
  title: string;
  description: string;
  category: ActivityCategory;
  /** Days from the seed's day when it starts, and how many hours it lasts. */
  startsIn: number;
  hours: number;
  place: { address: string; city: string; lat: number; lng: number };
  capacity: number | null;
  joinMode: JoinMode;
  /** Demo customers who joined (open) or asked to join (approval). */
  joined?: string[];
  requested?: string[];
  /** The group chat so far, oldest first: who wrote and how many minutes before the seed. */
  chat?: { from: string; text: string; minutesAgo: number }[];
};

const USER = 'user@example.com';
const MAYA = 'customer1@example.com';
const LEO = 'customer2@example.com';
const DAY = 86_400_000;

/** Activities hosted by the demo customers, so that /LocalActivities near New York has something to join from the start. */
const demoActivities: Record<string, DemoActivity[]> = {
  [USER]: [
    {
      title: 'Board games in Washington Square',
      description: 'Bring a game or play one of ours: Catan, Codenames and a few quick card games. Beginners welcome.',
      category: 'Games',
      startsIn: 3,
      hours: 3,
      place: { address: 'Washington Square Park, New York, New York, United States', city: 'New York', lat: 40.7308, lng: -73.9973 },
      capacity: 8,
      joinMode: 'approval',
      requested: [MAYA],
    },
  ],
  [LEO]: [
    {
      title: 'Morning run over the Brooklyn Bridge',
      description: 'An easy 6 km loop from City Hall over the bridge and back, at a pace where we can still talk.',
      category: 'Sports & Fitness',
      startsIn: 2,
      hours: 1.5,
      place: { address: 'City Hall Park, New York, New York, United States', city: 'New York', lat: 40.7127, lng: -74.006 },
      capacity: 12,
      joinMode: 'open',
      joined: [USER, MAYA],
      chat: [
        { from: LEO, text: 'Welcome, everyone! We meet at the fountain in City Hall Park at 7:00 sharp.', minutesAgo: 180 },
        { from: MAYA, text: 'Great, see you there. Is there somewhere to leave a bag?', minutesAgo: 150 },
        { from: LEO, text: 'There are lockers at the subway entrance on Chambers St. Travel light if you can.', minutesAgo: 140 },
        { from: USER, text: 'I am in! First time running the bridge, so I will stay at the back.', minutesAgo: 30 },
      ],
    },
    {
      title: 'Community garden clean-up',
      description: 'Weeding, mulching and planting bulbs for spring in a Lower East Side garden. Gloves provided.',
      category: 'Volunteering',
      startsIn: 6,
      hours: 4,
      place: { address: 'Lower East Side, New York, New York, United States', city: 'New York', lat: 40.7209, lng: -73.9844 },
      capacity: 15,
      joinMode: 'approval',
    },
  ],
  [MAYA]: [
    {
      title: 'Sketching at the Met',
      description: 'Pencils and a sketchbook in the sculpture court; we share our drawings over coffee afterwards.',
      category: 'Arts & Culture',
      startsIn: 5,
      hours: 2,
      place: { address: 'Metropolitan Museum of Art, New York, New York, United States', city: 'New York', lat: 40.7794, lng: -73.9632 },
      capacity: null,
      joinMode: 'open',
    },
  ],
};

/** Adds each demo host's activities once (claimSeedKeys), with their participants; answers how many hosts got theirs. */
export async function seedActivities(tx: Tx, now = new Date()): Promise<number> {
  const hosts = Object.keys(demoActivities);
  const claimed = await claimSeedKeys(
    tx,
    hosts.map((e) => `activities:${e}`),
  );
  const people = new Map((await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [USER, MAYA, LEO]))).map((r) => [r.email, r.id]));
  let seeded = 0;
  for (const email of hosts) {
    const hostId = people.get(email);
    if (!hostId || !claimed.has(`activities:${email}`)) continue;
    for (const a of demoActivities[email] ?? []) {
      const joined = (a.joined ?? []).flatMap((e) => people.get(e) ?? []);
      const requested = (a.requested ?? []).flatMap((e) => people.get(e) ?? []);
      const startsAt = new Date(now.getTime() + a.startsIn * DAY);
      const [row] = await tx
        .insert(activities)
        .values({
          hostId,
          title: a.title,
          description: a.description,
          category: a.category,
          startsAt,
          endsAt: new Date(startsAt.getTime() + a.hours * 3_600_000),
          addressText: a.place.address,
          city: a.place.city,
          latitude: a.place.lat,
          longitude: a.place.lng,
          capacity: a.capacity,
          joinMode: a.joinMode,
          participantCount: joined.length,
        })
        .returning({ id: activities.id });
      if (!row) throw new Error('demo activity not written');
      const participants = [...joined.map((userId) => ({ userId, status: 'joined' as const })), ...requested.map((userId) => ({ userId, status: 'requested' as const }))];
      if (participants.length > 0) await tx.insert(activityParticipants).values(participants.map((p) => ({ ...p, activityId: row.id })));
      const chat = (a.chat ?? []).flatMap((m) => {
        const senderId = people.get(m.from);
        return senderId ? [{ senderId, text: m.text, createdAt: new Date(now.getTime() - m.minutesAgo * 60_000) }] : [];
      });
      if (chat.length > 0) {
        // The group room came with the activity (a trigger); its messages in order, each sender having read up to their own.
        const [room] = await tx.select({ id: chatRooms.id }).from(chatRooms).where(and(eq(chatRooms.activityId, row.id), eq(chatRooms.kind, 'group')));
        if (!room) throw new Error('demo activity has no group room');
        const written = [];
        for (const m of chat) {
          const [message] = await tx.insert(chatMessages).values({ roomId: room.id, senderId: m.senderId, clientId: randomUUID(), text: m.text, createdAt: m.createdAt }).returning({ seq: chatMessages.seq, senderId: chatMessages.senderId });
          if (message) written.push(message);
        }
        const lastBySender = new Map(written.map((m) => [m.senderId, m.seq]));
        await tx.insert(chatReads).values([...lastBySender].map(([userId, seq]) => ({ roomId: room.id, userId, lastReadSeq: seq })));
      }
    }
    seeded += 1;
  }
  return seeded;
}
