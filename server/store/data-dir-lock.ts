// DATA_DIR/.lock: one server process per data folder, because each JSON file has exactly one writer.
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as defaultSleep } from 'node:timers/promises';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `Another Kiri server (pid ${holderPid}) is already using the data folder ${dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR. ' +
        `If no such server is running, delete ${join(dataDir, '.lock')}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock if it is still ours. Safe to call twice. */
  release(): Promise<void>;
}

/** How long a holder that still looks alive gets to finish exiting before we refuse. */
export const HOLDER_EXIT_WAIT_MS = 2_000;
/** How often its liveness is looked at during that wait. */
export const HOLDER_CHECK_INTERVAL_MS = 200;

export interface DataDirLockOptions {
  /** Whether the process holding the lock still runs (tests pass a fake). */
  isAlive?: (pid: number) => boolean | Promise<boolean>;
  /** Waits `ms` (tests pass one that returns at once). */
  sleep?: (ms: number) => Promise<unknown>;
  /** Which process runs under `pid` (boot and start time), or null if unknown (tests pass a fake). */
  identityOf?: (pid: number) => Promise<string | null>;
}

/**
 * The state letter of a /proc/<pid>/stat line ('R', 'S', 'Z', …), or null if the text is not one. The
 * command name in parentheses may itself hold spaces and parentheses, so the state is the first field
 * after the last ')'.
 */
export function procStatState(stat: string): string | null {
  return fieldsAfterCommand(stat)?.[0] || null;
}

/** The fields of a /proc/<pid>/stat line from field 3 (the state) on, or null if it is not one. */
function fieldsAfterCommand(stat: string): string[] | null {
  const close = stat.lastIndexOf(')');
  if (close === -1) return null;
  const rest = stat.slice(close + 1).trim();
  return rest ? rest.split(/\s+/) : null;
}

/**
 * The start time of a /proc/<pid>/stat line (field 22, clock ticks since boot), or null. Together with
 * the boot id it names one process for good, where a pid is reused: after a reboot, the pid of a server
 * that crashed is often some other program's.
 */
export function procStatStartTime(stat: string): string | null {
  // Fields after the command name start at field 3 (the state): field 22 is the 20th of them.
  const start = fieldsAfterCommand(stat)?.[19];
  return start && /^\d+$/.test(start) ? start : null;
}

/** '<boot id>:<start time>' of a running process on Linux, or null where that cannot be read. */
export async function processIdentity(pid: number): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  try {
    const [bootId, stat] = await Promise.all([
      readFile('/proc/sys/kernel/random/boot_id', 'utf8'),
      readFile(`/proc/${pid}/stat`, 'utf8'),
    ]);
    const start = procStatStartTime(stat);
    return start ? `${bootId.trim()}:${start}` : null;
  } catch {
    return null;
  }
}

/** Zombie ('Z', exited and not yet reaped by its parent) and dead ('X'): the process no longer runs. */
function isExitedState(state: string | null): boolean {
  return state === 'Z' || state === 'X';
}

/**
 * Whether `pid` is a running process. `process.kill(pid, 0)` alone also succeeds on a zombie: a server
 * killed with -9 stays one until its parent reaps it, often a second or two, so on Linux its state is
 * read from /proc as well.
 */
export async function isProcessAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    return !isExitedState(procStatState(await readFile(`/proc/${pid}/stat`, 'utf8')));
  } catch {
    // Unreadable (no /proc mounted, hidden by hidepid, reaped this instant): trust kill(). A process
    // that has just gone is seen as such on the next look (acquireDataDirLock looks again).
    return true;
  }
}

/** The lock's holder: its pid, and which process that was when it wrote the lock (if known). */
interface Holder {
  pid: number;
  identity: string | null;
}

async function readHolder(path: string): Promise<Holder | null> {
  try {
    const [first = '', second = ''] = (await readFile(path, 'utf8')).split('\n');
    const pid = Number.parseInt(first.trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, identity: second.trim() || null } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function tryCreate(path: string, identity: string | null): Promise<boolean> {
  try {
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(`${process.pid}\n${identity ? `${identity}\n` : ''}`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Waits up to HOLDER_EXIT_WAIT_MS for `holder` to stop running: 'dead' when it has, 'alive' when it still
 * runs after the wait, 'changed' as soon as the lock no longer names it (released, or taken by another).
 */
async function awaitHolderExit(
  path: string,
  holder: Holder,
  isAlive: (pid: number) => boolean | Promise<boolean>,
  identityOf: (pid: number) => Promise<string | null>,
  sleep: (ms: number) => Promise<unknown>,
): Promise<'dead' | 'alive' | 'changed'> {
  // A live process under the holder's pid that is not the one that wrote the lock: the pid was reused.
  if (holder.identity) {
    const now = await identityOf(holder.pid);
    if (now && now !== holder.identity) return 'dead';
  }
  for (let waited = 0; ; waited += HOLDER_CHECK_INTERVAL_MS) {
    if (!(await isAlive(holder.pid))) return 'dead';
    if (waited >= HOLDER_EXIT_WAIT_MS) return 'alive';
    await sleep(HOLDER_CHECK_INTERVAL_MS);
    if ((await readHolder(path))?.pid !== holder.pid) return 'changed';
  }
}

/**
 * Takes DATA_DIR/.lock, taking over a lock left by a process that no longer runs (a zombie counts as not
 * running, and so does another program that got the holder's pid after it). A holder that still runs gets
 * HOLDER_EXIT_WAIT_MS to exit (a server being stopped or restarted)
 * before we refuse.
 */
export async function acquireDataDirLock(
  dataDir: string,
  options: DataDirLockOptions = {},
): Promise<DataDirLock> {
  const { isAlive = isProcessAlive, sleep = defaultSleep, identityOf = processIdentity } = options;
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, '.lock');
  const ownIdentity = await identityOf(process.pid);

  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await tryCreate(path, ownIdentity)) return ownedLock(path);
    let holder = await readHolder(path);
    if (holder === null) {
      // Created a moment ago and its pid not written yet, or left empty by a crash: look again shortly.
      await sleep(100);
      holder = await readHolder(path);
    }
    // Our own pid in the file means a crashed earlier run that had the same pid (pid 1 in a container).
    if (holder !== null && holder.pid !== process.pid) {
      const verdict = await awaitHolderExit(path, holder, isAlive, identityOf, sleep);
      if (verdict === 'alive') throw new DataDirLockedError(dataDir, holder.pid);
      // Released or taken over meanwhile: look at the lock afresh, never remove a newcomer's.
      if (verdict === 'changed') continue;
    }
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw new Error(
    `Could not take the lock ${path}: it keeps changing. Is another server starting?`,
  );
}

function ownedLock(path: string): DataDirLock {
  let released = false;
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      if ((await readHolder(path))?.pid === process.pid) await unlink(path).catch(() => undefined);
    },
  };
}
