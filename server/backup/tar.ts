// A small ustar writer and reader (regular files only), so `npm run backup` needs no dependency and its
// archive opens with any tar (`tar -tzf kiri-backup-….tar.gz`). docs/backup.md.

const BLOCK = 512;

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

/** ustar keeps a path in `prefix` (155 bytes) and `name` (100 bytes), split at a '/'. */
function splitPath(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new TarFormatError(`The path ${path} is too long for a tar archive (ustar).`);
}

function writeText(header: Buffer, offset: number, length: number, text: string): void {
  header.write(text, offset, length, 'utf8');
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function headerOf(entry: TarEntry): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitPath(entry.path);
  writeText(header, 0, 100, name);
  writeOctal(header, 100, 8, 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.bytes.length);
  writeOctal(header, 136, 12, Math.max(0, Math.floor(entry.mtime)));
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  writeText(header, 345, 155, prefix);
  header.write(`${checksumOf(header).toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

/** The archive's bytes: each file's header and its bytes padded to 512, then two empty blocks. */
export function packTar(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(headerOf(entry), entry.bytes);
    const padding = (BLOCK - (entry.bytes.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number, what: string): number {
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`A file's ${what} is not a number.`);
  return Number.parseInt(text, 8);
}

/**
 * The files of an archive packTar wrote (or any ustar archive of regular files). A damaged header, a file
 * cut short or an entry that is not a regular file is an error: the archive is refused whole.
 */
export function unpackTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > archive.length) throw new TarFormatError('The archive ends too early.');
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    if (readOctal(header, 148, 8, 'checksum') !== checksumOf(header)) {
      throw new TarFormatError('A file header is damaged (its checksum does not match).');
    }
    const type = String.fromCharCode(header[156]!);
    const name = readText(header, 0, 100);
    const prefix = readText(header, 345, 155);
    const path = prefix ? `${prefix}/${name}` : name;
    if (type !== '0' && type !== '\0') {
      throw new TarFormatError(`${path} is not a regular file: a Kiri backup holds only files.`);
    }
    const size = readOctal(header, 124, 12, 'size');
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new TarFormatError(`${path} is cut short.`);
    entries.push({
      path,
      bytes: Buffer.from(archive.subarray(start, start + size)),
      mtime: readOctal(header, 136, 12, 'time'),
    });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
}
