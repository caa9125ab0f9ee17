// A lowdb adapter that makes every write durable: temp file, fsync, rename, fsync of the folder.
// steno (lowdb's own writer) renames atomically but never fsyncs, so a power cut could leave an empty file.
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { decodeFile, encodeFile, encodeLines } from './at-rest';

export class CorruptStoreFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(
      `${path} cannot be read: ${reason}. Kiri will not replace it with defaults. ` +
        'Restore it from a backup, or move it away to start this area afresh.',
    );
    this.name = 'CorruptStoreFileError';
  }
}

const TEMP_SUFFIX = '.tmp';

export function tempNameFor(fileName: string): string {
  return `.${fileName}.${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
}

function isTempNameOf(fileName: string, candidate: string): boolean {
  return candidate.startsWith(`.${fileName}.`) && candidate.endsWith(TEMP_SUFFIX);
}

export async function fsyncDirectory(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync; there the rename is as durable as it gets.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

interface PendingWrite {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Reads and writes one JSON file. Writes are queued: at most one runs at a time, and every write asked for
 * while one runs is folded into the next, which serialises the data as it is when that next write starts.
 * So a write's promise resolves only once a write that began after the call is on disk.
 */
export class AtomicJsonFile<T> implements Adapter<T> {
  readonly path: string;
  private latest: T | undefined;
  private running: Promise<void> | null = null;
  private next: PendingWrite | null = null;

  constructor(path: string) {
    this.path = path;
  }

  /** The parsed file, or null when there is none. Not validated: the store checks the shape. */
  async read(): Promise<T | null> {
    const text = await readStoreText(this.path);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new CorruptStoreFileError(
        this.path,
        `it is not valid JSON (${(error as Error).message})`,
      );
    }
  }

  write(data: T): Promise<void> {
    this.latest = data;
    if (this.next) return this.next.promise;
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.next = { promise, resolve, reject };
    void this.startWhenIdle();
    return promise;
  }

  /** Resolves once no write is queued or running (errors are reported to the writers, not here). */
  async flush(): Promise<void> {
    while (this.running || this.next) {
      await (this.running ?? this.next?.promise)?.catch(() => undefined);
    }
  }

  /** A write is queued or running. */
  get busy(): boolean {
    return Boolean(this.running || this.next);
  }

  /** Leftovers of a write cut short by a crash: never the real data, which is only ever renamed into place. */
  async removeLeftoverTempFiles(): Promise<void> {
    const dir = dirname(this.path);
    const fileName = basename(this.path);
    for (const entry of await readdir(dir)) {
      if (isTempNameOf(fileName, entry)) await unlink(join(dir, entry)).catch(() => undefined);
    }
  }

  private async startWhenIdle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    const job = this.next;
    if (!job) return;
    this.next = null;
    // Serialise now, so every change made before this write started is in it.
    const text = `${JSON.stringify(this.latest, null, 2)}\n`;
    this.running = this.writeDurably(text);
    try {
      await this.running;
      job.resolve();
    } catch (error) {
      job.reject(error);
    } finally {
      this.running = null;
    }
  }

  private writeDurably(text: string): Promise<void> {
    return writeFileDurably(this.path, text);
  }
}

/**
 * A state file's text, in either at-rest format (plaintext or encrypted: server/store/at-rest.ts), or null
 * when there is none.
 */
export async function readStoreText(path: string): Promise<string | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return decodeFile(path, bytes);
}

/**
 * Replaces `path` with `text`: temp file, fsync, rename, fsync of the folder. A crash leaves old or new.
 * The text is written in the at-rest format of its DATA_DIR: a whole file sealed, or a journal's lines
 * each sealed (`kind: 'journal'`).
 */
export async function writeFileDurably(
  path: string,
  text: string,
  kind: 'file' | 'journal' = 'file',
): Promise<void> {
  const stored = kind === 'journal' ? encodeLines(path, text) : encodeFile(path, text);
  await writeBytesDurably(path, stored);
}

/** writeFileDurably's steps for bytes already in their stored form (a migration's rewrite). */
export async function writeBytesDurably(path: string, stored: string | Buffer): Promise<void> {
  const dir = dirname(path);
  const tempPath = join(dir, tempNameFor(basename(path)));
  let renamed = false;
  try {
    const handle = await open(tempPath, 'w', 0o600);
    try {
      await handle.writeFile(stored);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, path);
    renamed = true;
    await fsyncDirectory(dir);
  } finally {
    if (!renamed) await unlink(tempPath).catch(() => undefined);
  }
}
