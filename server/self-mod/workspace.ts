// The self-mod workspace (spec 001 §5 create_file): one folder, DATA_DIR/workspace, the only place a
// command may write. A name is a plain file name (no path, no `..`, not absolute, not hidden); the folder
// itself and the file must not be symlinks; sizes and counts are capped. Nothing is written on a refusal.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, realpath, rename, rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import {
  MAX_WORKSPACE_BYTES,
  MAX_WORKSPACE_FILE_BYTES,
  MAX_WORKSPACE_FILES,
  MAX_WORKSPACE_NAME_CHARS,
} from '../../src/domain/self-mod';
import { HttpError } from '../http/errors';

export const WORKSPACE_FOLDER = 'workspace';

/** A plain name: letters, digits, '.', '_', '-' and spaces inside, starting with a letter or digit. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]*$/;

/** Rule 'workspace file name': why `name` may not be written, or null when it may. */
export function workspaceNameProblem(name: string): string | null {
  if (name === '') return 'filename is required';
  if (name.includes('\0')) return 'filename must not contain a NUL character';
  if (name.includes('/') || name.includes('\\') || isAbsolute(name)) {
    return `filename must be a file name, not a path: ${JSON.stringify(name)} is refused`;
  }
  if (name === '.' || name === '..' || name.includes('..')) {
    return `filename must not contain '..': ${JSON.stringify(name)} is refused`;
  }
  if (name.length > MAX_WORKSPACE_NAME_CHARS) {
    return `filename may have at most ${MAX_WORKSPACE_NAME_CHARS} characters`;
  }
  if (!PLAIN_NAME.test(name) || name.endsWith(' ') || name.endsWith('.')) {
    return 'filename may hold letters, digits, spaces, dots, dashes and underscores, and must start with a letter or digit';
  }
  return null;
}

export interface WrittenFile {
  name: string;
  bytes: number;
  /** A file of that name was there and is replaced. */
  replaced: boolean;
}

async function lstatOrNull(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export class Workspace {
  readonly path: string;
  private queue: Promise<unknown> = Promise.resolve();

  /** `folderName`: another confined folder of DATA_DIR with the same rules (server/scanbot uses 'scanbot'). */
  constructor(
    private readonly dataDir: string,
    private readonly folderName: string = WORKSPACE_FOLDER,
  ) {
    this.path = join(dataDir, folderName);
  }

  /** The folder's real path, made when missing; refused when it is a symlink or leads out of DATA_DIR. */
  private async folder(): Promise<string> {
    const dataReal = await realpath(this.dataDir);
    const expected = join(dataReal, this.folderName);
    const info = await lstatOrNull(this.path);
    if (info === null) await mkdir(this.path, { mode: 0o700 });
    else if (info.isSymbolicLink() || !info.isDirectory()) {
      throw new HttpError(
        400,
        'The workspace folder is not a plain folder inside DATA_DIR: refused',
      );
    }
    const real = await realpath(this.path);
    if (real !== expected) {
      throw new HttpError(400, 'The workspace folder leads outside DATA_DIR: refused');
    }
    return real;
  }

  /** Makes the folder when missing (refused as write() refuses it) and answers its real path. */
  ensureFolder(): Promise<string> {
    return this.folder();
  }

  /**
   * What is at `name` now, never following a link: a plain file with content, an empty one, nothing, or
   * something that is not a plain file (a symlink, a folder), which is never read or written through.
   */
  async inspect(name: string): Promise<'file' | 'empty' | 'missing' | 'not-a-file'> {
    if (workspaceNameProblem(name) !== null) return 'not-a-file';
    const folder = await lstatOrNull(this.path);
    if (folder === null) return 'missing';
    if (folder.isSymbolicLink() || !folder.isDirectory()) return 'not-a-file';
    const info = await lstatOrNull(join(this.path, name));
    if (info === null) return 'missing';
    if (!info.isFile()) return 'not-a-file';
    return info.size === 0 ? 'empty' : 'file';
  }

  /** The workspace's files (plain files only), with their sizes. */
  async files(): Promise<{ name: string; bytes: number }[]> {
    const info = await lstatOrNull(this.path);
    if (info === null || !info.isDirectory()) return [];
    const out: { name: string; bytes: number }[] = [];
    for (const entry of await readdir(this.path, { withFileTypes: true })) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const stats = await lstatOrNull(join(this.path, entry.name));
      if (stats?.isFile()) out.push({ name: entry.name, bytes: stats.size });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Writes `content` as `name`, one write at a time (the caps are checked against what is there). */
  write(name: string, content: string): Promise<WrittenFile> {
    const run = this.queue.then(() => this.writeNow(name, content));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async writeNow(name: string, content: string): Promise<WrittenFile> {
    const problem = workspaceNameProblem(name);
    if (problem) throw new HttpError(400, problem);
    const data = Buffer.from(content, 'utf8');
    if (data.length > MAX_WORKSPACE_FILE_BYTES) {
      throw new HttpError(413, `content may have at most ${MAX_WORKSPACE_FILE_BYTES / 1024} KB`);
    }
    const root = await this.folder();
    const target = join(root, name);
    const existing = await lstatOrNull(target);
    if (existing?.isSymbolicLink()) {
      throw new HttpError(400, `${name} is a symbolic link in the workspace: refused`);
    }
    if (existing && !existing.isFile()) throw new HttpError(400, `${name} is not a file: refused`);
    const others = (await this.files()).filter((file) => file.name !== name);
    if (others.length >= MAX_WORKSPACE_FILES) {
      throw new HttpError(413, `The workspace holds at most ${MAX_WORKSPACE_FILES} files`);
    }
    const used = others.reduce((sum, file) => sum + file.bytes, 0);
    if (used + data.length > MAX_WORKSPACE_BYTES) {
      throw new HttpError(
        413,
        `The workspace holds at most ${MAX_WORKSPACE_BYTES / 1024 / 1024} MB in all`,
      );
    }
    // A fresh temp file (O_EXCL: never through a link), synced, then renamed over the name: a symlink
    // put there meanwhile is replaced itself, its target never written.
    const temp = join(root, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { name, bytes: data.length, replaced: existing !== null };
  }
}
