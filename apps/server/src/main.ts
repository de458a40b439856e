import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { logOptions } from './lib/logging.ts';
import { createPrivateStorage, createStorage } from './lib/storage.ts';
import { EMBEDDED_UPKEEP_MS, embeddedUpkeep, openDatabase, upkeepWarnings } from './db/client.ts';
import { DatabaseInUseError } from './db/data-dir-lock.ts';
import { demoInProductionWarning, seedDemoData } from './db/seed/index.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  // JSON logs for machines; readable lines when a person watches a terminal.
  const pretty = process.stdout.isTTY && config.env !== 'production';
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      ...logOptions,
      ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
    },
  });
  if (config.seedDemo && config.env === 'production') app.log.warn(demoInProductionWarning);
  for (const warning of await upkeepWarnings(database)) app.log.warn(warning);
  if (config.seedDemo) {
    await seedDemoData(database.db, {
      log: app.log,
      pictures: { storage: createStorage(config), concurrency: config.uploads.concurrency },
      documents: createPrivateStorage(config),
    });
  }

  // The embedded database has no autovacuum of its own: the server does its work now and then (db/client.ts).
  // PostgreSQL runs its own, so no timer there.
  let upkeep = Promise.resolve();
  const upkeepTimer =
    database.kind === 'pglite'
      ? setInterval(() => {
          upkeep = embeddedUpkeep(database)
            .then((tables) => {
              if (tables.length > 0) app.log.info({ tables }, 'embedded database: vacuumed and analyzed');
            })
            .catch((err: unknown) => app.log.warn({ err }, 'embedded database: upkeep failed'));
        }, EMBEDDED_UPKEEP_MS).unref()
      : undefined;

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    clearInterval(upkeepTimer);
    await app.close(); // stops accepting, lets in-flight requests finish
    await upkeep;
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`LocalLoop is ready at http://localhost:${config.port} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((err: unknown) => {
  // Another process holds the embedded database: its message says what to do, a stack trace would only hide it.
  console.error(err instanceof DatabaseInUseError ? err.message : err);
  process.exit(1);
});
