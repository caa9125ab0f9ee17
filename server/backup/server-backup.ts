// `npm run backup` and `npm run restore <file>` (issue 21 point 4, docs/backup.md): the whole DATA_DIR as
// one .tar.gz with a manifest (every file's size and sha256), taken while the server runs, and put back
// with the server stopped, after the archive was checked whole, keeping the replaced files aside.
//
// Consistent while the server runs: every store file is replaced atomically (temp, fsync, rename) and a
// journal only grows, so one read of a file is a whole version of it; but a copy of file A before a write
// and of file B after another would be a state that never was. So every file's identity (inode, size,
// modification and change times in nanoseconds) is looked at before and after the pass that reads them
// all. When both looks agree (the same files, each the same), no file changed between them, and each file
// was read in that span: the copy is DATA_DIR as it was at every moment between the last look of the
// first round and the first of the second, a cut between writes. When they differ (a write landed),
// the pass is taken again.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { fsyncDirectory, writeBytesDurably } from '../store/atomic-json-file';
import { isEncryptedFile, isEncryptedLine } from '../store/at-rest';
import { acquireDataDirLock, type DataDirLockOptions } from '../store/data-dir-lock';
import { JOURNAL_SUFFIX } from '../store/journal';
import { packTar, TarFormatError, unpackTar } from './tar';

export const BACKUP_FORMAT = 'kiri-server-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_PATH = 'manifest.json';
/** The files of DATA_DIR sit under this folder in the archive. */
export const DATA_PREFIX = 'data/';
/** Passes taken at most while writes keep landing during them. */
export const MAX_PASSES = 20;

const manifestSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  takenAt: z.iso.datetime(),
  /** How many passes it took to find one no write landed in (1 when none did). */
  attempts: z.number().int().positive(),
  files: z.array(
    z.strictObject({
      path: z.string().min(1),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** Stored encrypted (docs/encryption.md): restorable only with the same DATA_KEY. */
      encrypted: z.boolean(),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * Rule: inBackup. Names starting with '.' are never state (the lock, a write's temp file, an upload in
 * progress, a snapshot cut short), nor are image temp files ('.tmp').
 */
export function isBackedUpName(name: string): boolean {
  return !name.startsWith('.') && !name.endsWith('.tmp');
}

/** Rule: a path from an archive stays inside DATA_DIR (relative, no '..', no empty or dot part). */
export function isSafeRelativePath(path: string): boolean {
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Every file under `dir` that belongs in a backup, as '/'-separated relative paths, sorted. Synchronous,
 * like the whole pass: the command is its own process, and a short pass is more likely to fall between
 * two of the server's writes.
 */
function filesOf(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      // A folder removed while we walk (a snapshot pruned): the second look sees the change.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!isBackedUpName(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

function ifThere<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Rule: twoLooksAgree. The same files, each with the same identity. */
export function passesAgree(
  first: ReadonlyMap<string, string>,
  second: ReadonlyMap<string, string>,
): boolean {
  if (first.size !== second.size) return false;
  for (const [path, identity] of first) if (second.get(path) !== identity) return false;
  return true;
}

/**
 * Each file's identity: a replace (a new inode), an append (size, times) or a rewrite in place (times,
 * in nanoseconds) changes it.
 */
function look(dataDir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of filesOf(dataDir)) {
    const s = ifThere(() => statSync(join(dataDir, path), { bigint: true }));
    if (s) found.set(path, `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`);
  }
  return found;
}

/** The bytes of the files the first look listed (a file gone meanwhile makes the looks differ). */
function readAll(
  dataDir: string,
  paths: Iterable<string>,
  afterEach?: (path: string) => void,
): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const path of paths) {
    const bytes = ifThere(() => readFileSync(join(dataDir, path)));
    if (bytes !== null) files.set(path, bytes);
    afterEach?.(path);
  }
  return files;
}

function isEncrypted(path: string, bytes: Buffer): boolean {
  return path.endsWith(JOURNAL_SUFFIX)
    ? bytes.toString('utf8').split('\n').some(isEncryptedLine)
    : isEncryptedFile(bytes);
}

export interface BackupResult {
  archivePath: string;
  manifest: BackupManifest;
}

export interface BackupOptions {
  dataDir: string;
  /** Where the archive goes (made if missing). */
  outDir: string;
  clock?: () => number;
  /** After each file is read, before the second look (tests land a write in the middle of a pass). */
  afterEachRead?: (path: string) => void;
}

/** Rule: the archive's name, `kiri-backup-2026-11-29T09-30-42Z.tar.gz` (UTC, no ':' for any disk). */
export function backupFileName(at: number): string {
  const iso = new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `kiri-backup-${iso.replace(/:/g, '-')}.tar.gz`;
}

/** Takes a consistent copy of DATA_DIR (see the head of this file) and writes it as one archive. */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  const clock = options.clock ?? Date.now;
  try {
    if (!(await stat(dataDir)).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new BackupError(`There is no data folder at ${dataDir}: check DATA_DIR.`);
  }
  for (let attempt = 1; attempt <= MAX_PASSES; attempt += 1) {
    const before = look(dataDir);
    const read = readAll(dataDir, before.keys(), options.afterEachRead);
    const after = look(dataDir);
    if (read.size !== before.size || !passesAgree(before, after)) continue;
    const at = clock();
    const files = [...read].map(([path, bytes]) => ({
      path,
      bytes: bytes.length,
      sha256: sha256(bytes),
      encrypted: isEncrypted(path, bytes),
    }));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      takenAt: new Date(at).toISOString(),
      attempts: attempt,
      files,
    };
    const mtime = Math.floor(at / 1000);
    const archive = gzipSync(
      await packTar([
        {
          path: MANIFEST_PATH,
          bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
          mtime,
        },
        ...[...read].map(([path, bytes]) => ({
          path: `${DATA_PREFIX}${path}`,
          bytes,
          mtime,
        })),
      ]),
    );
    const outDir = resolve(options.outDir);
    if (outDir === dataDir || outDir.startsWith(`${dataDir}${sep}`)) {
      throw new BackupError('The backup folder must be outside DATA_DIR.');
    }
    await mkdir(outDir, { recursive: true });
    const archivePath = join(outDir, backupFileName(at));
    await writeBytesDurably(archivePath, archive);
    return { archivePath, manifest };
  }
  throw new BackupError(
    `DATA_DIR kept changing during ${MAX_PASSES} tries: nothing was written. Try again when the ` +
      'server is quieter, or stop it for the backup.',
  );
}

export interface VerifiedBackup {
  manifest: BackupManifest;
  files: { path: string; bytes: Buffer }[];
}

/**
 * The archive checked whole: gzip, tar, the manifest's format and version, and every file present once
 * with its size and sha256, nothing more. Any fault is a BackupError saying what, before anything is
 * written.
 */
export async function verifyBackup(archive: Buffer): Promise<VerifiedBackup> {
  let entries;
  try {
    entries = await unpackTar(gunzipSync(archive));
  } catch (error) {
    if (error instanceof TarFormatError)
      throw new BackupError(`Not a Kiri backup: ${error.message}`);
    throw new BackupError('Not a Kiri backup: the file is not a gzip archive.');
  }
  const manifestEntry = entries.find((entry) => entry.path === MANIFEST_PATH);
  if (!manifestEntry) throw new BackupError(`Not a Kiri backup: it has no ${MANIFEST_PATH}.`);
  let raw: unknown;
  try {
    raw = JSON.parse(manifestEntry.bytes.toString('utf8'));
  } catch {
    throw new BackupError(`Not a Kiri backup: its ${MANIFEST_PATH} is not JSON.`);
  }
  const header = z.object({ format: z.string(), version: z.number() }).safeParse(raw);
  if (!header.success || header.data.format !== BACKUP_FORMAT) {
    throw new BackupError(`Not a Kiri backup: its manifest is not a ${BACKUP_FORMAT} manifest.`);
  }
  if (header.data.version > BACKUP_VERSION) {
    throw new BackupError(
      `This backup is version ${header.data.version}, newer than this Kiri reads (${BACKUP_VERSION}): ` +
        'update Kiri first.',
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError('The backup is damaged: its manifest is malformed.');
  const manifest = parsed.data;
  const byPath = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry.path === MANIFEST_PATH) continue;
    if (!entry.path.startsWith(DATA_PREFIX)) {
      throw new BackupError(`The backup is damaged: ${entry.path} is not under ${DATA_PREFIX}.`);
    }
    const path = entry.path.slice(DATA_PREFIX.length);
    if (byPath.has(path)) throw new BackupError(`The backup is damaged: ${path} is in it twice.`);
    byPath.set(path, entry.bytes);
  }
  const files: VerifiedBackup['files'] = [];
  for (const file of manifest.files) {
    if (!isSafeRelativePath(file.path) || !file.path.split('/').every(isBackedUpName)) {
      throw new BackupError(`The backup is damaged: ${file.path} is not a path inside DATA_DIR.`);
    }
    const bytes = byPath.get(file.path);
    if (!bytes) throw new BackupError(`The backup is damaged: ${file.path} is missing.`);
    if (bytes.length !== file.bytes || sha256(bytes) !== file.sha256) {
      throw new BackupError(`The backup is damaged: ${file.path} does not match its checksum.`);
    }
    byPath.delete(file.path);
    files.push({ path: file.path, bytes });
  }
  const extra = [...byPath.keys()][0];
  if (extra !== undefined) {
    throw new BackupError(`The backup is damaged: ${extra} is not in its manifest.`);
  }
  return { manifest, files };
}

/** rename, or copy and remove where the two are on different disks (DATA_DIR a mount point). */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

async function writeNew(path: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where DATA_DIR's files before the restore were moved (null when it was empty or absent). */
  replacedDir: string | null;
}

export interface RestoreOptions {
  archivePath: string;
  dataDir: string;
  clock?: () => number;
  /** For tests: how the lock sees a running server. */
  lock?: DataDirLockOptions;
}

/**
 * Puts a backup back into DATA_DIR: the archive is verified whole first; then DATA_DIR's lock is taken
 * (a running server holds it: refused, nothing changed, and no server can start meanwhile); the files
 * are written to a folder beside DATA_DIR, the present files moved aside to
 * `<DATA_DIR>.before-restore-<time>`, and the new ones moved in.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  const clock = options.clock ?? Date.now;
  let archive: Buffer;
  try {
    archive = await readFile(resolve(options.archivePath));
  } catch {
    throw new BackupError(`Cannot read ${options.archivePath}: is the path right?`);
  }
  const { manifest, files } = await verifyBackup(archive);
  const lock = await acquireDataDirLock(dataDir, options.lock);
  try {
    const stamp = backupFileName(clock())
      .replace(/^kiri-backup-/, '')
      .replace(/\.tar\.gz$/, '');
    const staging = `${dataDir}.restoring-${stamp}`;
    const aside = `${dataDir}.before-restore-${stamp}`;
    await rm(staging, { recursive: true, force: true });
    for (const file of files) await writeNew(join(staging, ...file.path.split('/')), file.bytes);
    await mkdir(staging, { recursive: true });
    await fsyncDirectory(staging);

    const present = (await readdir(dataDir)).filter((name) => name !== basename(lock.path));
    let replacedDir: string | null = null;
    if (present.length > 0) {
      await mkdir(aside, { recursive: true });
      for (const name of present) await move(join(dataDir, name), join(aside, name));
      replacedDir = aside;
    }
    for (const name of await readdir(staging)) {
      await move(join(staging, name), join(dataDir, name));
    }
    await rm(staging, { recursive: true, force: true });
    await fsyncDirectory(dataDir);
    return { manifest, replacedDir };
  } finally {
    await lock.release();
  }
}
