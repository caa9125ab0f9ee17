// Encryption at rest of DATA_DIR's state files (docs/encryption.md). A file is either plaintext JSON or
// this format, so a byte copy of a file is always a valid copy of it:
//
//   whole file:   "KIRIENC" | version (1 byte) | key id (4) | IV (12) | GCM tag (16) | ciphertext
//   journal line: "KIRIENC1:" base64(key id | IV | tag | ciphertext) "\n"
//
// AES-256-GCM (node:crypto) with a fresh random IV per write; the header's first 12 bytes (magic, version,
// key id) are authenticated as associated data. The key comes from DATA_KEY (server/config.ts) and is never
// written to DATA_DIR. Readers take both formats always, so a start in the middle of a migration reads
// every file; writers use the format set for their DATA_DIR (setEncryptWrites), which openStores takes from
// the stored hybrid-protocol setting.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { resolve, sep } from 'node:path';
import { CorruptStoreFileError } from './atomic-json-file';

export const FILE_MAGIC = Buffer.from('KIRIENC', 'ascii');
export const FORMAT_VERSION = 1;
export const LINE_PREFIX = `KIRIENC${FORMAT_VERSION}:`;
const KEY_ID_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX_BYTES = FILE_MAGIC.length + 1 + KEY_ID_BYTES;
export const HEADER_BYTES = PREFIX_BYTES + IV_BYTES + TAG_BYTES;
export const KEY_BYTES = 32;

/** The key, kept out of logs and JSON: printing a Config or a DataKey never shows the bytes. */
export class DataKey {
  readonly #bytes: Buffer;
  /** Names the key in each file's header (a hash, not the key), so a wrong key is told from damage. */
  readonly id: Buffer;

  constructor(bytes: Buffer) {
    if (bytes.length !== KEY_BYTES) throw new Error(`a data key is ${KEY_BYTES} bytes`);
    this.#bytes = Buffer.from(bytes);
    this.id = createHash('sha256')
      .update('kiri data key id\0')
      .update(bytes)
      .digest()
      .subarray(0, KEY_ID_BYTES);
  }

  /** For the cipher only. */
  bytes(): Buffer {
    return this.#bytes;
  }

  toJSON(): string {
    return '[data key]';
  }

  toString(): string {
    return '[data key]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[data key]';
  }
}

/** DATA_KEY's text: standard base64 of exactly 32 bytes (`openssl rand -base64 32`), or null. */
export function parseDataKey(text: string): DataKey | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === KEY_BYTES ? new DataKey(bytes) : null;
}

/** A file or line is encrypted, but this Kiri has no key (or another one): said plainly, never overwritten. */
export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyError';
  }
}

export const KEY_MISSING_HINT =
  'Set DATA_KEY to the key it was encrypted with (32 bytes in base64); Kiri does not start without it ' +
  'and never overwrites an encrypted file.';

function keyMissing(path: string): DataKeyError {
  return new DataKeyError(`${path} is encrypted, but DATA_KEY is not set. ${KEY_MISSING_HINT}`);
}

function wrongKey(path: string): DataKeyError {
  return new DataKeyError(
    `${path} was encrypted with another key than DATA_KEY. Set DATA_KEY to the key it was encrypted ` +
      'with; Kiri does not start without it and never overwrites an encrypted file.',
  );
}

// ---- the per-DATA_DIR setting ----

/** A store open on a DATA_DIR, which a migration rewrites through the store itself (its open journal). */
export interface OpenStoreFile {
  /** The store's JSON file; its journal is `${path}.journal` when it has one. */
  readonly path: string;
  readonly journaled: boolean;
  /** Writes the file (and journal) again in the format now set for the folder. */
  rewrite(): Promise<void>;
}

interface AtRestState {
  key: DataKey | null;
  encrypt: boolean;
  readonly stores: Set<OpenStoreFile>;
}

const states = new Map<string, AtRestState>();

/**
 * Sets the key for a DATA_DIR (absolute) as its stores open; writes are plaintext until setEncryptWrites.
 * Opening a folder again (a restart in tests) forgets the stores of the previous opening: they no longer
 * own its files (one process holds the folder's lock).
 */
export function configureAtRest(dataDir: string, key: DataKey | null): void {
  states.set(resolve(dataDir), { key, encrypt: false, stores: new Set() });
}

/** The state of the DATA_DIR a path lies in (the longest configured folder holding it), or null. */
function stateOf(path: string): AtRestState | null {
  let found: { dir: string; state: AtRestState } | null = null;
  for (const [dir, state] of states) {
    if ((path === dir || path.startsWith(dir + sep)) && (!found || dir.length > found.dir.length)) {
      found = { dir, state };
    }
  }
  return found?.state ?? null;
}

export function hasDataKey(dataDir: string): boolean {
  return Boolean(states.get(resolve(dataDir))?.key);
}

export function isEncryptingWrites(dataDir: string): boolean {
  return states.get(resolve(dataDir))?.encrypt ?? false;
}

/** From now on, files of this DATA_DIR are written encrypted (or plaintext). Refused without a key. */
export function setEncryptWrites(dataDir: string, encrypt: boolean): void {
  const state = states.get(resolve(dataDir));
  if (!state) throw new Error(`${dataDir} has no at-rest setting: open its stores first`);
  if (encrypt && !state.key) throw new EncryptionKeyMissingError();
  state.encrypt = encrypt;
}

export class EncryptionKeyMissingError extends Error {
  constructor() {
    super(
      'Encryption at rest needs a key: set DATA_KEY to 32 random bytes in base64 ' +
        '(openssl rand -base64 32) and restart Kiri',
    );
    this.name = 'EncryptionKeyMissingError';
  }
}

export function registerOpenStore(file: OpenStoreFile): () => void {
  const state = stateOf(file.path);
  if (!state) return () => {};
  state.stores.add(file);
  return () => {
    state.stores.delete(file);
  };
}

export function openStoresOf(dataDir: string): OpenStoreFile[] {
  return [...(states.get(resolve(dataDir))?.stores ?? [])];
}

// ---- the cipher ----

function seal(key: DataKey, plain: Buffer): Buffer {
  const prefix = Buffer.concat([FILE_MAGIC, Buffer.from([FORMAT_VERSION]), key.id]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.bytes(), iv);
  cipher.setAAD(prefix);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([prefix, iv, cipher.getAuthTag(), body]);
}

function open(path: string, key: DataKey | null, sealed: Buffer): Buffer {
  if (sealed.length < HEADER_BYTES) {
    throw new CorruptStoreFileError(path, 'its encryption header is cut short');
  }
  const version = sealed[FILE_MAGIC.length];
  if (version !== FORMAT_VERSION) {
    throw new CorruptStoreFileError(
      path,
      `it is encrypted in format ${String(version)}, which this Kiri does not know`,
    );
  }
  if (!key) throw keyMissing(path);
  const keyId = sealed.subarray(FILE_MAGIC.length + 1, PREFIX_BYTES);
  if (!keyId.equals(key.id)) throw wrongKey(path);
  const iv = sealed.subarray(PREFIX_BYTES, PREFIX_BYTES + IV_BYTES);
  const tag = sealed.subarray(PREFIX_BYTES + IV_BYTES, HEADER_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key.bytes(), iv);
  decipher.setAAD(sealed.subarray(0, PREFIX_BYTES));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
  } catch {
    // The key's id matched, so the bytes themselves changed.
    throw new CorruptStoreFileError(path, 'its encrypted bytes were changed or cut short');
  }
}

/** Whether a whole file's bytes are in the encrypted format. */
export function isEncryptedFile(bytes: Buffer): boolean {
  return (
    bytes.length >= FILE_MAGIC.length && bytes.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)
  );
}

export function isEncryptedLine(line: string): boolean {
  return line.startsWith(LINE_PREFIX);
}

/** The text of a whole file as stored, in either format. */
export function decodeFile(path: string, bytes: Buffer): string {
  if (!isEncryptedFile(bytes)) return bytes.toString('utf8');
  return open(path, stateOf(path)?.key ?? null, bytes).toString('utf8');
}

/** What to write for a whole file's text: the text, or its sealed bytes when the folder encrypts. */
export function encodeFile(path: string, text: string): string | Buffer {
  const state = stateOf(path);
  if (!state?.encrypt || !state.key) return text;
  return seal(state.key, Buffer.from(text, 'utf8'));
}

/** One journal line as stored (without its newline), in either format, back to its JSON. */
export function decodeLine(path: string, line: string): string {
  if (!isEncryptedLine(line)) return line;
  const sealed = Buffer.from(line.slice(LINE_PREFIX.length), 'base64');
  const prefix = Buffer.concat([FILE_MAGIC, Buffer.from([FORMAT_VERSION])]);
  return open(path, stateOf(path)?.key ?? null, Buffer.concat([prefix, sealed])).toString('utf8');
}

/** Journal lines (each ending in "\n") as they are to be appended: as they are, or sealed one by one. */
export function encodeLines(path: string, text: string): string {
  const state = stateOf(path);
  if (!state?.encrypt || !state.key || text === '') return text;
  const key = state.key;
  const lines = text.split('\n');
  lines.pop(); // the text ends with "\n"
  return lines
    .map((line) => {
      const sealed = seal(key, Buffer.from(line, 'utf8'));
      return `${LINE_PREFIX}${sealed.subarray(FILE_MAGIC.length + 1).toString('base64')}\n`;
    })
    .join('');
}

/** Whether a file's bytes are in the format its folder writes now (whole file, or every journal line). */
export function inWrittenFormat(path: string, bytes: Buffer, isJournal: boolean): boolean {
  const encrypt = stateOf(path)?.encrypt ?? false;
  if (!isJournal) return bytes.length === 0 ? true : isEncryptedFile(bytes) === encrypt;
  const lines = bytes.toString('utf8').split('\n');
  return lines.every((line) => line === '' || isEncryptedLine(line) === encrypt);
}
