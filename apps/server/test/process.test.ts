import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from './helper.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(() => child.kill('SIGKILL'));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function databaseEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-proc-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await freshDatabaseUrl();
  return url ? { DATA_DIR: dataDir, DATABASE_URL: url } : { DATA_DIR: dataDir };
}

describe('the server process', () => {
  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const server = startServer({ ...(await databaseEnv()), PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment configuration');
    expect(server.output()).toContain('PORT');
  });

  it('on SIGTERM finishes the request in flight, then closes the database and exits 0', async () => {
    const port = String(31000 + Math.floor(Math.random() * 2000));
    const server = startServer({ ...(await databaseEnv()), PORT: port, HOST: '127.0.0.1' });
    await waitFor(() => server.output().includes('LocalLoop is ready'), 45_000);

    const inFlight = fetch(`http://127.0.0.1:${port}/api/login/v2/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@example.com', password: 'demo-password-1' }),
    });
    await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    const code = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 60_000);
});
