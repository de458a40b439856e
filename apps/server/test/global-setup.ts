import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- a plain ES module of the repository's scripts, without types
import { buildServer } from '../../../scripts/server-build.mjs';
import { openPglite, openPostgres } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data dir; each test file loads its own copy. */
    pgliteDump: string;
    /** On PostgreSQL: a migrated template database each test file copies. */
    pgTemplate: string;
    /** The server compiled once for the run (scripts/server-build.mjs): what tests that start server processes run. */
    compiledServer: string;
  }
}

/**
 * Migrates once per run; test files then start from a copy instead of migrating again. Compiles the server once per run,
 * as `npm start` runs it, for the tests that start server processes: each such process then starts in about 2 s and 3
 * CPU-seconds instead of 4.6 s and 7 through tsx (measured on 2 cores), and the process tests prove the build users run.
 */
export default async function setup(project: TestProject) {
  // Under apps/server, so that the bundle's packages resolve from node_modules as they do from dist/.
  const compiledDir = path.join(serverDir, `.compiled-test-${randomBytes(4).toString('hex')}`);
  await buildServer(compiledDir);
  project.provide('compiledServer', path.join(compiledDir, 'main.js'));
  const removeCompiled = () => rmSync(compiledDir, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `ll_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = openPostgres(withDatabase(url, template), 2);
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      removeCompiled();
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${template}_%`, template],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'localloop-test-'));
  const database = await openPglite({ memory: true });
  await database.migrate();
  const dump = await dumpOf(database);
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return () => {
    removeCompiled();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function dumpOf(database: Awaited<ReturnType<typeof openPglite>>): Promise<Blob> {
  if (!database.dumpDataDir) throw new Error('PGlite database cannot be dumped');
  return database.dumpDataDir();
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
