// The backup's tar, written and read with `tar-stream` (v3, mafintosh/holepunch) from and into memory:
// the backup holds its consistent cut as Buffers, so no file is read twice and none is written until the
// archive is checked whole. The archive opens with any tar (`tar -tzf kiri-backup-….tar.gz`). Server
// only: nothing here reaches the client bundle. The library's errors are put in plain words here
// (TarFormatError), and only regular files are accepted. docs/backup.md.

import { extract, pack } from 'tar-stream';

export interface TarEntry {
  /** Relative, '/'-separated. */
  path: string;
  bytes: Buffer;
  /** Seconds since the epoch. */
  mtime: number;
}

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

/** The archive's bytes: every entry a regular file (mode 0600, uid and gid 0), in the given order. */
export async function packTar(entries: readonly TarEntry[]): Promise<Buffer> {
  const archive = pack();
  for (const entry of entries) {
    archive.entry(
      {
        name: entry.path,
        type: 'file',
        size: entry.bytes.length,
        mode: 0o600,
        uid: 0,
        gid: 0,
        mtime: new Date(Math.max(0, Math.floor(entry.mtime)) * 1000),
      },
      entry.bytes,
      (error) => {
        if (error) archive.destroy(error);
      },
    );
  }
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** tar-stream's error in the words a person restoring a backup can act on. */
function plainError(error: unknown, entryCutShort: string | null): TarFormatError {
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'Unexpected end of data') {
    return new TarFormatError(
      entryCutShort === null ? 'The archive ends too early.' : `${entryCutShort} is cut short.`,
    );
  }
  if (message.startsWith('Invalid tar header. Maybe the tar is corrupted')) {
    return new TarFormatError('A file header is damaged (its checksum does not match).');
  }
  if (message === 'Invalid tar header: unknown format.') {
    return new TarFormatError('A file header is not a ustar header.');
  }
  if (message === 'Invalid header' || message === 'Header exceeds max size') {
    return new TarFormatError('A file header is damaged.');
  }
  return new TarFormatError(`The archive is damaged (${message}).`);
}

/**
 * The files of an archive packTar wrote (or any tar of regular files). A damaged header, a file cut
 * short or an entry that is not a regular file is an error: the archive is refused whole.
 */
export async function unpackTar(archive: Buffer): Promise<TarEntry[]> {
  const reader = extract();
  reader.end(archive);
  const entries: TarEntry[] = [];
  let reading: string | null = null;
  try {
    for await (const entry of reader) {
      const { name, type, mtime } = entry.header;
      if (type !== 'file') {
        throw new TarFormatError(`${name} is not a regular file: a Kiri backup holds only files.`);
      }
      reading = name;
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
      reading = null;
      entries.push({
        path: name,
        bytes: Buffer.concat(chunks),
        mtime: Math.floor(mtime.getTime() / 1000),
      });
    }
  } catch (error) {
    if (error instanceof TarFormatError) throw error;
    throw plainError(error, reading);
  }
  return entries;
}
