// `npm run admin -- <command>`: operator accounts, on the database the server uses (DATABASE_URL, else PGlite under DATA_DIR).
import { Email } from '@localloop/contract';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { DatabaseInUseError } from '../../db/data-dir-lock.ts';
import { listOperators, setOperator } from './service.ts';

const usage = `usage: npm run admin -- <command>
  create-operator <email>   make an existing account a marketplace operator
  remove-operator <email>   take the operator role away
  list-operators            print the operators' e-mail addresses`;

const [command, arg] = process.argv.slice(2);

async function main(): Promise<number> {
  if (command !== 'create-operator' && command !== 'remove-operator' && command !== 'list-operators') {
    console.error(usage);
    return 2;
  }
  let email = '';
  if (command !== 'list-operators') {
    const parsed = Email.safeParse(arg ?? '');
    if (!parsed.success) {
      console.error(`${arg ? `"${arg}" is not an e-mail address.` : 'Give the account\'s e-mail address.'}\n${usage}`);
      return 2;
    }
    email = parsed.data;
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
    if (command === 'list-operators') {
      const operators = await listOperators(database.db);
      console.log(operators.length ? operators.join('\n') : 'There are no operators yet.');
      return 0;
    }
    const promote = command === 'create-operator';
    const result = await setOperator(database.db, email, promote);
    if (result.outcome === 'no_account') {
      console.error(`No active account uses the e-mail ${email}. Sign up with it first, then run this again.`);
      return 1;
    }
    const done = promote
      ? { changed: `${result.email} is now an operator: /admin is in their profile menu.`, unchanged: `${result.email} is already an operator.` }
      : { changed: `${result.email} is no longer an operator.`, unchanged: `${result.email} is not an operator.` };
    console.log(done[result.outcome]);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
