// DATA_DIR/.lock after a crash: a killed server stays a zombie until its parent reaps it, and a server that
// is just exiting still runs for a moment; neither may keep the next server from starting.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  HOLDER_CHECK_INTERVAL_MS,
  HOLDER_EXIT_WAIT_MS,
  isProcessAlive,
  processIdentity,
  procStatStartTime,
  procStatState,
} from '../../server/store/data-dir-lock';
import { makeDataDir, removeDataDirs } from './support/harness';

const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await removeDataDirs();
});

/** The pid on the lock's first line (the second names which process that was). */
async function lockHolderPid(dataDir: string): Promise<number> {
  return Number.parseInt((await readFile(join(dataDir, '.lock'), 'utf8')).split('\n')[0]!, 10);
}

/** A fake sleep that returns at once and remembers how long it was asked to wait. */
function fakeSleep(onSleep: (ms: number) => void | Promise<void> = () => {}) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    await onSleep(ms);
  };
  return { waits, sleep };
}

describe('procStatState', () => {
  it('reads the state after the last ")" of /proc/<pid>/stat, whatever the command name holds', () => {
    expect(procStatState('1234 (node) S 1 1234 1234 0 -1 4194560')).toBe('S');
    expect(procStatState('1234 (node) Z 1 1234 1234 0 -1 4194560')).toBe('Z');
    expect(procStatState('1234 (my server) R 1 2 3')).toBe('R');
    // A name can hold ') Z (' itself: only the text after the last ')' is the state.
    expect(procStatState('1234 (evil) Z (x) S 1 2 3')).toBe('S');
    expect(procStatState('1234 ((sd-pam)) X 1 2 3')).toBe('X');
    expect(procStatState('1234 (a)b) D 1 2 3\n')).toBe('D');
  });

  it('is null for text that is not a stat line', () => {
    expect(procStatState('')).toBeNull();
    expect(procStatState('1234 node S 1')).toBeNull();
    expect(procStatState('1234 (node)')).toBeNull();
    expect(procStatState('1234 (node)   ')).toBeNull();
  });
});

describe('procStatStartTime', () => {
  it('reads field 22 of /proc/<pid>/stat, whatever the command name holds', () => {
    const after = 'S 1 2 3 0 -1 4194560 100 0 0 0 5 6 0 0 20 0 1 0 987654 1000 50';
    expect(procStatStartTime(`1234 (node) ${after}`)).toBe('987654');
    expect(procStatStartTime(`1234 (a) Z (b) ${after}`)).toBe('987654');
    expect(procStatStartTime('1234 (node) S 1 2')).toBeNull();
    expect(procStatStartTime('no stat line')).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('processIdentity', () => {
  it('names one process: the same each time, another for another process', async () => {
    const own = await processIdentity(process.pid);
    expect(own).toMatch(/^[0-9a-f-]+:\d+$/);
    expect(await processIdentity(process.pid)).toBe(own);
    const parent = await processIdentity(process.ppid);
    expect(parent).not.toBeNull();
    expect(parent).not.toBe(own);
  });
});

describe('isProcessAlive', () => {
  it('is true for a running process, false for one that has exited', async () => {
    expect(await isProcessAlive(process.pid)).toBe(true);
    expect(await isProcessAlive(process.ppid)).toBe(true);
    const exited = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', '0']);
      child.on('error', reject);
      child.on('exit', () => resolve(child.pid!));
    });
    expect(await isProcessAlive(exited)).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'treats a zombie (exited, not yet reaped) as dead',
    async () => {
      const zombie = await startZombie();
      expect(await isProcessAlive(zombie)).toBe(false);
    },
  );
});

/**
 * A real zombie: `sh` starts a short `sleep` in the background and execs a long one, which never reaps
 * it (the short one ends after the exec, so `sh` cannot reap it first): it stays a zombie until the long
 * one is killed (after the test).
 */
async function startZombie(): Promise<number> {
  const child = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  const pid = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
  });
  for (let i = 0; i < 200; i += 1) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Checked without procStatState, so that this helper does not depend on the code under test.
    if (/\) Z /.test(stat)) {
      // process.kill(pid, 0) still succeeds on it: this is the case the lock must see through.
      expect(() => process.kill(pid, 0)).not.toThrow();
      return pid;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`process ${pid} did not become a zombie`);
}

describe('DATA_DIR lock after a crash', () => {
  it.runIf(process.platform === 'linux')(
    'takes over a lock whose holder is a zombie (killed with -9, not yet reaped), without waiting',
    async () => {
      const dataDir = await makeDataDir();
      const zombie = await startZombie();
      await writeFile(join(dataDir, '.lock'), `${zombie}\n`);
      const { waits, sleep } = fakeSleep();
      const lock = await acquireDataDirLock(dataDir, { sleep });
      expect(await lockHolderPid(dataDir)).toBe(process.pid);
      expect(waits).toEqual([]);
      await lock.release();
    },
  );

  it.runIf(process.platform === 'linux')(
    'takes over at once a lock whose pid now belongs to another program (reused after a reboot)',
    async () => {
      const dataDir = await makeDataDir();
      // The parent runs, but it is not the process that wrote this lock.
      await writeFile(join(dataDir, '.lock'), `${process.ppid}\nanother-boot:12345\n`);
      const { waits, sleep } = fakeSleep();
      const lock = await acquireDataDirLock(dataDir, { sleep });
      expect(await lockHolderPid(dataDir)).toBe(process.pid);
      expect(waits).toEqual([]);
      await lock.release();
    },
  );

  it.runIf(process.platform === 'linux')(
    'refuses a lock whose holder is still the very process that wrote it',
    async () => {
      const dataDir = await makeDataDir();
      const identity = await processIdentity(process.ppid);
      await writeFile(join(dataDir, '.lock'), `${process.ppid}\n${identity}\n`);
      const { sleep } = fakeSleep();
      await expect(acquireDataDirLock(dataDir, { sleep })).rejects.toThrow(`(pid ${process.ppid})`);
    },
  );

  it('writes its own pid and identity, and its release removes the lock', async () => {
    const dataDir = await makeDataDir();
    const lock = await acquireDataDirLock(dataDir, { identityOf: async () => 'boot-1:42' });
    expect(await readFile(join(dataDir, '.lock'), 'utf8')).toBe(`${process.pid}\nboot-1:42\n`);
    await lock.release();
    await expect(readFile(join(dataDir, '.lock'), 'utf8')).rejects.toThrow();
  });

  it('waits for a holder that is exiting, then takes the lock', async () => {
    const dataDir = await makeDataDir();
    const holder = process.ppid;
    await writeFile(join(dataDir, '.lock'), `${holder}\n`);
    const checked: number[] = [];
    const { waits, sleep } = fakeSleep();
    const lock = await acquireDataDirLock(dataDir, {
      sleep,
      // Alive for the first three looks, then gone: a server still shutting down.
      isAlive: (pid) => {
        checked.push(pid);
        return checked.length <= 3;
      },
    });
    expect(await lockHolderPid(dataDir)).toBe(process.pid);
    expect(checked).toEqual([holder, holder, holder, holder]);
    expect(waits).toEqual([
      HOLDER_CHECK_INTERVAL_MS,
      HOLDER_CHECK_INTERVAL_MS,
      HOLDER_CHECK_INTERVAL_MS,
    ]);
    await lock.release();
  });

  it('refuses a holder still alive after the wait, leaving its lock in place', async () => {
    const dataDir = await makeDataDir();
    const holder = process.ppid;
    await writeFile(join(dataDir, '.lock'), `${holder}\n`);
    const { waits, sleep } = fakeSleep();
    const taking = acquireDataDirLock(dataDir, { sleep, isAlive: () => true });
    await expect(taking).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(taking).rejects.toThrow(`(pid ${holder})`);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBe(HOLDER_EXIT_WAIT_MS);
    expect(HOLDER_EXIT_WAIT_MS).toBeGreaterThanOrEqual(1_500);
    expect(HOLDER_EXIT_WAIT_MS).toBeLessThanOrEqual(3_000);
    expect(await readFile(join(dataDir, '.lock'), 'utf8')).toBe(`${holder}\n`);
  });

  it('never removes a lock that another server took while it waited', async () => {
    const dataDir = await makeDataDir();
    const path = join(dataDir, '.lock');
    const exiting = 999_999_001;
    const newcomer = 999_999_002;
    await writeFile(path, `${exiting}\n`);
    // While we wait on the exiting server, another one takes the folder over.
    const { sleep } = fakeSleep(() => writeFile(path, `${newcomer}\n`));
    const taking = acquireDataDirLock(dataDir, {
      sleep,
      isAlive: (pid) => pid === exiting || pid === newcomer,
    });
    await expect(taking).rejects.toThrow(`(pid ${newcomer})`);
    expect(await readFile(path, 'utf8')).toBe(`${newcomer}\n`);
  });

  it('takes the lock as soon as the exiting holder removes it', async () => {
    const dataDir = await makeDataDir();
    const path = join(dataDir, '.lock');
    const exiting = 999_999_001;
    await writeFile(path, `${exiting}\n`);
    // The exiting server's release() runs while we wait; the process itself lives a little longer.
    const { waits, sleep } = fakeSleep(() => unlink(path));
    const lock = await acquireDataDirLock(dataDir, { sleep, isAlive: () => true });
    expect(await lockHolderPid(dataDir)).toBe(process.pid);
    expect(waits).toEqual([HOLDER_CHECK_INTERVAL_MS]);
    await lock.release();
  });
});
