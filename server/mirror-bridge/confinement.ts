// The watch folder's fence: the bridge reads a file only when its real path (every symlink resolved) is a
// regular file directly inside the watch folder's real path. A `..`, an absolute path elsewhere and a
// symlink leading out are refused before a byte is read; the read itself opens the resolved path with
// O_NOFOLLOW and checks it is still the file that was checked.
import { constants } from 'node:fs';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** Larger files are refused: an export of years of chat is a few MB. */
export const MAX_EXPORT_BYTES = 5 * 1024 * 1024;

export type Confined = { ok: true; realPath: string; name: string } | { ok: false; reason: string };

export const OUTSIDE_WATCH_FOLDER = 'outside the watch folder';

/** Rule 'confined': is `relativeTo` (a real path) the parent of `realPath`, with nothing in between? */
export function isDirectlyInside(rootReal: string, realPath: string): boolean {
  const rel = relative(rootReal, realPath);
  return (
    rel !== '' &&
    !rel.startsWith('..') &&
    !isAbsolute(rel) &&
    !rel.includes(sep) &&
    dirname(realPath) === rootReal
  );
}

/**
 * Where `candidate` (absolute, or relative to the watch folder) really is, if the bridge may read it.
 * `rootReal` is the watch folder's real path (realpath once at start).
 */
export async function confine(rootReal: string, candidate: string): Promise<Confined> {
  const asked = resolve(rootReal, candidate);
  if (!isDirectlyInside(rootReal, asked)) return { ok: false, reason: OUTSIDE_WATCH_FOLDER };
  let real: string;
  try {
    real = await realpath(asked);
  } catch {
    return { ok: false, reason: 'the file is gone' };
  }
  // A symlink whose target is outside (or in a subfolder) is refused: its target is what would be read.
  if (!isDirectlyInside(rootReal, real)) return { ok: false, reason: OUTSIDE_WATCH_FOLDER };
  const info = await stat(real).catch(() => null);
  if (!info?.isFile()) return { ok: false, reason: 'not a regular file' };
  if (info.size > MAX_EXPORT_BYTES) {
    return { ok: false, reason: `larger than ${MAX_EXPORT_BYTES / 1024 / 1024} MB` };
  }
  return { ok: true, realPath: real, name: basename(asked) };
}

/**
 * Reads a confined file. O_NOFOLLOW refuses a symlink swapped in after the check; the inode must be the
 * one confine() looked at.
 */
export async function readConfined(
  rootReal: string,
  confined: { realPath: string },
): Promise<Buffer> {
  const before = await lstat(confined.realPath);
  if (!before.isFile() || !isDirectlyInside(rootReal, confined.realPath)) {
    throw new Error(OUTSIDE_WATCH_FOLDER);
  }
  const handle = await open(confined.realPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const info = await handle.stat();
    if (info.ino !== before.ino || info.dev !== before.dev)
      throw new Error('the file changed while read');
    if (info.size > MAX_EXPORT_BYTES)
      throw new Error(`larger than ${MAX_EXPORT_BYTES / 1024 / 1024} MB`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
