import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject as provided } from 'vitest';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { captureProcessOutput } from './log-capture.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Waits for the server to say it is ready; fails at once if it exits first, and either way with the end of what it
 * printed (a port taken, a migration refused), not a bare time-out.
 */
export async function waitReady(server: Started, timeoutMs: number): Promise<void> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  try {
    await waitFor(() => server.output().includes('LocalLoop is ready') || exited, timeoutMs);
  } catch {
    // timed out: told below
  }
  if (!server.output().includes('LocalLoop is ready')) {
    throw new Error(`the server did not become ready (${exited ? 'it exited' : `${timeoutMs} ms`}); its last output:\n${server.output().slice(-2000)}`);
  }
}

/**
 * Runs the real server as a child process with the given environment: compiled, as `npm start` runs it (the run's build,
 * test/global-setup.ts), or what `args` name.
 */
export function startServer(env: Record<string, string>, cleanups: Array<() => void>, args = [provided('compiledServer')]): Started {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const capture = captureProcessOutput('server-process');
  const take = (d: Buffer) => {
    output += d.toString();
    capture?.write(d);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.on('exit', () => capture?.end());
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(() => child.kill('SIGKILL'));
  return { child, output: () => output, exited };
}

/**
 * A port nobody listens on now, chosen by the system, for a server a test starts: parallel files then clash only if
 * another process takes it in the moment between this and the server's listen (random numbers from fixed ranges did
 * clash: two files' ranges overlapped, and a server that could not listen never became ready).
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function waitFor(check: () => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The demo accounts, shops, deals, activities and chats, without the vendors' pictures, put in before a server starts
 * with SEED_DEMO=false: drawing and encoding the pictures costs every seeding server about 5 CPU-seconds, which a test
 * of processes has no use for. The database is the one the server will use (DATABASE_URL, else PGlite under DATA_DIR).
 */
export async function seedDemoWithoutPictures(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<void> {
  const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 1) : await openPglite({ dataDir: path.join(env.DATA_DIR, 'pglite') });
  try {
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}
