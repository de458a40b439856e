import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** A second process opened an embedded database that a running one holds: its writes would be lost. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is in use by another LocalLoop process (pid ${pid}). Stop the server first, or set DATABASE_URL to use PostgreSQL.`);
    this.name = 'DatabaseInUseError';
  }
}

type Holder = { pid: number; started: string | null };

/**
 * When a process started, in clock ticks since boot (Linux; null elsewhere). With the pid it names one process, so a
 * lock left by a dead process whose pid has since been reused is not mistaken for a live one.
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22. The command name (field 2) may hold spaces and parentheses, so count from after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (holder.started === null) return true;
  const started = startTimeOf(holder.pid);
  return started === null || started === holder.started;
}

function parseHolder(text: string): Holder | null {
  try {
    const { pid, started } = JSON.parse(text) as { pid?: unknown; started?: unknown };
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, started: typeof started === 'string' ? started : null };
  } catch {
    return null;
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Removes a stale lock (`judged` is the text it was judged on). Renaming is atomic, so of several processes taking
 * over at once only one moves it; one that finds it moved a fresh lock instead puts that back.
 */
function takeOver(file: string, judged: string): void {
  const tomb = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, tomb);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (readFileSync(tomb, 'utf8') !== judged) {
    try {
      linkSync(tomb, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  unlinkSync(tomb);
}

export type DataDirLock = { file: string; release: () => void };

/**
 * Takes `<dir>.lock` for this process, or throws DatabaseInUseError naming the live process that holds it. The lock
 * file holds the holder's pid and start time; a lock whose process is gone (crash, SIGKILL) is taken over at once. It is
 * created whole by hard-linking a finished draft, so no one ever reads a half-written lock.
 *
 * Not proper-lockfile: it judges staleness by an mtime the holder must refresh on a timer, so a crashed server would
 * lock the next start out for a while, and a holder whose event loop stalls (PGlite runs on it) would lose its lock.
 */
export function lockDataDir(dir: string): DataDirLock {
  const file = `${dir}.lock`;
  const mine = JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) });
  const draft = `${file}.draft-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(draft, file);
        return held(file, mine);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = readOrNull(file);
      if (text === null) continue;
      const holder = parseHolder(text);
      if (holder && isRunning(holder)) throw new DatabaseInUseError(dir, holder.pid);
      takeOver(file, text);
    }
    throw new Error(`Could not lock the database in ${dir}: other processes keep taking it. Try again.`);
  } finally {
    unlinkSync(draft);
  }
}

function held(file: string, mine: string): DataDirLock {
  const release = () => {
    process.off('exit', release);
    // Only our own: after a takeover by mistake it would be someone else's.
    if (readOrNull(file) === mine) unlinkSync(file);
  };
  // An exit without close() (an uncaught error) leaves no lock behind; SIGKILL does, and the next process takes it over.
  process.on('exit', release);
  return { file, release };
}
