import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, migratedDataDir } from './helper.ts';
import { freePort, seedDemoWithoutPictures, startServer, waitFor, waitReady } from './processes.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function databaseEnv(): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-proc-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await freshDatabaseUrl();
  if (url) return { DATA_DIR: dataDir, DATABASE_URL: url };
  // These tests are about the process, not migrating: a migrated copy spares each server the migrations.
  await migratedDataDir(dataDir);
  return { DATA_DIR: dataDir };
}

describe('the server process', () => {
  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const server = startServer({ ...(await databaseEnv()), PORT: 'not-a-port' }, cleanups);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment configuration');
    expect(server.output()).toContain('PORT');
  });

  it('on SIGTERM finishes the request in flight, then closes the database and exits 0', async () => {
    const port = String(await freePort());
    const env = await databaseEnv();
    await seedDemoWithoutPictures(env);
    const server = startServer({ ...env, SEED_DEMO: 'false', PORT: port, HOST: '127.0.0.1' }, cleanups);
    await waitReady(server, 45_000);

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

  it('in production adds no demo accounts unless SEED_DEMO=true, and then warns loudly', async () => {
    const env = await databaseEnv();
    const production = { ...env, NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-that-is-long-enough', QR_SIGNING_SECRET: 'a-production-qr-secret-that-is-long-enough', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const adminLogin = (port: string) =>
      fetch(`http://127.0.0.1:${port}/api/login/v2/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password-1' }),
      });
    const ready = async (port: string) => {
      for (let i = 0; i < 200; i += 1) {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (res?.ok) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('server did not start');
    };

    const quietPort = String(await freePort());
    const quiet = startServer({ ...production, PORT: quietPort, SEED_DEMO: '' }, cleanups);
    await ready(quietPort);
    expect((await adminLogin(quietPort)).status).toBe(401);
    expect(quiet.output()).not.toContain('DEMO ACCOUNTS');
    quiet.child.kill('SIGTERM');
    expect(await quiet.exited).toBe(0);

    const seededPort = String(await freePort());
    const seeded = startServer({ ...production, PORT: seededPort, SEED_DEMO: 'true' }, cleanups);
    await ready(seededPort);
    expect(seeded.output()).toContain('DEMO ACCOUNTS ARE ADDED');
    expect((await adminLogin(seededPort)).status).toBe(200);
    seeded.child.kill('SIGTERM');
    expect(await seeded.exited).toBe(0);
  }, 120_000);
});
