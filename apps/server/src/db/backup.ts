import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Backups of the one database the server is configured for, to one file, and their restore.
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` while the server runs (a consistent snapshot), restored by
 *   `pg_restore --clean --single-transaction`: the restore replaces every object the backup holds at once, or, when
 *   anything in it fails, changes nothing.
 * - Embedded PGlite (DATA_DIR/pglite): PGlite's own dump of its data directory (a gzipped tar), taken with the server
 *   stopped (PGlite serves one process, and its directory is locked while the server runs). A restore loads the dump
 *   into a new directory beside it, checks that it opens and holds the migrations table, then swaps the two by renames;
 *   the directory it replaced is kept beside it as `pglite.replaced-<time>`.
 *
 * Each backup is written to a draft and renamed into place, so a backup file is never half-written. The uploaded files
 * (DATA_DIR/media, DATA_DIR/documents, or the S3 bucket) are not in it: they are copied as files (README "Backups").
 */

export type BackupTarget = { databaseUrl: string | undefined; dataDir: string };
export type BackupKind = 'postgres' | 'pglite';

export class BackupError extends Error {}

const run = promisify(execFile);

export const kindOf = (target: BackupTarget): BackupKind => (target.databaseUrl ? 'postgres' : 'pglite');

/** Where a backup goes when no file is named: DATA_DIR/backups/localloop-<UTC time>.<kind's extension>. */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '-');
  return path.join(target.dataDir, 'backups', `localloop-${stamp}${kindOf(target) === 'postgres' ? '.dump' : '.tar.gz'}`);
}

const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'pglite');
const draftOf = (file: string) => `${file}.draft-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Writes a backup of the target's database to `file`; returns its size in bytes. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<number> {
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = draftOf(file);
  try {
    if (target.databaseUrl) {
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${draft}`, `--dbname=${target.databaseUrl}`]);
    } else {
      const dir = pgliteDir(target);
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dir} to back up.`);
      const lock = lockDataDir(dir);
      try {
        const client = await PGlite.create(dir, { extensions: pgliteExtensions });
        try {
          const dump = await client.dumpDataDir('gzip');
          writeFileSync(draft, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
        } finally {
          await client.close();
        }
      } finally {
        lock.release();
      }
    }
    renameSync(draft, file);
  } finally {
    rmSync(draft, { force: true });
  }
  return statSync(file).size;
}

/** Replaces the target's database with the backup in `file`. Nothing changes when the file is not a backup of this kind. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ replaced: string | null }> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  const kind = kindOf(target);
  const found = await kindOfFile(file);
  if (found !== kind) {
    const what = found ? `a backup of ${found === 'postgres' ? 'PostgreSQL (pg_dump)' : 'the embedded database (PGlite)'}` : 'not a LocalLoop backup';
    throw new BackupError(`${file} is ${what}; the server is configured for ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}.`);
  }
  if (target.databaseUrl) {
    // --clean --if-exists: drop each object of the backup that exists, then create it anew; all in one transaction.
    await pgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${target.databaseUrl}`, file]);
    return { replaced: null };
  }
  const dir = pgliteDir(target);
  mkdirSync(target.dataDir, { recursive: true });
  // The server's own lock: a running server keeps the restore out (DatabaseInUseError), and the restore keeps it out.
  const lock = lockDataDir(dir);
  const incoming = `${dir}.restoring-${process.pid}`;
  try {
    rmSync(incoming, { recursive: true, force: true });
    const client = await PGlite.create(incoming, { extensions: pgliteExtensions, loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await client.query('SELECT count(*) FROM drizzle.__drizzle_migrations');
    } catch {
      throw new BackupError(`${file} opens as a database, but not as LocalLoop's (it has no migrations table).`);
    } finally {
      await client.close();
    }
    let replaced: string | null = null;
    if (existsSync(dir)) {
      replaced = `${dir}.replaced-${new Date().toISOString().replace(/[-:.]/g, '')}`;
      renameSync(dir, replaced);
    }
    renameSync(incoming, dir);
    return { replaced };
  } finally {
    rmSync(incoming, { recursive: true, force: true });
    lock.release();
  }
}

/** What a file holds, by its first bytes: pg_dump's custom format starts "PGDMP", a gzipped tar 1f 8b. */
async function kindOfFile(file: string): Promise<BackupKind | null> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

/** Runs pg_dump or pg_restore; a failure says what the tool said (never the URL, which may hold a password). */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const error = err as NodeJS.ErrnoException & { stderr?: string };
    if (error.code === 'ENOENT') throw new BackupError(`${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer.`);
    const said = (error.stderr ?? '').replace(/postgres(ql)?:\/\/\S+/g, '[database url]').trim();
    throw new BackupError(`${tool} failed: ${said || error.message}`);
  }
}
