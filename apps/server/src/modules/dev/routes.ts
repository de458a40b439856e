import { desc, eq } from 'drizzle-orm';
import { endpoints } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { devOutbox } from '../../db/schema.ts';
import { route, type App } from '../../lib/http.ts';

/** Development only (never registered in production): the messages the server would have sent. */
export async function devRoutes(app: App, db: Db) {
  route(app, endpoints.devOutbox, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    const to = query.to ? normaliseRecipient(query.to) : undefined;
    const rows = await db
      .select()
      .from(devOutbox)
      .where(to ? eq(devOutbox.to, to) : undefined)
      .orderBy(desc(devOutbox.createdAt))
      .limit(50);
    return rows.map((r) => ({ to: r.to, channel: r.channel, subject: r.subject, body: r.body, code: r.code, created_at: r.createdAt.toISOString() }));
  });
}

/** The outbox keys messages by the normalised address: lower-case e-mail, or E.164 without spaces. */
function normaliseRecipient(to: string): string {
  return to.includes('@') ? to.toLowerCase() : to.replace(/[\s().-]/g, '');
}
