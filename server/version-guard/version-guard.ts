// The version guard (spec 001 §2 "Admin System Control Panel", docs/system-control.md): snapshots of
// every JSON file of DATA_DIR into DATA_DIR/snapshots/<id>/ (a manifest with each file's sha256, and the
// files' bytes as stored: an encrypted file is copied encrypted, never decrypted), and the rollback that
// takes Kiri's state back to one (restore-lists.ts says which files), after a safety snapshot, with the
// running stores reloaded so the server serves the restored state at once.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { uuidv7 } from '../../src/domain/uuidv7';
import { writeBytesDurably, writeFileDurably, fsyncDirectory } from '../store/atomic-json-file';
import { DataKeyError, decodeFile, isEncryptedFile, isEncryptedLine } from '../store/at-rest';
import { stateFilesOf } from '../store/at-rest-migration';
import { JOURNAL_SUFFIX } from '../store/journal';
import type { JsonFileStore } from '../store/json-file-store';
import { fateOf } from './restore-lists';

export const SNAPSHOTS_DIR = 'snapshots';
/** The owner's exports (the export task): copies of the owner's data, not state, so not in a snapshot. */
export const EXPORTS_DIR = 'exports';
/** Snapshots kept; the oldest go first (never the one a rollback is restoring). */
export const MAX_VERSION_SNAPSHOTS = 20;
const MANIFEST = 'manifest.json';
const FILES = 'files';
/** A copy's name: not .json, so the at-rest migration never rewrites it (its bytes must match its sha256). */
const COPY_SUFFIX = '.copy';
const PARTIAL_PREFIX = '.partial-';

export const TRIGGERS = ['hydra-task', 'rollback-safety', 'weekly-sync'] as const;
export type Trigger = (typeof TRIGGERS)[number];

const manifestSchema = z.object({
  version: z.literal(1),
  id: z.string().min(1),
  description: z.string(),
  takenAt: z.number().int().nonnegative(),
  triggeredBy: z.enum(TRIGGERS),
  /** The id of DATA_KEY (a hash, not the key) the files were taken under, or null without a key. */
  keyId: z.string().nullable(),
  files: z.array(
    z.object({
      /** Relative to DATA_DIR, with '/' separators. */
      path: z.string().min(1),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().length(64),
      encrypted: z.boolean(),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** One snapshot as GET /api/version-guard/snapshots answers it (spec 001 §3 "Snapshot"). */
export interface SnapshotView {
  id: string;
  description: string;
  /** ISO 8601. */
  timestamp: string;
  files: string[];
  metadata: {
    triggeredBy: Trigger;
    bytes: number;
    encrypted: boolean;
    /** False when the snapshot was taken under another DATA_KEY: a rollback to it is refused. */
    sameKey: boolean;
  };
}

export class GuardError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'GuardError';
  }
}

export const snapshotNotFound = (id: string) => `Snapshot ${id} not found`;
export const otherKeyRefusal = (id: string) =>
  `Snapshot ${id} was taken under another DATA_KEY: its files can only be restored with the key they were ` +
  'encrypted with. Nothing was changed.';
export const damagedRefusal = (id: string, file: string) =>
  `Snapshot ${id} is damaged: ${file} does not match its checksum. Nothing was changed.`;

export interface VersionGuardOptions {
  dataDir: string;
  /** Every open store (Stores): written between, reloaded after a rollback. Read at each call. */
  stores: () => JsonFileStore<{ version: number }, never>[];
  clock: () => number;
  /** DATA_KEY's id in hex, or null. */
  keyId: string | null;
  /** After the stores reloaded: caches built from them start again (the lattice's search index). */
  afterRestore?: () => void;
}

export interface RollbackResult {
  restored: string[];
  safetySnapshotId: string;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Writes bytes and fsyncs them (a snapshot's copies: the folder is renamed into place after). */
async function writeDurable(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Rule: pruneOrder. The ids to remove so that at most `max` remain, oldest first, never `keep`. */
export function snapshotsToPrune(
  newestFirst: readonly { id: string }[],
  max: number,
  keep: string | null,
): string[] {
  const removable = newestFirst.filter((s) => s.id !== keep);
  const keptCount = newestFirst.length - removable.length;
  return removable.slice(Math.max(0, max - keptCount)).map((s) => s.id);
}

export class VersionGuard {
  private readonly dataDir: string;
  private readonly root: string;
  private index: Manifest[] | null = null;
  /** Snapshots whose manifest cannot be read with this DATA_KEY (taken under another key). */
  private foreign: { id: string; takenAt: number }[] = [];
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: VersionGuardOptions) {
    this.dataDir = resolve(options.dataDir);
    this.root = join(this.dataDir, SNAPSHOTS_DIR);
  }

  /** One snapshot or rollback at a time, and a task runs inside it (server/hydra). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Newest first. Read from disk once (synchronously: a few small manifests), then kept up to date. */
  private manifests(): Manifest[] {
    if (this.index) return this.index;
    const found: Manifest[] = [];
    this.foreign = [];
    let names: string[];
    try {
      names = readdirSync(this.root);
    } catch {
      names = [];
    }
    for (const name of names) {
      if (name.startsWith(PARTIAL_PREFIX)) {
        // A snapshot a crash cut short: never listed, removed.
        rmSync(join(this.root, name), { recursive: true, force: true });
        continue;
      }
      const path = join(this.root, name, MANIFEST);
      try {
        const text = decodeFile(path, readFileSync(path));
        const parsed = manifestSchema.safeParse(JSON.parse(text));
        if (parsed.success && parsed.data.id === name) found.push(parsed.data);
      } catch (error) {
        if (error instanceof DataKeyError) {
          const time = Number.parseInt(name.slice(0, 8) + name.slice(9, 13), 16);
          this.foreign.push({ id: name, takenAt: Number.isFinite(time) ? time : 0 });
        }
        // Else not a snapshot (or its manifest is damaged): not listed, never restored.
      }
    }
    this.index = found.sort((a, b) => b.takenAt - a.takenAt || (a.id < b.id ? 1 : -1));
    return this.index;
  }

  count(): number {
    return this.manifests().length + this.foreign.length;
  }

  list(): SnapshotView[] {
    const views = this.manifests().map((manifest) => this.view(manifest));
    for (const other of this.foreign) {
      views.push({
        id: other.id,
        description: 'Taken under another DATA_KEY',
        timestamp: new Date(other.takenAt).toISOString(),
        files: [],
        metadata: { triggeredBy: 'hydra-task', bytes: 0, encrypted: true, sameKey: false },
      });
    }
    return views.sort((a, b) =>
      a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0,
    );
  }

  private view(manifest: Manifest): SnapshotView {
    const encrypted = manifest.files.some((file) => file.encrypted);
    return {
      id: manifest.id,
      description: manifest.description,
      timestamp: new Date(manifest.takenAt).toISOString(),
      files: manifest.files.map((file) => file.path),
      metadata: {
        triggeredBy: manifest.triggeredBy,
        bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0),
        encrypted,
        sameKey: !encrypted || manifest.keyId === this.options.keyId,
      },
    };
  }

  /** A snapshot now (waits for a snapshot or rollback under way). */
  snapshot(
    description: string,
    triggeredBy: Trigger,
    progress?: (done: number, total: number) => void,
  ): Promise<SnapshotView> {
    return this.exclusive(() => this.takeSnapshot(description, triggeredBy, progress, null));
  }

  /**
   * The snapshot itself, for a caller already inside exclusive() (the hydra task). The files are read
   * in one synchronous pass at a moment when no store has a write queued or running: no other code runs
   * during the pass, so the copy lies between writes of every store (a consistent cut).
   */
  async takeSnapshot(
    description: string,
    triggeredBy: Trigger,
    progress?: (done: number, total: number) => void,
    keep: string | null = null,
  ): Promise<SnapshotView> {
    // Loaded before the new one is renamed into place (it is added to the index below).
    const index = this.manifests();
    const now = this.options.clock();
    const id = uuidv7(now);
    const paths = (await stateFilesOf(this.dataDir)).filter((path) => this.inSnapshot(path));
    const copies = await this.readBetweenWrites(paths);
    const partial = join(this.root, `${PARTIAL_PREFIX}${id}`);
    await mkdir(join(partial, FILES), { recursive: true });
    const files: Manifest['files'] = [];
    let done = 0;
    for (const { rel, bytes } of copies) {
      const target = join(partial, FILES, `${rel}${COPY_SUFFIX}`);
      await mkdir(dirname(target), { recursive: true });
      await writeDurable(target, bytes);
      files.push({
        path: rel,
        bytes: bytes.length,
        sha256: sha256(bytes),
        encrypted: rel.endsWith(JOURNAL_SUFFIX)
          ? bytes.toString('utf8').split('\n').some(isEncryptedLine)
          : isEncryptedFile(bytes),
      });
      done += 1;
      progress?.(done, copies.length + 1);
    }
    const manifest: Manifest = {
      version: 1,
      id,
      description,
      takenAt: now,
      triggeredBy,
      keyId: this.options.keyId,
      files,
    };
    // The manifest is written in DATA_DIR's at-rest format (its description may be the owner's words).
    await writeFileDurably(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsyncDirectory(join(partial, FILES));
    await rename(partial, join(this.root, id));
    await fsyncDirectory(this.root);
    progress?.(copies.length + 1, copies.length + 1);
    index.unshift(manifest);
    await this.prune(keep);
    return this.view(manifest);
  }

  private inSnapshot(path: string): boolean {
    const rel = relative(this.dataDir, path);
    const top = rel.split(sep)[0];
    return top !== SNAPSHOTS_DIR && top !== EXPORTS_DIR;
  }

  private async readBetweenWrites(paths: string[]): Promise<{ rel: string; bytes: Buffer }[]> {
    for (let attempt = 0; ; attempt += 1) {
      const stores = this.options.stores();
      await Promise.all(stores.map((store) => store.flush()));
      // A write may have been asked for while the flush resolved: wait again until all are idle.
      if (stores.some((store) => store.busy) && attempt < 50) continue;
      const copies: { rel: string; bytes: Buffer }[] = [];
      for (const path of paths) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        copies.push({ rel: relative(this.dataDir, path).split(sep).join('/'), bytes });
      }
      return copies;
    }
  }

  private async prune(keep: string | null): Promise<void> {
    const index = this.manifests();
    const gone = new Set(snapshotsToPrune(index, MAX_VERSION_SNAPSHOTS, keep));
    if (gone.size === 0) return;
    for (const id of gone) await rm(join(this.root, id), { recursive: true, force: true });
    this.index = index.filter((manifest) => !gone.has(manifest.id));
  }

  /**
   * Takes Kiri's state back to snapshot `id`: refused (nothing changed) when it is unknown (404), taken
   * under another DATA_KEY or damaged (409); else a safety snapshot of everything first, then the files of
   * RESTORED_FILES written back and their stores reloaded.
   */
  rollback(id: string): Promise<RollbackResult> {
    return this.exclusive(async () => {
      this.manifests();
      if (this.foreign.some((other) => other.id === id)) {
        throw new GuardError(409, otherKeyRefusal(id));
      }
      const manifest = this.manifests().find((m) => m.id === id);
      if (!manifest) throw new GuardError(404, snapshotNotFound(id));
      const dir = join(this.root, id);
      const bytesOf = new Map<string, Buffer>();
      for (const file of manifest.files) {
        let bytes: Buffer | null;
        try {
          bytes = await readFile(join(dir, FILES, `${file.path}${COPY_SUFFIX}`));
        } catch {
          bytes = null;
        }
        if (!bytes || bytes.length !== file.bytes || sha256(bytes) !== file.sha256) {
          throw new GuardError(409, damagedRefusal(id, file.path));
        }
        bytesOf.set(file.path, bytes);
      }
      const restoredStores = this.options
        .stores()
        .filter((store) => fateOf(basename(store.path)) === 'restored');
      const needsKey = restoredStores.some((store) => {
        const name = basename(store.path);
        return [name, `${name}${JOURNAL_SUFFIX}`].some(
          (rel) => manifest.files.find((file) => file.path === rel)?.encrypted,
        );
      });
      if (needsKey && manifest.keyId !== this.options.keyId) {
        throw new GuardError(409, otherKeyRefusal(id));
      }
      const safety = await this.takeSnapshot(
        `Before rollback to ${manifest.description || id}`,
        'rollback-safety',
        undefined,
        id,
      );
      const restored: string[] = [];
      for (const store of restoredStores) {
        const name = basename(store.path);
        await store.flush();
        const file = bytesOf.get(name);
        const journal = bytesOf.get(`${name}${JOURNAL_SUFFIX}`);
        if (file) await writeBytesDurably(store.path, file);
        else await rm(store.path, { force: true });
        // A journal of now on a file of then would replay newer changes onto it: it goes too.
        if (journal) await writeBytesDurably(`${store.path}${JOURNAL_SUFFIX}`, journal);
        else await rm(`${store.path}${JOURNAL_SUFFIX}`, { force: true });
        await store.reload();
        restored.push(name);
      }
      this.options.afterRestore?.();
      return { restored, safetySnapshotId: safety.id };
    });
  }
}
