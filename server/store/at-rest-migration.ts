// Moves every state file of a DATA_DIR to the at-rest format now set (docs/encryption.md "Migration"):
// each file is rewritten whole and atomically (temp, fsync, rename), so a kill between two files leaves
// some in each format, all readable; the next start sees the stored setting and finishes the work.
import { open, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readStoreText, writeFileDurably } from './atomic-json-file';
import { decodeLine, inWrittenFormat, openStoresOf, setEncryptWrites } from './at-rest';
import { JOURNAL_SUFFIX } from './journal';

/** DATA_DIR's files that hold state: store files, their journals, migration backups, memory snapshots. */
function isStateFile(name: string): boolean {
  // A temp file of a write cut short is never the data (atomic-json-file.ts removes them at open).
  if (name.startsWith('.') && name.endsWith('.tmp')) return false;
  return name.endsWith('.json') || name.endsWith(JOURNAL_SUFFIX) || /\.json\.v\d+\.bak$/.test(name);
}

/** Every state file under the folder (photos and other binaries are not JSON: not listed). */
export async function stateFilesOf(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && isStateFile(entry.name)) found.push(path);
    }
  };
  await walk(dataDir);
  return found.sort();
}

async function readIfThere(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Only the first bytes of a whole file are needed to know its format. */
async function headOf(path: string): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function isInWrittenFormat(path: string): Promise<boolean> {
  const isJournal = path.endsWith(JOURNAL_SUFFIX);
  const bytes = isJournal ? await readIfThere(path) : await headOf(path);
  return bytes === null || inWrittenFormat(path, bytes, isJournal);
}

/** A file no open store holds: decoded and written again whole, in the format now set. */
async function rewriteLoose(path: string): Promise<void> {
  if (path.endsWith(JOURNAL_SUFFIX)) {
    const text = (await readIfThere(path))?.toString('utf8') ?? '';
    // A last line without its newline was cut short before it was acknowledged: readers skip it too.
    const lines = text.split('\n').slice(0, -1);
    const plain = lines.map((line) => `${decodeLine(path, line)}\n`).join('');
    await writeFileDurably(path, plain, 'journal');
    return;
  }
  const text = await readStoreText(path);
  if (text !== null) await writeFileDurably(path, text, 'file');
}

export interface MigrationResult {
  /** Files written again (absolute paths). */
  rewritten: string[];
}

export interface MigrationHooks {
  /** After each file is on disk in its new format (the kill test stops the process here). */
  afterFile?: (path: string) => void | Promise<void>;
}

/**
 * Sets the folder's write format and rewrites every state file not yet in it: the open stores through
 * their own compaction (they hold their journal open), every other state file directly. Throws
 * EncryptionKeyMissingError when asked to encrypt without a key, before anything is written.
 */
export async function migrateAtRest(
  dataDirPath: string,
  encrypt: boolean,
  hooks: MigrationHooks = {},
): Promise<MigrationResult> {
  const dataDir = resolve(dataDirPath);
  setEncryptWrites(dataDir, encrypt);
  const rewritten: string[] = [];
  const owned = new Set<string>();
  for (const store of openStoresOf(dataDir)) {
    const paths = store.journaled ? [store.path, `${store.path}${JOURNAL_SUFFIX}`] : [store.path];
    for (const path of paths) owned.add(path);
    const wrong = await Promise.all(paths.map(async (path) => !(await isInWrittenFormat(path))));
    if (!wrong.some(Boolean)) continue;
    await store.rewrite();
    rewritten.push(store.path);
    await hooks.afterFile?.(store.path);
  }
  for (const path of await stateFilesOf(dataDir)) {
    if (owned.has(path) || (await isInWrittenFormat(path))) continue;
    await rewriteLoose(path);
    rewritten.push(path);
    await hooks.afterFile?.(path);
  }
  return { rewritten };
}
