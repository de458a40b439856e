import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDataDir } from '../src/db/data-dir-lock.ts';
import { migratedDataDir, onPostgres } from './helper.ts';
import { freePort, startServer, waitReady } from './processes.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded database directory lock', () => {
  it('refuses a second holder, naming the first one\'s pid, until the first releases it', () => {
    const dir = path.join(tempDir('localloop-lock-'), 'pglite');
    const first = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    let refusal: unknown = null;
    try {
      lockDataDir(dir);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DatabaseInUseError);
    expect((refusal as Error).message).toBe(
      `The database in ${dir} is in use by another LocalLoop process (pid ${process.pid}). Stop the server first, or set DATABASE_URL to use PostgreSQL.`,
    );
    first.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const second = lockDataDir(dir);
    second.release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = path.join(tempDir('localloop-lock-'), 'pglite');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), started: '1' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (the pid was reused), and an unreadable one', () => {
    const dir = path.join(tempDir('localloop-lock-'), 'pglite');
    // This process's pid, with a start time that is not this process's.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, started: 'an-earlier-process' }));
    lockDataDir(dir).release();
    writeFileSync(`${dir}.lock`, 'not json');
    lockDataDir(dir).release();
  });

  it('leaves alone a lock that another process took over from it', () => {
    const dir = path.join(tempDir('localloop-lock-'), 'pglite');
    const lock = lockDataDir(dir);
    const theirs = JSON.stringify({ pid: process.pid, started: 'someone-else' });
    writeFileSync(`${dir}.lock`, theirs);
    lock.release();
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(theirs);
  });
});

/** Runs an npm script from the repository root, as a person would. */
function npmRun(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.kill('SIGKILL'));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

// The lock guards the embedded database, which only the PGlite pass uses; the PostgreSQL pass has nothing to add.
describe.skipIf(onPostgres)('a second process on the data directory of a running server', () => {
  it('is refused with a clear message and a non-zero exit (npm run admin, npm run db:migrate, a second server), and a crashed server\'s lock is taken over', async () => {
    const dataDir = tempDir('localloop-locked-');
    const pgliteDir = path.join(dataDir, 'pglite');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', HOST: '127.0.0.1' };
    // Migrated already: the lock is the subject, not the first start's migrations.
    await migratedDataDir(dataDir);
    const server = startServer({ ...env, PORT: String(port) }, cleanups);
    await waitReady(server, 90_000);
    const message = `The database in ${pgliteDir} is in use by another LocalLoop process (pid ${server.child.pid}). Stop the server first, or set DATABASE_URL to use PostgreSQL.`;

    // The three would-be holders at once (each is refused alone; together they also show no refusal lets another in).
    const second = startServer({ ...env, PORT: String(port + 1) }, cleanups);
    const [admin, migrate, secondExit] = await Promise.all([npmRun(['admin', '--', 'list-operators'], env), npmRun(['db:migrate'], env), second.exited]);
    expect(admin.code, admin.stdout + admin.stderr).toBe(1);
    expect(admin.stderr.trim()).toBe(message);
    expect(admin.stdout).toBe('');

    expect(migrate.code).not.toBe(0);
    expect(migrate.stderr).toContain(message);
    expect(migrate.stdout).not.toContain('migrations applied');

    expect(secondExit).toBe(1);
    expect(second.output()).toContain(message);
    expect(second.output()).not.toContain('LocalLoop is ready');

    // The first server is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // A server that dies without closing leaves its lock behind; the next process sees its pid is gone and takes it.
    server.child.kill('SIGKILL');
    await server.exited;
    expect(existsSync(`${pgliteDir}.lock`)).toBe(true);
    const after = await npmRun(['admin', '--', 'list-operators'], env);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('There are no operators yet.');
    expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
  }, 180_000);
});
