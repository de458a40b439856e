// `npm run admin -- <command>`: operator accounts, on the database the server uses (DATABASE_URL, else PGlite under DATA_DIR).
// The commands themselves are in command.ts.
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { DatabaseInUseError } from '../../db/data-dir-lock.ts';
import { parseAdminArgs, runAdminCommand } from './command.ts';

async function main(): Promise<number> {
  const command = parseAdminArgs(process.argv.slice(2));
  if ('usage' in command) {
    console.error(command.usage);
    return 2;
  }
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err;
    console.error(err.message);
    return 1;
  }
  try {
    await database.migrate();
    return await runAdminCommand(database.db, command, { out: (text) => console.log(text), err: (text) => console.error(text) });
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
