import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from './helper.ts';
import { startServer, waitFor } from './processes.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function databaseEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-proc-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await freshDatabaseUrl();
  return url ? { DATA_DIR: dataDir, DATABASE_URL: url } : { DATA_DIR: dataDir };
}

describe('the server process', () => {
  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const server = startServer({ ...(await databaseEnv()), PORT: 'not-a-port' }, cleanups);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment configuration');
    expect(server.output()).toContain('PORT');
  });

  it('on SIGTERM finishes the request in flight, then closes the database and exits 0', async () => {
    const port = String(31000 + Math.floor(Math.random() * 2000));
    const server = startServer({ ...(await databaseEnv()), PORT: port, HOST: '127.0.0.1' }, cleanups);
    await waitFor(() => server.output().includes('LocalLoop is ready'), 45_000);

    const inFlight = fetch(`http://127.0.0.1:${port}/api/login/v2/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@example.com', password: 'demo-password-1' }),
    });
    // SIGTERM once the server has the request (Fastify logs each incoming request), not on a timer: under load a
    // timer can fire before the request arrives, and a request arriving after shutdown began is rightly refused.
    await waitFor(() => server.output().includes('"url":"/api/login/v2/"'), 15_000);
    server.child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    const code = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 60_000);
});
