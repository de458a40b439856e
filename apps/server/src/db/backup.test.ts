import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, freshDatabaseUrl, migratedDataDir, onPostgres } from '../../test/helper.ts';
import { BackupError, backupDatabase, defaultBackupFile, restoreDatabase, type BackupTarget } from './backup.ts';
import { openDatabase, type Database } from './client.ts';
import { DatabaseInUseError } from './data-dir-lock.ts';
import { users } from './schema.ts';

/**
 * `npm run db:backup` / `db:restore` round trips: what the backup held comes back, what came after it goes, and a file
 * that is not a backup of the configured database changes nothing. On PGlite in the PGlite pass, on PostgreSQL (with the
 * machine's pg_dump and pg_restore) in the PostgreSQL pass.
 */
const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cleanups: Array<() => void> = [];
afterAll(() => cleanups.splice(0).forEach((c) => c()));

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function withDatabase<T>(target: BackupTarget, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ ...target, poolSize: 2 });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

const emailsIn = (target: BackupTarget, emails: string[]) =>
  withDatabase(target, async ({ db }) => (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((r) => r.email).sort());

/** The same story on either database: an account, a backup, changes after it, a restore. */
async function roundTrip(target: BackupTarget) {
  const kept = await withDatabase(target, (database) => createAccount(database));
  const file = defaultBackupFile(target);
  expect(await backupDatabase(target, file)).toBeGreaterThan(1000);
  const later = await withDatabase(target, async (database) => {
    await database.db.update(users).set({ firstName: 'Changed after the backup' }).where(eq(users.id, kept.user.id));
    return createAccount(database);
  });

  const restored = await restoreDatabase(target, file);
  // What the backup held is back, what came after it is gone; the restored database is whole: it migrates (nothing to
  // do) and takes new rows.
  await withDatabase(target, async (database) => {
    const rows = await database.db.select({ email: users.email, name: users.firstName }).from(users).where(inArray(users.email, [kept.email, later.email]));
    expect(rows).toEqual([{ email: kept.email, name: kept.user.firstName }]);
    await database.migrate();
    await createAccount(database);
  });
  return { file, restored, kept };
}

describe.skipIf(onPostgres)('backups of the embedded database (PGlite)', () => {
  it('round-trips: the backup comes back whole, later changes go, the replaced directory is kept beside it', async () => {
    const dataDir = tempDir('localloop-backup-');
    await migratedDataDir(dataDir);
    const target = { databaseUrl: undefined, dataDir };
    const { file, restored } = await roundTrip(target);
    expect(file.startsWith(path.join(dataDir, 'backups', 'localloop-'))).toBe(true);
    expect(file.endsWith('.tar.gz')).toBe(true);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(restored.replaced && existsSync(path.join(restored.replaced, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('refuses while the server holds the database, and a file that is not its backup, changing nothing', async () => {
    const dataDir = tempDir('localloop-backup-');
    await migratedDataDir(dataDir);
    const target = { databaseUrl: undefined, dataDir };
    const file = path.join(dataDir, 'one.tar.gz');
    await backupDatabase(target, file);
    const account = await withDatabase(target, async (database) => {
      const made = await createAccount(database);
      // Open, as a running server holds it: neither a backup nor a restore may touch it.
      await expect(backupDatabase(target, path.join(dataDir, 'two.tar.gz'))).rejects.toThrow(DatabaseInUseError);
      await expect(restoreDatabase(target, file)).rejects.toThrow(DatabaseInUseError);
      return made;
    });
    expect(existsSync(path.join(dataDir, 'two.tar.gz'))).toBe(false);

    const junk = path.join(dataDir, 'junk.bin');
    writeFileSync(junk, 'not a backup at all');
    await expect(restoreDatabase(target, junk)).rejects.toThrow(/not a LocalLoop backup/);
    const pgDump = path.join(dataDir, 'postgres.dump');
    writeFileSync(pgDump, 'PGDMP and the rest of a custom-format dump');
    await expect(restoreDatabase(target, pgDump)).rejects.toThrow(/a backup of PostgreSQL .* configured for the embedded database/);
    await expect(restoreDatabase(target, path.join(dataDir, 'missing.tar.gz'))).rejects.toThrow(BackupError);
    // A gzip that is not a data directory: refused, the database left as it was.
    const otherGzip = path.join(dataDir, 'other.tar.gz');
    writeFileSync(otherGzip, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    await expect(restoreDatabase(target, otherGzip)).rejects.toThrow();
    expect(await emailsIn(target, [account.email])).toEqual([account.email]);
    expect(existsSync(path.join(dataDir, 'pglite.restoring-' + process.pid))).toBe(false);
  }, 120_000);

  it('runs as npm run db:backup / db:restore, a relative file taken from where npm ran', async () => {
    const dataDir = tempDir('localloop-backup-');
    await migratedDataDir(dataDir);
    const account = await withDatabase({ databaseUrl: undefined, dataDir }, (database) => createAccount(database));
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, INIT_CWD: dataDir, SEED_DEMO: 'false' };
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', ...args], { cwd: serverDir, env });
    const backedUp = await cli('backup', 'nightly.tar.gz');
    expect(backedUp.stdout).toMatch(new RegExp(`Backed up the embedded database in .* to ${path.join(dataDir, 'nightly.tar.gz')} \\(\\d+ KB\\)`));
    await withDatabase({ databaseUrl: undefined, dataDir }, async ({ db }) => db.delete(users).where(eq(users.id, account.user.id)));
    const restored = await cli('restore', 'nightly.tar.gz');
    expect(restored.stdout).toMatch(/Restored the embedded database .* The database it replaced is kept in .*pglite\.replaced-/);
    expect(await emailsIn({ databaseUrl: undefined, dataDir }, [account.email])).toEqual([account.email]);
  }, 120_000);
});

describe.skipIf(!onPostgres)('backups of PostgreSQL (pg_dump and pg_restore)', () => {
  it('round-trips: the backup comes back whole, later changes go', async () => {
    const url = await freshDatabaseUrl();
    const target = { databaseUrl: url ?? '', dataDir: tempDir('localloop-backup-') };
    const { file } = await roundTrip(target);
    expect(file.endsWith('.dump')).toBe(true);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
  }, 120_000);

  it('restores into an empty database, and refuses a file that is not its backup, changing nothing', async () => {
    const source = { databaseUrl: (await freshDatabaseUrl()) ?? '', dataDir: tempDir('localloop-backup-') };
    const account = await withDatabase(source, (database) => createAccount(database));
    const file = path.join(source.dataDir, 'one.dump');
    await backupDatabase(source, file);

    const emptyUrl = (await freshDatabaseUrl()) ?? '';
    await withDatabase({ databaseUrl: emptyUrl, dataDir: source.dataDir }, async ({ db }) => {
      await db.execute('DROP SCHEMA public CASCADE; DROP SCHEMA drizzle CASCADE; CREATE SCHEMA public');
    });
    const empty = { databaseUrl: emptyUrl, dataDir: source.dataDir };
    await restoreDatabase(empty, file);
    expect(await emailsIn(empty, [account.email])).toEqual([account.email]);

    const pglite = path.join(source.dataDir, 'embedded.tar.gz');
    writeFileSync(pglite, Buffer.from([0x1f, 0x8b, 8, 0]));
    await expect(restoreDatabase(source, pglite)).rejects.toThrow(/a backup of the embedded database .* configured for PostgreSQL/);
    // A dump cut short: pg_restore fails, and the single transaction leaves everything as it was.
    const cut = path.join(source.dataDir, 'cut.dump');
    writeFileSync(cut, readFileSync(file).subarray(0, Math.floor(readFileSync(file).length / 2)));
    const after = await withDatabase(source, (database) => createAccount(database));
    await expect(restoreDatabase(source, cut)).rejects.toThrow(/pg_restore failed/);
    expect(await emailsIn(source, [account.email, after.email])).toEqual([after.email, account.email].sort());
  }, 120_000);
});
