import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, backupDatabase, defaultBackupFile, kindOf, restoreDatabase } from './backup.ts';
import { DatabaseInUseError } from './data-dir-lock.ts';

/**
 * `npm run db:backup [-- FILE]` and `npm run db:restore -- FILE`, for the database the environment configures
 * (DATABASE_URL, else the embedded one in DATA_DIR). A relative FILE is taken from where npm was run.
 */
const [command, fileArgument] = process.argv.slice(2);
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const what = kindOf(target) === 'postgres' ? 'the PostgreSQL database (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  if (command === 'backup') {
    const file = fileArgument ? fromCaller(fileArgument) : defaultBackupFile(target);
    const bytes = await backupDatabase(target, file);
    console.log(`Backed up ${what} to ${file} (${(bytes / 1024).toFixed(0)} KB).`);
  } else if (command === 'restore' && fileArgument) {
    const file = fromCaller(fileArgument);
    const { replaced } = await restoreDatabase(target, file);
    console.log(`Restored ${what} from ${file}.${replaced ? ` The database it replaced is kept in ${replaced}; delete it when you no longer need it.` : ''}`);
  } else {
    console.error('usage: npm run db:backup [-- FILE]   |   npm run db:restore -- FILE');
    process.exitCode = 2;
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof DatabaseInUseError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
