// The at-rest format (server/store/at-rest.ts, docs/encryption.md): a file is plaintext JSON or the header
// plus AES-256-GCM ciphertext; readers take both; the key never shows in logs or JSON.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configureAtRest,
  DataKeyError,
  decodeFile,
  decodeLine,
  encodeFile,
  encodeLines,
  FILE_MAGIC,
  LINE_PREFIX,
  parseDataKey,
  setEncryptWrites,
} from '../../server/store/at-rest';
import { CorruptStoreFileError } from '../../server/store/atomic-json-file';
import { loadConfig } from '../../server/config';

const KEY_TEXT = Buffer.alloc(32, 3).toString('base64');
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiri-at-rest-'));
  file = join(dir, 'conversations.json');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('DATA_KEY', () => {
  it('is 32 bytes in base64; anything else is refused without echoing it', () => {
    expect(parseDataKey(KEY_TEXT)).not.toBeNull();
    expect(parseDataKey('correct horse battery staple')).toBeNull();
    expect(parseDataKey(Buffer.alloc(16).toString('base64'))).toBeNull();
    expect(() => loadConfig({ DATA_KEY: 'my-secret-passphrase' })).toThrow(
      /DATA_KEY must be 32 random bytes in base64/,
    );
    expect(() => loadConfig({ DATA_KEY: 'my-secret-passphrase' })).not.toThrow(/my-secret/);
  });

  it('never shows its bytes in JSON, logs or inspect', () => {
    const config = loadConfig({ DATA_KEY: KEY_TEXT });
    expect(JSON.stringify(config)).not.toContain(KEY_TEXT);
    expect(inspect(config)).not.toContain(KEY_TEXT);
    expect(inspect(config, { showHidden: true })).not.toContain(KEY_TEXT);
  });
});

describe('the format', () => {
  it('writes plaintext until told, then sealed files and lines that read back', () => {
    configureAtRest(dir, parseDataKey(KEY_TEXT));
    expect(encodeFile(file, '{"a":1}\n')).toBe('{"a":1}\n');
    setEncryptWrites(dir, true);
    const sealed = encodeFile(file, '{"secret":"plum"}\n') as Buffer;
    expect(sealed.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)).toBe(true);
    expect(sealed.toString('latin1')).not.toContain('plum');
    expect(decodeFile(file, sealed)).toBe('{"secret":"plum"}\n');
    // Two writes of the same text differ (a fresh IV each time).
    expect((encodeFile(file, '{"secret":"plum"}\n') as Buffer).equals(sealed)).toBe(false);

    const lines = encodeLines(`${file}.journal`, '{"seq":1}\n{"seq":2}\n');
    const [first, second] = lines.split('\n');
    expect(first!.startsWith(LINE_PREFIX)).toBe(true);
    expect(decodeLine(`${file}.journal`, first!)).toBe('{"seq":1}');
    expect(decodeLine(`${file}.journal`, second!)).toBe('{"seq":2}');
    // Plaintext is read whatever the setting.
    expect(decodeFile(file, Buffer.from('{"b":2}'))).toBe('{"b":2}');
    expect(decodeLine(`${file}.journal`, '{"seq":3}')).toBe('{"seq":3}');
  });

  it('a changed byte is damage; no key or another key is a DataKeyError naming the file', () => {
    configureAtRest(dir, parseDataKey(KEY_TEXT));
    setEncryptWrites(dir, true);
    const sealed = encodeFile(file, '{"x":1}') as Buffer;
    const damaged = Buffer.from(sealed);
    damaged[damaged.length - 1] = damaged.at(-1)! ^ 1;
    expect(() => decodeFile(file, damaged)).toThrow(CorruptStoreFileError);

    configureAtRest(dir, null);
    expect(() => decodeFile(file, sealed)).toThrow(DataKeyError);
    expect(() => decodeFile(file, sealed)).toThrow(`${file} is encrypted, but DATA_KEY is not set`);
    configureAtRest(dir, parseDataKey(Buffer.alloc(32, 4).toString('base64')));
    expect(() => decodeFile(file, sealed)).toThrow(/was encrypted with another key than DATA_KEY/);
  });

  it('refuses to encrypt without a key', () => {
    configureAtRest(dir, null);
    expect(() => setEncryptWrites(dir, true)).toThrow(/Encryption at rest needs a key/);
  });
});
