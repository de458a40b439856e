import { desc, eq } from 'drizzle-orm';
import { endpoints } from '@localloop/contract';
import { devOutbox } from '../../db/schema.ts';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * Development only (never registered in production): the messages the server would have sent to one address (`to` is
 * required: nobody lists everyone's codes). Messages still on their way are waited for, so a code asked for a moment
 * ago is here.
 */
export async function devRoutes(app: App, deps: Pick<AppContext, 'db' | 'background'>) {
  route(app, endpoints.devOutbox, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    await deps.background.drain();
    const rows = await deps.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, normaliseRecipient(query.to)))
      .orderBy(desc(devOutbox.createdAt))
      .limit(50);
    return rows.map((r) => ({ to: r.to, channel: r.channel, subject: r.subject, body: r.body, code: r.code, created_at: r.createdAt.toISOString() }));
  });
}

/** The outbox keys messages by the normalised address: lower-case e-mail, or E.164 without spaces. */
function normaliseRecipient(to: string): string {
  return to.includes('@') ? to.toLowerCase() : to.replace(/[\s().-]/g, '');
}
