// Encryption at rest (issue 15 point 2, docs/encryption.md): the settings form turns it on and every state
// file of DATA_DIR holds no plain text of a message; off again, they are plain JSON; a restart with the key
// reads everything; without the key, or with another one, Kiri refuses to start and changes nothing; a
// kill in the middle of the migration is finished by the next start.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_MAGIC, LINE_PREFIX, parseDataKey } from '../../server/store/at-rest';
import { stateFilesOf } from '../../server/store/at-rest-migration';
import { closeStores, openStores } from '../../server/store/stores';
import {
  cleanUpChatApps,
  fakeCompanion,
  logOf,
  ownerChat,
  startChatApp,
} from './support/chat-harness';
import { expectError, type TestApp, type TestBrowser } from './support/harness';

afterEach(cleanUpChatApps);

const KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 9).toString('base64');
const SECRET = 'pomegranate';

type FileFormat = 'plain' | 'encrypted' | 'mixed' | 'empty';

/** Each state file's format on disk: a whole file by its header, a journal by its lines. */
async function formats(dataDir: string): Promise<Record<string, FileFormat>> {
  const found: Record<string, FileFormat> = {};
  for (const path of await stateFilesOf(dataDir)) {
    const bytes = await readFile(path);
    const name = path.slice(dataDir.length + 1);
    if (bytes.length === 0) {
      found[name] = 'empty';
    } else if (path.endsWith('.journal')) {
      const lines = bytes.toString('utf8').split('\n').filter(Boolean);
      const sealed = lines.filter((line) => line.startsWith(LINE_PREFIX)).length;
      found[name] = sealed === lines.length ? 'encrypted' : sealed === 0 ? 'plain' : 'mixed';
    } else {
      found[name] = bytes.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC) ? 'encrypted' : 'plain';
    }
  }
  return found;
}

/** Every state file's bytes together: what a person reading DATA_DIR would see. */
async function allBytes(dataDir: string): Promise<string> {
  const paths = await stateFilesOf(dataDir);
  return (await Promise.all(paths.map((path) => readFile(path, 'latin1')))).join('\n');
}

async function setEncryption(browser: TestBrowser, on: boolean): Promise<number> {
  const response = await browser.post('/api/hybrid-protocol-config', { encryptionEnabled: on });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as {
    status: { config: { encryptionEnabled: boolean } };
    rewrittenFiles: number;
  };
  expect(body.status.config.encryptionEnabled).toBe(on);
  return body.rewrittenFiles;
}

/** A chat with a message, a memory and a memory snapshot: every kind of state file there is. */
async function chatWithSecrets(env: Record<string, string> = { DATA_KEY: KEY }) {
  const chat = await ownerChat({ companion: fakeCompanion(), env });
  const { owner, setup } = chat;
  expect(
    (await owner.post('/api/chat', { message: `my secret fruit is ${SECRET}`, history: [] }))
      .status,
  ).toBe(200);
  expect(
    (await owner.post('/api/chat', { message: 'remember that my cat is called Miso', history: [] }))
      .status,
  ).toBe(200);
  await setup.app.services.lattice.snapshot('manual');
  expect(await allBytes(setup.dataDir)).toContain(SECRET);
  return chat;
}

/** The same DATA_DIR opened again by a new app, with the owner's session cookie carried over. */
async function restart(setup: TestApp, owner: TestBrowser, env: Record<string, string>) {
  await setup.app.stopBackground();
  await closeStores(setup.stores);
  const again = await startChatApp({ dataDir: setup.dataDir, companion: fakeCompanion(), env });
  const browser = again.browser();
  for (const [name, value] of owner.cookies) browser.cookies.set(name, value);
  return { again, browser };
}

describe('encryption at rest', () => {
  it('on: no state file holds a message in plain text, new writes are sealed too; off: plain JSON again', async () => {
    const { setup, owner } = await chatWithSecrets();
    expect(Object.values(await formats(setup.dataDir))).not.toContain('encrypted');

    expect(await setEncryption(owner, true)).toBeGreaterThan(5);
    const sealed = await formats(setup.dataDir);
    expect(sealed['conversations.json']).toBe('encrypted');
    expect(sealed['memory.json']).toBe('encrypted');
    expect(sealed['hybrid-protocol.json']).toBe('encrypted');
    expect(Object.keys(sealed).some((name) => name.startsWith('memory-snapshots/'))).toBe(true);
    expect(
      Object.values(sealed).filter((format) => format === 'plain' || format === 'mixed'),
    ).toEqual([]);
    expect(await allBytes(setup.dataDir)).not.toContain(SECRET);
    expect(await allBytes(setup.dataDir)).not.toContain('Miso');

    // A message written after: appended to the journal sealed, and read back.
    await owner.post('/api/chat', { message: 'my favourite dessert is tiramisu', history: [] });
    expect(await allBytes(setup.dataDir)).not.toContain('tiramisu');
    expect((await logOf(owner)).map((entry) => entry.message)).toEqual(
      expect.arrayContaining([`my secret fruit is ${SECRET}`, 'my favourite dessert is tiramisu']),
    );
    // The memory snapshot's recorded hash is of its JSON: still whole when encrypted.
    setup.app.services.lattice.recheck();
    expect(await setup.app.services.lattice.verifyNewestSnapshot()).toBe(true);

    expect(await setEncryption(owner, false)).toBeGreaterThan(5);
    const plain = await formats(setup.dataDir);
    expect(
      Object.values(plain).filter((format) => format === 'encrypted' || format === 'mixed'),
    ).toEqual([]);
    const conversations = await readFile(join(setup.dataDir, 'conversations.json'), 'utf8');
    const journal = await readFile(join(setup.dataDir, 'conversations.json.journal'), 'utf8');
    expect(`${conversations}${journal}`).toContain(SECRET);
    expect(`${conversations}${journal}`).toContain('tiramisu');
    expect(() => JSON.parse(conversations) as unknown).not.toThrow();
  });

  it('a restart with the key reads everything; the maintenance scan finds every file whole', async () => {
    const { setup, owner } = await chatWithSecrets();
    await setEncryption(owner, true);
    const { again, browser } = await restart(setup, owner, { DATA_KEY: KEY });
    expect((await logOf(browser)).map((entry) => entry.message)).toContain(
      `my secret fruit is ${SECRET}`,
    );
    const status = await browser.request('/api/hybrid-protocol-status');
    expect(
      ((await status.json()) as { config: { encryptionEnabled: boolean } }).config,
    ).toMatchObject({ encryptionEnabled: true });
    const report = await again.app.services.devcore.scan('manual');
    expect(report.files.filter((file) => !file.ok)).toEqual([]);
    expect(await allBytes(again.dataDir)).not.toContain(SECRET);
  });

  it('without DATA_KEY, or with another key, Kiri refuses to start and changes no byte', async () => {
    const { setup, owner } = await chatWithSecrets();
    await setEncryption(owner, true);
    await setup.app.stopBackground();
    await closeStores(setup.stores);
    const before = await allBytes(setup.dataDir);

    await expect(openStores(setup.dataDir)).rejects.toThrow(
      /is encrypted, but DATA_KEY is not set\. Set DATA_KEY to the key it was encrypted with/,
    );
    await expect(openStores(setup.dataDir, { dataKey: parseDataKey(OTHER_KEY) })).rejects.toThrow(
      /was encrypted with another key than DATA_KEY/,
    );
    expect(await allBytes(setup.dataDir)).toBe(before);
  });

  it('turning it on without DATA_KEY is refused with a clear error, and nothing is rewritten', async () => {
    const { setup, owner } = await chatWithSecrets({});
    const before = await allBytes(setup.dataDir);
    const response = await owner.post('/api/hybrid-protocol-config', { encryptionEnabled: true });
    await expectError(response, 409, /Encryption at rest needs a key: set DATA_KEY/);
    expect(await allBytes(setup.dataDir)).toBe(before);
    const status = await owner.request('/api/hybrid-protocol-status');
    expect(
      ((await status.json()) as { config: { encryptionEnabled: boolean } }).config,
    ).toMatchObject({ encryptionEnabled: false });
  });

  it('a kill in the middle of the migration leaves every file readable, and the next start finishes it', async () => {
    const { setup } = await chatWithSecrets();
    await setup.app.stopBackground();
    await closeStores(setup.stores);

    const script = resolve('tests/server/support/migrate-and-die.ts');
    const exit = await new Promise<{ signal: NodeJS.Signals | null; stdout: string }>((done) => {
      // Node itself, with tsx's loader: the signal that ends the child is the one it sent itself.
      execFile(
        process.execPath,
        ['--import', 'tsx', script, setup.dataDir, KEY, '2'],
        { timeout: 120_000 },
        (error, stdout) => {
          done({ signal: (error as { signal?: NodeJS.Signals } | null)?.signal ?? null, stdout });
        },
      );
    });
    expect(exit).toEqual({ signal: 'SIGKILL', stdout: '' });
    // Cut short: the setting and some files are sealed, others still plain.
    const cut = await formats(setup.dataDir);
    expect(cut['hybrid-protocol.json']).toBe('encrypted');
    expect(Object.values(cut)).toContain('encrypted');
    expect(Object.values(cut)).toContain('plain');

    const again = await startChatApp({
      dataDir: setup.dataDir,
      companion: fakeCompanion(),
      env: { DATA_KEY: KEY },
    });
    const finished = await formats(again.dataDir);
    expect(
      Object.values(finished).filter((format) => format === 'plain' || format === 'mixed'),
    ).toEqual([]);
    expect(await allBytes(again.dataDir)).not.toContain(SECRET);
    const owner = again.stores.conversations.data;
    expect(JSON.stringify(owner)).toContain(SECRET);
  }, 150_000);
});
