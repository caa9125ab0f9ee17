// One versioned JSON file in DATA_DIR, migrated and checked on load. A store with a reducer keeps a
// journal beside it (docs/server.md "Journal"); one without is rewritten whole on each write (lowdb's
// Low on our durable adapter), which suits files written rarely.
import { copyFile, mkdir, open, readFile, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Low } from 'lowdb';
import type { z } from 'zod';
import { AtomicJsonFile, CorruptStoreFileError, writeFileDurably } from './atomic-json-file';
import { encodeLines, registerOpenStore } from './at-rest';
import {
  COMPACT_MIN_BYTES,
  JOURNAL_SUFFIX,
  journalLineText,
  parseJournal,
  type JournalLine,
} from './journal';

/** Turns the data of version n into the data of version n + 1. */
export type Migration = (data: Record<string, unknown>) => Record<string, unknown>;

export interface StoreDefinition<T extends { version: number }, Op = never> {
  fileName: string;
  currentVersion: number;
  schema: z.ZodType<T>;
  defaults: () => T;
  /** migrations[n] upgrades version n to n + 1. */
  migrations: Record<number, Migration>;
  /**
   * The store's reducer: applies one small change. With it, the store keeps a journal and a write
   * appends the operation; it must be deterministic (the journal is replayed through it at start).
   */
  apply?: (data: T, op: Op) => void;
}

export interface JsonFileStore<T, Op = never> {
  readonly path: string;
  /** The live data. Mutate it only inside update() or commit(), or call persist() after. */
  readonly data: T;
  /** Applies an operation of the store's reducer and resolves once it is durable on disk. */
  commit(op: Op): Promise<void>;
  /**
   * Applies any change and resolves once it is durable on disk. On a journaled store it writes the
   * whole data as one journal line: for rare changes (and tests), never for a per-request write.
   */
  update(change: (data: T) => void): Promise<void>;
  /** Writes the data as it is now (for changes kept in memory on purpose, e.g. last-use times). */
  persist(): Promise<void>;
  /** Waits for every queued write (and a compaction under way). */
  flush(): Promise<void>;
  /** Flushes, then lets go of the open journal (the store must not be written after). */
  close(): Promise<void>;
  /** Folds the journal into the file now (nothing to do for a store without one). */
  compact(): Promise<void>;
  /**
   * True while a write is queued or running. The version guard copies DATA_DIR's files only at a moment
   * when no store is busy, so its copy lies between writes (server/version-guard).
   */
  readonly busy: boolean;
  /**
   * Waits for the queued writes, then reads the file (and journal) again from disk, checked and migrated as
   * at open: a rollback replaced them (server/version-guard), and the running server serves them at once.
   */
  reload(): Promise<void>;
}

/** The snapshot's count of the journal lines it holds: the file's own field, read and removed at load. */
export const JOURNAL_SEQ_FIELD = 'journalSeq';

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

export async function openJsonFileStore<T extends { version: number }, Op = never>(
  dataDir: string,
  definition: StoreDefinition<T, Op>,
): Promise<JsonFileStore<T, Op>> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, definition.fileName);
  const file = new AtomicJsonFile<T>(path);
  await file.removeLeftoverTempFiles();
  if (definition.apply) {
    const apply = definition.apply;
    const store = await JournaledStore.open(file, definition, apply);
    store.reopen = () => JournaledStore.open(file, definition, apply);
    // A migration of the at-rest format rewrites the file and journal through compaction, which holds
    // the journal's open handle (server/store/at-rest.ts).
    const unregister = registerOpenStore({
      path,
      journaled: true,
      rewrite: () => store.compact(),
    });
    const close = store.close.bind(store);
    store.close = async () => {
      unregister();
      await close();
    };
    return store;
  }

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

  const unregister = registerOpenStore({ path, journaled: false, rewrite: () => db.write() });
  return {
    path,
    get data() {
      return db.data;
    },
    get busy() {
      return file.busy;
    },
    reload: async () => {
      await file.flush();
      const again = await file.read();
      db.data =
        again === null ? definition.defaults() : migrateToCurrent(definition, path, again).data;
    },
    commit: () => Promise.reject(new Error(`${definition.fileName} has no reducer: use update()`)),
    update: (change) => db.update(change),
    persist: () => db.write(),
    flush: () => file.flush(),
    close: () => {
      unregister();
      return file.flush();
    },
    compact: () => file.flush(),
  };
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function readOptional(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/**
 * A JSON file plus its journal. A change is applied in memory at once and its line appended; the lines
 * asked for while an append runs go in the next one, with one fdatasync for the group (group commit),
 * and each change's promise resolves once its line is durable. Compaction writes the data with the
 * number of the last change it holds (temp, fsync, rename, fsync of the folder), then replaces the
 * journal with the lines that came after (same steps): a crash between any two steps replays to the
 * same data, because lines the file already holds are skipped.
 */
class JournaledStore<T extends { version: number }, Op> implements JsonFileStore<T, Op> {
  readonly path: string;
  private readonly journalPath: string;
  private seq = 0;
  private snapshotBytes = 0;
  private journalBytes = 0;
  private pending: string[] = [];
  private pendingJob: Deferred | null = null;
  private pumping: Promise<void> | null = null;
  /** A journal swap waiting for the appends to pause: it runs between two groups. */
  private swapJob: { run: () => Promise<void>; done: Deferred } | null = null;
  private compacting: Promise<void> | null = null;
  /** Lines asked for since the snapshot under way was taken: the next journal starts with them. */
  private sinceSnapshot: string[] | null = null;
  /** An append failed part-way: the journal may end in a torn line, so nothing more is appended to it. */
  private damaged = false;
  /** Opens the same file and journal afresh (set by openJsonFileStore): what reload() reads from. */
  reopen: (() => Promise<JournaledStore<T, Op>>) | null = null;

  private constructor(
    private readonly fileName: string,
    private handle: FileHandle,
    public data: T,
    private readonly applyOp: (data: T, op: Op) => void,
    path: string,
  ) {
    this.path = path;
    this.journalPath = `${path}${JOURNAL_SUFFIX}`;
  }

  static async open<T extends { version: number }, Op>(
    file: AtomicJsonFile<T>,
    definition: StoreDefinition<T, Op>,
    apply: (data: T, op: Op) => void,
  ): Promise<JournaledStore<T, Op>> {
    const { path } = file;
    const journalPath = `${path}${JOURNAL_SUFFIX}`;
    const raw = (await file.read()) as Record<string, unknown> | null;
    let data: T;
    let base = 0;
    let migratedFrom: number | null = null;
    if (raw === null) {
      data = definition.defaults();
    } else {
      if (typeof raw === 'object' && !Array.isArray(raw) && JOURNAL_SEQ_FIELD in raw) {
        const found = raw[JOURNAL_SEQ_FIELD];
        if (typeof found !== 'number' || !Number.isInteger(found) || found < 0) {
          throw new CorruptStoreFileError(path, `${JOURNAL_SEQ_FIELD} is not a whole number`);
        }
        base = found;
        delete raw[JOURNAL_SEQ_FIELD];
      }
      ({ data, migratedFrom } = migrateToCurrent(definition, path, raw));
    }

    const journalText = await readOptional(journalPath);
    const lines = parseJournal<Op>(journalPath, journalText, base);
    if (lines.length > 0 && migratedFrom !== null) {
      throw new CorruptStoreFileError(
        journalPath,
        `it holds changes to version ${migratedFrom} of ${definition.fileName}, which this Kiri ` +
          'cannot replay; start the Kiri that wrote them once, so that it folds them into the file',
      );
    }
    for (const line of lines) {
      try {
        if ('op' in line) apply(data, line.op);
        else data = line.replace as T;
      } catch (error) {
        throw new CorruptStoreFileError(
          journalPath,
          `change ${line.seq} cannot be applied (${(error as Error).message})`,
        );
      }
    }
    const seq = base + lines.length;

    if (migratedFrom !== null) {
      // Keep what we migrated from: a migration bug must not cost the owner their data.
      await copyFile(path, `${path}.v${migratedFrom}.bak`);
    }
    // On start, fold the journal in: the file is whole again and the journal starts empty.
    let snapshotBytes: number;
    if (raw === null || migratedFrom !== null || journalText !== '') {
      const text = snapshotText(data, seq);
      await writeFileDurably(path, text);
      await writeFileDurably(journalPath, '', 'journal');
      snapshotBytes = Buffer.byteLength(text);
    } else {
      snapshotBytes = (await stat(path)).size;
      // A file from before journals (or a journal someone removed): create it durably.
      await writeFileDurably(journalPath, '', 'journal');
    }
    const handle = await open(journalPath, 'a', 0o600);
    const store = new JournaledStore<T, Op>(definition.fileName, handle, data, apply, path);
    store.seq = seq;
    store.snapshotBytes = snapshotBytes;
    return store;
  }

  commit(op: Op): Promise<void> {
    this.applyOp(this.data, op);
    return this.append({ seq: ++this.seq, op });
  }

  update(change: (data: T) => void): Promise<void> {
    change(this.data);
    return this.persist();
  }

  persist(): Promise<void> {
    return this.append({ seq: ++this.seq, replace: this.data });
  }

  async flush(): Promise<void> {
    while (this.pumping || this.pendingJob || this.compacting) {
      await (this.pumping ?? this.pendingJob?.promise ?? this.compacting)?.catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }

  /** Folds the journal into the file now (also started by itself once the journal is large). */
  compact(): Promise<void> {
    this.compacting ??= this.runCompaction().finally(() => {
      this.compacting = null;
    });
    return this.compacting;
  }

  get busy(): boolean {
    return Boolean(this.pumping || this.pendingJob || this.compacting);
  }

  /** Flushes, lets go of the journal's handle, and takes the data, sequence and handle of a fresh open. */
  async reload(): Promise<void> {
    if (!this.reopen) throw new Error(`${this.fileName} cannot be reloaded`);
    await this.flush();
    const fresh = await this.reopen();
    const previous = this.handle;
    this.handle = fresh.handle;
    this.data = fresh.data;
    this.seq = fresh.seq;
    this.snapshotBytes = fresh.snapshotBytes;
    this.journalBytes = 0;
    this.damaged = false;
    await previous.close().catch(() => undefined);
  }

  private append(line: JournalLine<Op>): Promise<void> {
    // Serialised now: the line says what the change was when it was made.
    const text = journalLineText(line);
    this.pending.push(text);
    this.sinceSnapshot?.push(text);
    this.pendingJob ??= deferred();
    const { promise } = this.pendingJob;
    this.pump();
    return promise;
  }

  private pump(): void {
    this.pumping ??= this.drain().finally(() => {
      this.pumping = null;
      // Asked for while the loop was ending.
      if (this.swapJob || (this.pendingJob && !this.damaged)) this.pump();
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.swapJob) {
        const swap = this.swapJob;
        this.swapJob = null;
        await swap.run().then(swap.done.resolve, swap.done.reject);
        continue;
      }
      if (!this.pendingJob) return;
      if (this.damaged) {
        // The pending lines are resolved by the compaction's journal swap (or, if a compaction was
        // already past its swap, appended to the fresh journal once it is done).
        void this.compact()
          .catch(() => undefined)
          .then(() => {
            if (this.pendingJob && !this.damaged) this.pump();
          });
        return;
      }
      const job = this.pendingJob;
      const text = this.pending.join('');
      this.pending = [];
      this.pendingJob = null;
      try {
        // Sealed as it is appended, in the format set now (a journal may hold both formats).
        const stored = encodeLines(this.journalPath, text);
        await this.handle.appendFile(stored, 'utf8');
        await this.handle.datasync();
        this.journalBytes += Buffer.byteLength(stored);
        job.resolve();
      } catch (error) {
        this.damaged = true;
        job.reject(error);
      }
      if (this.journalBytes > Math.max(COMPACT_MIN_BYTES, this.snapshotBytes)) {
        void this.compact().catch(() => undefined);
      }
    }
  }

  private async runCompaction(): Promise<void> {
    // Taken synchronously: every change up to `seq` is in it, none after.
    const text = snapshotText(this.data, this.seq);
    this.sinceSnapshot = [];
    try {
      await writeFileDurably(this.path, text);
      const done = deferred();
      this.swapJob = {
        done,
        run: async () => {
          // No append runs now. Lines written to the old journal since the snapshot and lines still
          // waiting both go to the new one, which makes the waiting ones durable too.
          const carried = this.sinceSnapshot!.join('');
          await writeFileDurably(this.journalPath, carried, 'journal');
          const previous = this.handle;
          this.handle = await open(this.journalPath, 'a', 0o600);
          await previous.close().catch(() => undefined);
          this.journalBytes = Buffer.byteLength(carried);
          this.snapshotBytes = Buffer.byteLength(text);
          this.damaged = false;
          const waiting = this.pendingJob;
          this.pending = [];
          this.pendingJob = null;
          waiting?.resolve();
        },
      };
      this.pump();
      await done.promise;
    } catch (error) {
      const waiting = this.pendingJob;
      if (this.damaged && waiting) {
        this.pending = [];
        this.pendingJob = null;
        waiting.reject(error);
      }
      throw error;
    } finally {
      this.sinceSnapshot = null;
    }
  }

  toString(): string {
    return `${this.fileName} in ${dirname(this.path)}`;
  }
}

function snapshotText(data: object, seq: number): string {
  return `${JSON.stringify({ ...data, [JOURNAL_SEQ_FIELD]: seq })}\n`;
}
