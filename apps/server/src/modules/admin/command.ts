// The operator commands of `npm run admin` (cli.ts), apart from the process: what to do, said in lines, and the exit code.
import { Email } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { listOperators, setOperator } from './service.ts';

export const adminUsage = `usage: npm run admin -- <command>
  create-operator <email>   make an existing account a marketplace operator
  remove-operator <email>   take the operator role away
  list-operators            print the operators' e-mail addresses`;

export type AdminCommand = { command: 'list-operators' } | { command: 'create-operator' | 'remove-operator'; email: string };

/** Where a command writes: its answer, and what went wrong. */
export type AdminOutput = { out: (text: string) => void; err: (text: string) => void };

/** The command the arguments name, or the usage (exit code 2) before the database is opened. */
export function parseAdminArgs(args: readonly string[]): AdminCommand | { usage: string } {
  const [command, arg] = args;
  if (command === 'list-operators') return { command };
  if (command !== 'create-operator' && command !== 'remove-operator') return { usage: adminUsage };
  const parsed = Email.safeParse(arg ?? '');
  if (!parsed.success) return { usage: `${arg ? `"${arg}" is not an e-mail address.` : 'Give the account\'s e-mail address.'}\n${adminUsage}` };
  return { command, email: parsed.data };
}

/** Runs a parsed command on the database; answers the process's exit code (0 done or nothing to do, 1 no such account). */
export async function runAdminCommand(db: Db, command: AdminCommand, output: AdminOutput): Promise<number> {
  if (command.command === 'list-operators') {
    const operators = await listOperators(db);
    output.out(operators.length ? operators.join('\n') : 'There are no operators yet.');
    return 0;
  }
  const promote = command.command === 'create-operator';
  const result = await setOperator(db, command.email, promote);
  if (result.outcome === 'no_account') {
    output.err(`No active account uses the e-mail ${command.email}. Sign up with it first, then run this again.`);
    return 1;
  }
  const done = promote
    ? { changed: `${result.email} is now an operator: /admin is in their profile menu.`, unchanged: `${result.email} is already an operator.` }
    : { changed: `${result.email} is no longer an operator.`, unchanged: `${result.email} is not an operator.` };
  output.out(done[result.outcome]);
  return 0;
}
