import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CorruptStoreFileError } from '../../server/store/atomic-json-file';
import { AUTH_FILE_VERSION, defaultAuthFile, openAuthStore } from '../../server/store/auth-store';
import { acquireDataDirLock, DataDirLockedError } from '../../server/store/data-dir-lock';
import { openJsonFileStore, type StoreDefinition } from '../../server/store/json-file-store';
import { makeDataDir, removeDataDirs } from './support/harness';

afterEach(removeDataDirs);

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

describe('auth.json', () => {
  it('is created with defaults and its version on a fresh DATA_DIR', async () => {
    const dataDir = await makeDataDir();
    const store = await openAuthStore(dataDir);
    expect(store.data).toEqual(defaultAuthFile());
    expect(await readJson(join(dataDir, 'auth.json'))).toEqual({
      ...defaultAuthFile(),
      version: AUTH_FILE_VERSION,
    });
  });

  it('resolves an update only once the change is on disk', async () => {
    const dataDir = await makeDataDir();
    const store = await openAuthStore(dataDir);
    await store.update((data) => {
      data.restrictions.restrictionMode = false;
    });
    expect(await readJson(join(dataDir, 'auth.json'))).toMatchObject({
      restrictions: { restrictionMode: false },
    });
  });

  it('serialises concurrent updates: none is lost, none interleaves, no temp file is left', async () => {
    const dataDir = await makeDataDir();
    const store = await openAuthStore(dataDir);
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        store.update((data) => {
          data.sessions[`s${i}`] = { userId: `u${i}`, createdAt: i, lastUsedAt: i };
        }),
      ),
    );
    const onDisk = (await readJson(join(dataDir, 'auth.json'))) as {
      sessions: Record<string, unknown>;
    };
    expect(Object.keys(onDisk.sessions)).toHaveLength(200);
    expect(await readdir(dataDir)).toEqual(['auth.json']);
  });

  it('refuses to start on a file that is not JSON, and leaves it as it was', async () => {
    const dataDir = await makeDataDir();
    const path = join(dataDir, 'auth.json');
    await writeFile(path, '{"version": 1, "users": [');
    const opening = openAuthStore(dataDir);
    await expect(opening).rejects.toBeInstanceOf(CorruptStoreFileError);
    await expect(opening).rejects.toThrow(/auth\.json cannot be read: it is not valid JSON/);
    await expect(opening).rejects.toThrow(/will not replace it with defaults/);
    expect(await readFile(path, 'utf8')).toBe('{"version": 1, "users": [');
  });

  it('refuses a file whose contents do not fit, naming the field', async () => {
    const dataDir = await makeDataDir();
    const broken = { ...defaultAuthFile(), users: [{ id: 'x', role: 'emperor' }] };
    await writeFile(join(dataDir, 'auth.json'), JSON.stringify(broken));
    await expect(openAuthStore(dataDir)).rejects.toThrow(/users\.0\.\w+ is wrong/);
  });

  it('refuses a file without a version, or from a newer Kiri', async () => {
    const dataDir = await makeDataDir();
    const { version: _version, ...unversioned } = defaultAuthFile();
    await writeFile(join(dataDir, 'auth.json'), JSON.stringify(unversioned));
    await expect(openAuthStore(dataDir)).rejects.toThrow(/has no version number/);

    await writeFile(
      join(dataDir, 'auth.json'),
      JSON.stringify({ ...defaultAuthFile(), version: 7 }),
    );
    await expect(openAuthStore(dataDir)).rejects.toThrow(
      /version 7, newer than this Kiri understands \(1\)/,
    );
  });

  it('ignores and removes a temp file left by a crash mid-write', async () => {
    const dataDir = await makeDataDir();
    const store = await openAuthStore(dataDir);
    await store.update((data) => {
      data.restrictions.defaultPermissions = ['chat'];
    });
    const leftover = join(dataDir, '.auth.json.4242-deadbeef0000.tmp');
    await writeFile(leftover, '{"version": 1, "half-writ');
    const reopened = await openAuthStore(dataDir);
    expect(reopened.data.restrictions.defaultPermissions).toEqual(['chat']);
    expect(await readdir(dataDir)).toEqual(['auth.json']);
  });
});

describe('migrations', () => {
  // A store at version 3 whose history renamed a field (1 → 2) and added one (2 → 3).
  const notesV3 = z.object({
    version: z.literal(3),
    entries: z.array(z.string()),
    pinned: z.boolean(),
  });
  const definition: StoreDefinition<z.infer<typeof notesV3>> = {
    fileName: 'notes.json',
    currentVersion: 3,
    schema: notesV3,
    defaults: () => ({ version: 3, entries: [], pinned: false }),
    migrations: {
      1: ({ notes, ...rest }) => ({ ...rest, entries: notes }),
      2: (data) => ({ ...data, pinned: false }),
    },
  };

  it('brings an older file up to the current version, keeping a copy of the original', async () => {
    const dataDir = await makeDataDir();
    const original = JSON.stringify({ version: 1, notes: ['remember the milk'] });
    await writeFile(join(dataDir, 'notes.json'), original);
    const store = await openJsonFileStore(dataDir, definition);
    const expected = { version: 3, entries: ['remember the milk'], pinned: false };
    expect(store.data).toEqual(expected);
    expect(await readJson(join(dataDir, 'notes.json'))).toEqual(expected);
    expect(await readFile(join(dataDir, 'notes.json.v1.bak'), 'utf8')).toBe(original);
  });

  it('leaves a current file untouched', async () => {
    const dataDir = await makeDataDir();
    const current = JSON.stringify({ version: 3, entries: ['a'], pinned: true });
    await writeFile(join(dataDir, 'notes.json'), current);
    await openJsonFileStore(dataDir, definition);
    expect(await readFile(join(dataDir, 'notes.json'), 'utf8')).toBe(current);
    expect(await readdir(dataDir)).toEqual(['notes.json']);
  });

  it('refuses a version it has no migration from', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'notes.json'), JSON.stringify({ version: 0 }));
    await expect(openJsonFileStore(dataDir, definition)).rejects.toThrow(
      /no migration from version 0/,
    );
  });
});

function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

describe('DATA_DIR lock', () => {
  it('is taken with our pid and released', async () => {
    const dataDir = await makeDataDir();
    const lock = await acquireDataDirLock(dataDir);
    // The lock's first line is the pid (the second, on Linux, which process that is).
    expect((await readFile(join(dataDir, '.lock'), 'utf8')).split('\n')[0]).toBe(
      String(process.pid),
    );
    await lock.release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses while another live process holds it', async () => {
    const dataDir = await makeDataDir();
    // Our parent is alive and is not us: it stands in for another server.
    await writeFile(join(dataDir, '.lock'), `${process.ppid}\n`);
    const taking = acquireDataDirLock(dataDir);
    await expect(taking).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(taking).rejects.toThrow(
      new RegExp(`Another Kiri server \\(pid ${process.ppid}\\) is already using`),
    );
    expect(await readFile(join(dataDir, '.lock'), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('takes over a lock whose process is gone, or that is empty', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, '.lock'), `${await deadPid()}\n`);
    const lock = await acquireDataDirLock(dataDir);
    // The lock's first line is the pid (the second, on Linux, which process that is).
    expect((await readFile(join(dataDir, '.lock'), 'utf8')).split('\n')[0]).toBe(
      String(process.pid),
    );
    await lock.release();

    await writeFile(join(dataDir, '.lock'), '');
    const again = await acquireDataDirLock(dataDir);
    // The lock's first line is the pid (the second, on Linux, which process that is).
    expect((await readFile(join(dataDir, '.lock'), 'utf8')).split('\n')[0]).toBe(
      String(process.pid),
    );
    await again.release();
  });

  it('does not remove a lock that another process has taken since', async () => {
    const dataDir = await makeDataDir();
    const lock = await acquireDataDirLock(dataDir);
    await writeFile(join(dataDir, '.lock'), `${process.ppid}\n`);
    await lock.release();
    expect(await readFile(join(dataDir, '.lock'), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
