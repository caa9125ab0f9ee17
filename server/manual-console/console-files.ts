// The manual console's uploaded files (issue 17 point 5): plain files in DATA_DIR/console-files, one per
// name, so the card survives a reload and a restart. The names are checked by file-names.ts before any
// path is built; on top of that every read and write refuses what is not a regular file (a symlink
// planted in the folder cannot lead a read or a write elsewhere), and a write goes to a temp file that is
// fsynced and renamed into place, so a crash never leaves half a file under the name.
import { constants, lstatSync, readdirSync } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { HttpError } from '../http/errors';
import { fileNameProblem } from './file-names';

export const CONSOLE_FILES_DIR = 'console-files';
export const FILE_NOT_FOUND = 'File not found';

export interface ConsoleFileInfo {
  fileName: string;
  /** Bytes. */
  fileSize: number;
  fileType: string;
  /** Milliseconds since the epoch (the file's modification time). */
  uploadedAt: number;
}

/** The type a browser sends is only a hint: what is stored is named by its extension. */
export function fileTypeOf(fileName: string, declared: string | undefined): string {
  return declared && declared.length <= 100 ? declared : 'text/plain';
}

export class ConsoleFiles {
  readonly dir: string;
  /** Declared types of this run (the folder keeps bytes only; after a restart the type is the default). */
  private readonly types = new Map<string, string>();

  constructor(dataDir: string) {
    this.dir = join(dataDir, CONSOLE_FILES_DIR);
  }

  /** The path of a checked name; throws 400 for any name that is not one plain accepted file name. */
  pathOf(fileName: string): string {
    const problem = fileNameProblem(fileName);
    if (problem !== null) throw new HttpError(400, problem);
    return join(this.dir, fileName);
  }

  /** Lstat of an existing entry: null when absent; 400 when it is not a regular file (a symlink, a folder). */
  private async regular(path: string): Promise<{ size: number; mtimeMs: number } | null> {
    const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (info === null) return null;
    if (!info.isFile()) throw new HttpError(400, 'Invalid file name');
    return info;
  }

  async save(fileName: string, bytes: Buffer, declaredType?: string): Promise<ConsoleFileInfo> {
    const path = this.pathOf(fileName);
    await mkdir(this.dir, { recursive: true });
    await this.regular(path);
    const temp = join(this.dir, `.upload-${randomUUID()}`);
    // O_EXCL | O_NOFOLLOW: a fresh file of our own, never one somebody linked in under the temp name.
    const handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // rename replaces the directory entry itself: it never writes through a link at the name.
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const type = fileTypeOf(fileName, declaredType);
    this.types.set(fileName, type);
    return { fileName, fileSize: bytes.length, fileType: type, uploadedAt: Date.now() };
  }

  async read(fileName: string): Promise<Buffer> {
    const path = this.pathOf(fileName);
    if ((await this.regular(path)) === null) throw new HttpError(404, FILE_NOT_FOUND);
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
      (error: NodeJS.ErrnoException) => {
        // Swapped for a link between the check and the open.
        if (error.code === 'ELOOP') throw new HttpError(400, 'Invalid file name');
        if (error.code === 'ENOENT') throw new HttpError(404, FILE_NOT_FOUND);
        throw error;
      },
    );
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async remove(fileName: string): Promise<void> {
    const path = this.pathOf(fileName);
    if ((await this.regular(path)) === null) throw new HttpError(404, FILE_NOT_FOUND);
    await rm(path);
    this.types.delete(fileName);
  }

  /** Every uploaded file, newest first (temp files and anything not a plain accepted file left out). */
  async list(): Promise<ConsoleFileInfo[]> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const files: ConsoleFileInfo[] = [];
    for (const name of names) {
      if (fileNameProblem(name) !== null) continue;
      const info = await lstat(join(this.dir, name)).catch(() => null);
      if (!info?.isFile()) continue;
      files.push({
        fileName: name,
        fileSize: info.size,
        fileType: this.types.get(name) ?? 'text/plain',
        uploadedAt: Math.round(info.mtimeMs),
      });
    }
    return files.sort(
      (a, b) => b.uploadedAt - a.uploadedAt || a.fileName.localeCompare(b.fileName),
    );
  }

  /**
   * For the console status's uploaded_files count (server/system-tree/manual-console.ts, whose source is
   * synchronous): the folder holds at most the files one person uploaded, so a sync read is short.
   */
  countNow(): number {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return 0;
    }
    return names.filter((name) => {
      if (fileNameProblem(name) !== null) return false;
      try {
        return lstatSync(join(this.dir, name)).isFile();
      } catch {
        return false;
      }
    }).length;
  }
}
