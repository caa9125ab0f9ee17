// One versioned JSON file in DATA_DIR (lowdb's Low on our durable adapter), migrated and checked on load.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { z } from 'zod';
import { AtomicJsonFile, CorruptStoreFileError } from './atomic-json-file';

/** Turns the data of version n into the data of version n + 1. */
export type Migration = (data: Record<string, unknown>) => Record<string, unknown>;

export interface StoreDefinition<T extends { version: number }> {
  fileName: string;
  currentVersion: number;
  schema: z.ZodType<T>;
  defaults: () => T;
  /** migrations[n] upgrades version n to n + 1. */
  migrations: Record<number, Migration>;
}

export interface JsonFileStore<T> {
  readonly path: string;
  /** The live data. Mutate it only inside update(), or call persist() after. */
  readonly data: T;
  /** Applies a change and resolves once it is durable on disk. */
  update(change: (data: T) => void): Promise<void>;
  /** Writes the data as it is now (for changes kept in memory on purpose, e.g. last-use times). */
  persist(): Promise<void>;
  /** Waits for every queued write. */
  flush(): Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Brings raw file contents up to the current version, or explains why it cannot. */
export function migrateToCurrent<T extends { version: number }>(
  definition: StoreDefinition<T>,
  path: string,
  raw: unknown,
): { data: T; migratedFrom: number | null } {
  if (!isRecord(raw)) throw new CorruptStoreFileError(path, 'it does not hold a JSON object');
  const found = raw.version;
  if (typeof found !== 'number' || !Number.isInteger(found) || found < 0) {
    throw new CorruptStoreFileError(
      path,
      'it has no version number, so it was not written by Kiri (or was edited by hand)',
    );
  }
  if (found > definition.currentVersion) {
    throw new CorruptStoreFileError(
      path,
      `it is version ${found}, newer than this Kiri understands (${definition.currentVersion}); ` +
        'update Kiri rather than run an older one on newer data',
    );
  }
  let data: Record<string, unknown> = raw;
  for (let version = found; version < definition.currentVersion; version += 1) {
    const migration = definition.migrations[version];
    if (!migration) {
      throw new CorruptStoreFileError(path, `there is no migration from version ${version}`);
    }
    data = { ...migration(data), version: version + 1 };
  }
  const checked = definition.schema.safeParse(data);
  if (!checked.success) {
    const first = checked.error.issues[0];
    const where = first?.path.length ? first.path.join('.') : 'the top level';
    throw new CorruptStoreFileError(path, `${where} is wrong (${first?.message ?? 'unknown'})`);
  }
  return {
    data: checked.data,
    migratedFrom: found === definition.currentVersion ? null : found,
  };
}

export async function openJsonFileStore<T extends { version: number }>(
  dataDir: string,
  definition: StoreDefinition<T>,
): Promise<JsonFileStore<T>> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, definition.fileName);
  const file = new AtomicJsonFile<T>(path);
  await file.removeLeftoverTempFiles();

  const raw = await file.read();
  const db = new Low<T>(file, definition.defaults());
  if (raw === null) {
    await db.write();
  } else {
    const { data, migratedFrom } = migrateToCurrent(definition, path, raw);
    db.data = data;
    if (migratedFrom !== null) {
      // Keep what we migrated from: a migration bug must not cost the owner their data.
      await copyFile(path, `${path}.v${migratedFrom}.bak`);
      await db.write();
    }
  }

  return {
    path,
    get data() {
      return db.data;
    },
    update: (change) => db.update(change),
    persist: () => db.write(),
    flush: () => file.flush(),
  };
}
