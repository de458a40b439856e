import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.ts';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of this test's own, started with the machine's binaries, on a free loopback port with
 * its socket in its temp dir: it can be stopped and started under a running server without touching the shared one.
 */
export type PrivatePostgres = {
  url: string;
  /** Fast shutdown, as an administrator's restart does: sessions are terminated (57P01), then the server exits. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it however it is (immediate) and deletes its files; safe to call whatever state it is in. */
  destroy(): Promise<void>;
};

function postgresBinDir(): string {
  const preferred = '/usr/lib/postgresql/15/bin';
  if (existsSync(path.join(preferred, 'pg_ctl'))) return preferred;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql).');
  return found;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const root = mkdtempSync(path.join(tmpdir(), 'localloop-drill-'));
  // PostgreSQL refuses to run as root: as root (CI, this machine), the cluster belongs to the postgres account.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = await Promise.all(['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout.trim())));
    chownSync(root, uid ?? 0, gid ?? 0);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: root }) : run(path.join(bin, tool), args, { cwd: root });

  const data = path.join(root, 'data');
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  let destroyed = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => void (await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'])),
    start: async () => void (await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(root, 'log'), '-w', '-t', '30', 'start'])),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
