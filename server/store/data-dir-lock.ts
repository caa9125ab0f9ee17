// DATA_DIR/.lock: one server process per data folder, because each JSON file has exactly one writer.
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(path: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(path, 'utf8')).trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function tryCreate(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(`${process.pid}\n`, 'utf8');
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

/** Takes DATA_DIR/.lock, taking over a lock left by a process that no longer runs. */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, '.lock');

  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await tryCreate(path)) return ownedLock(path);
    let holder = await readHolder(path);
    if (holder === null) {
      // Created a moment ago and its pid not written yet, or left empty by a crash: look again shortly.
      await sleep(100);
      holder = await readHolder(path);
    }
    // Our own pid in the file means a crashed earlier run that had the same pid (pid 1 in a container).
    if (holder !== null && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(dataDir, holder);
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
      if ((await readHolder(path)) === process.pid) await unlink(path).catch(() => undefined);
    },
  };
}
