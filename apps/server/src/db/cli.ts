import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { createPrivateStorage, createStorage } from '../lib/storage.ts';
import { openDatabase, type Database } from './client.ts';
import { DatabaseInUseError } from './data-dir-lock.ts';
import { demoInProductionWarning, seedDemoData } from './seed/index.ts';

const command = process.argv[2];
const config = loadConfig();
const seedOptions = {
  log: console,
  pictures: { storage: createStorage(config), concurrency: config.uploads.concurrency },
  documents: createPrivateStorage(config),
};
let database: Database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  if (!(err instanceof DatabaseInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}
// Asked for by name, the demo data is added even in production, but never quietly.
if ((command === 'reset' || command === 'seed') && config.env === 'production') console.warn(demoInProductionWarning);
try {
  if (command === 'reset') {
    await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA public`);
    await database.migrate();
    await seedDemoData(database.db, seedOptions);
    console.log('database reset, migrated and seeded');
  } else if (command === 'migrate') {
    await database.migrate();
    console.log('migrations applied');
  } else if (command === 'seed') {
    await database.migrate();
    await seedDemoData(database.db, seedOptions);
    console.log('demo data present');
  } else {
    console.error('usage: tsx src/db/cli.ts migrate|seed|reset');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
