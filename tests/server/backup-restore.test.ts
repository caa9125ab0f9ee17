// Issue 21 point 4 (docs/backup.md): `npm run backup` copies DATA_DIR while the server writes into it, as
// a cut between writes; `npm run restore` checks the archive whole, refuses while a server holds the
// folder, keeps the replaced files aside, and a server started on the restored folder answers the same.
import { execFileSync, spawn } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BackupError,
  backupFileName,
  isBackedUpName,
  isSafeRelativePath,
  passesAgree,
  restoreBackup,
  takeBackup,
  verifyBackup,
} from '../../server/backup/server-backup';
import { pack } from 'tar-stream';
import { packTar, unpackTar } from '../../server/backup/tar';
import { writeFileDurably } from '../../server/store/atomic-json-file';
import { DataDirLockedError } from '../../server/store/data-dir-lock';
import { closeStores, flushStores } from '../../server/store/stores';
import {
  cleanUpChatApps,
  fakeCompanion,
  logOf,
  ownerChat,
  startChatApp,
} from './support/chat-harness';
import { makeDataDir } from './support/harness';

afterEach(cleanUpChatApps);

/** Every file under `dir` (not the lock) with its text: two folders are equal when these are. */
async function contentsOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (folder: string, prefix: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name === '.lock') continue;
      if (entry.isDirectory()) await walk(join(folder, entry.name), `${prefix}${entry.name}/`);
      else out[`${prefix}${entry.name}`] = await readFile(join(folder, entry.name), 'base64');
    }
  };
  await walk(dir, '');
  return out;
}

describe('the rules', () => {
  it('inBackup: the lock, temp files, uploads in progress and cut-short snapshots are left out', () => {
    expect(isBackedUpName('conversations.json')).toBe(true);
    expect(isBackedUpName('conversations.json.journal')).toBe(true);
    expect(isBackedUpName('.lock')).toBe(false);
    expect(isBackedUpName('.auth.json.123-abcdef.tmp')).toBe(false);
    expect(isBackedUpName('.incoming')).toBe(false);
    expect(isBackedUpName('photo.webp.tmp')).toBe(false);
  });

  it('a path from an archive stays inside DATA_DIR', () => {
    expect(isSafeRelativePath('uploads/a.webp')).toBe(true);
    for (const bad of ['/etc/passwd', '../x', 'a/../../x', 'a//b', './a', 'a\\b', ''])
      expect(isSafeRelativePath(bad)).toBe(false);
  });

  it('twoLooksAgree: the same files with the same identities, nothing more or less', () => {
    const a = new Map([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(passesAgree(a, new Map(a))).toBe(true);
    expect(passesAgree(a, new Map([['a', '1']]))).toBe(false);
    expect(passesAgree(a, new Map([...a, ['c', '3']]))).toBe(false);
    expect(passesAgree(a, new Map([...a, ['b', '9']]))).toBe(false);
  });

  it('names the archive by its UTC time, with no colon', () => {
    expect(backupFileName(Date.UTC(2026, 10, 29, 9, 30, 42, 123))).toBe(
      'kiri-backup-2026-11-29T09-30-42Z.tar.gz',
    );
  });

  it('writes a tar any tar reads, and reads it back (long paths too)', async () => {
    const dir = await makeDataDir();
    const long = `${'folder-'.repeat(15)}/${'name-'.repeat(15)}.json`;
    const entries = [
      { path: 'manifest.json', bytes: Buffer.from('{}\n'), mtime: 1_700_000_000 },
      { path: `data/${long}`, bytes: Buffer.alloc(1000, 7), mtime: 1_700_000_000 },
    ];
    const archive = join(dir, 'x.tar');
    await writeFile(archive, await packTar(entries));
    const listed = execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['manifest.json', `data/${long}`]);
    expect(await unpackTar(await packTar(entries))).toEqual(entries);
  });
});

describe('npm run backup while the server writes', () => {
  it('reads again when writes land during its pass: never a copy of f00 before them and f19 after', async () => {
    const dataDir = await makeDataDir();
    const outDir = await makeDataDir();
    const names = Array.from({ length: 20 }, (_, i) => `f${String(i).padStart(2, '0')}.json`);
    const write = (name: string, n: number) => {
      const temp = join(dataDir, `.${name}.tmp`);
      writeFileSync(temp, `${JSON.stringify({ n })}\n`);
      renameSync(temp, join(dataDir, name));
    };
    for (const name of names) write(name, 0);
    let rounds = 0;
    const { manifest, archivePath } = await takeBackup({
      dataDir,
      outDir,
      afterEachRead: (path) => {
        // Twice, just after f00 was read, the server writes every file (a state with f00 at 0 and
        // the others at 1 never was).
        if (path !== 'f00.json' || rounds >= 2) return;
        rounds += 1;
        for (const name of names) write(name, rounds);
      },
    });
    expect(manifest.attempts).toBe(3);
    const { files } = await verifyBackup(await readFile(archivePath));
    expect(files.map((f) => f.bytes.toString())).toEqual(names.map(() => '{"n":2}\n'));
  });

  it('with another process writing in bursts, every backup completes and is a state the writer left', async () => {
    const dataDir = await makeDataDir();
    const outDir = await makeDataDir();
    const names = Array.from({ length: 20 }, (_, i) => `f${String(i).padStart(2, '0')}.json`);
    // The server is another process: this writer too. Round n writes f00 … f19 in order, each replaced
    // atomically (temp, rename) as the stores do (no fsync, so it is fast), then pauses (a server writes
    // in bursts). At any moment the numbers never rise along the names, and the first is at most one
    // above the last: a plain copy reading f00 before a round and f19 after it would show f19 above f00.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'); const path = require('node:path');
         const dir = ${JSON.stringify(dataDir)}; const names = ${JSON.stringify(names)};
         const write = (name, n) => { const temp = path.join(dir, '.' + name + '.tmp');
           fs.writeFileSync(temp, JSON.stringify({ n }) + '\\n'); fs.renameSync(temp, path.join(dir, name)); };
         for (const name of names) write(name, 0);
         console.log('ready');
         let n = 0;
         const round = () => { n += 1; for (const name of names) write(name, n); setTimeout(round, 2); };
         round();`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => writer.stdout.once('data', resolve));
      const results = [];
      for (let i = 0; i < 10; i += 1)
        results.push(await takeBackup({ dataDir, outDir, clock: () => i * 1000 }));
      for (const { archivePath } of results) {
        const { files } = await verifyBackup(await readFile(archivePath));
        const numbers = names.map(
          (name) =>
            (JSON.parse(files.find((f) => f.path === name)!.bytes.toString()) as { n: number }).n,
        );
        for (let i = 1; i < numbers.length; i += 1)
          expect(numbers[i]!).toBeLessThanOrEqual(numbers[i - 1]!);
        expect(numbers[0]! - numbers.at(-1)!).toBeLessThanOrEqual(1);
      }
    } finally {
      writer.kill();
      await new Promise((resolve) => writer.once('exit', resolve));
    }
  });
});

describe('npm run restore', () => {
  it('restores a backup taken during chats: a fresh server on it answers with a prefix of the log; a quiet one answers the same', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const outDir = await makeDataDir();
    await owner.post('/api/chat', { message: 'before the backup', history: [] });
    // Chats while the backup runs.
    const chats = Promise.all(
      [1, 2, 3, 4].map((i) => owner.post('/api/chat', { message: `during ${i}`, history: [] })),
    );
    const during = await takeBackup({ dataDir: setup.dataDir, outDir });
    await chats;
    await flushStores(setup.stores);
    const finalLog = await logOf(owner);

    const restoredDir = await makeDataDir();
    await restoreBackup({ archivePath: during.archivePath, dataDir: restoredDir });
    const restored = await startChatApp({ dataDir: restoredDir, companion: fakeCompanion() });
    const there = restored.browser();
    owner.cloneCookiesInto(there);
    const restoredLog = await logOf(there);
    expect(restoredLog.length).toBeGreaterThanOrEqual(2);
    expect(restoredLog).toEqual(finalLog.slice(0, restoredLog.length));
    await flushStores(restored.stores);
    await closeStores(restored.stores);

    // Quiet: the restored folder is the same files, and a server on it answers as the original.
    const quiet = await takeBackup({
      dataDir: setup.dataDir,
      outDir,
      clock: () => Date.now() + 1000,
    });
    const againDir = await makeDataDir();
    await restoreBackup({ archivePath: quiet.archivePath, dataDir: againDir });
    expect(await contentsOf(againDir)).toEqual(await contentsOf(setup.dataDir));
    const again = await startChatApp({ dataDir: againDir, companion: fakeCompanion() });
    const browser = again.browser();
    owner.cloneCookiesInto(browser);
    expect(await logOf(browser)).toEqual(finalLog);
    const memories = async (b: typeof owner) => (await b.request('/api/memories')).json();
    expect(await memories(browser)).toEqual(await memories(owner));
  });

  it('keeps the files it replaces aside', async () => {
    const source = await makeDataDir();
    await writeFileDurably(join(source, 'a.json'), '{"from":"backup"}\n');
    const { archivePath } = await takeBackup({ dataDir: source, outDir: await makeDataDir() });
    const target = await makeDataDir();
    await writeFileDurably(join(target, 'a.json'), '{"from":"before"}\n');
    await mkdir(join(target, 'uploads'));
    await writeFile(join(target, 'uploads', 'old.webp'), 'old');
    const { replacedDir } = await restoreBackup({ archivePath, dataDir: target });
    expect(await contentsOf(target)).toEqual(await contentsOf(source));
    expect(replacedDir).toMatch(/\.before-restore-/);
    expect(await readFile(join(replacedDir!, 'a.json'), 'utf8')).toBe('{"from":"before"}\n');
    expect(await readFile(join(replacedDir!, 'uploads', 'old.webp'), 'utf8')).toBe('old');
  });

  it('refuses while a server holds DATA_DIR, and changes nothing', async () => {
    const source = await makeDataDir();
    await writeFileDurably(join(source, 'a.json'), '{"from":"backup"}\n');
    const { archivePath } = await takeBackup({ dataDir: source, outDir: await makeDataDir() });
    const target = await makeDataDir();
    await writeFileDurably(join(target, 'a.json'), '{"from":"running"}\n');
    await writeFile(join(target, '.lock'), '999999\n');
    const before = await contentsOf(target);
    await expect(
      restoreBackup({
        archivePath,
        dataDir: target,
        lock: { isAlive: () => true, sleep: async () => {}, identityOf: async () => null },
      }),
    ).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await contentsOf(target)).toEqual(before);
    expect(await readFile(join(target, '.lock'), 'utf8')).toBe('999999\n');
  });

  it('refuses a damaged, foreign or newer archive whole, and changes nothing', async () => {
    const source = await makeDataDir();
    await writeFileDurably(join(source, 'a.json'), '{"from":"backup"}\n');
    const { archivePath } = await takeBackup({ dataDir: source, outDir: await makeDataDir() });
    const good = await readFile(archivePath);
    const entries = await unpackTar(gunzipSync(good));
    const rewrite = (change: (e: typeof entries) => typeof entries) =>
      packTar(change(entries.map((e) => ({ ...e, bytes: Buffer.from(e.bytes) })))).then(gzipSync);
    const manifestWith = (patch: object) =>
      rewrite((e) =>
        e.map((entry) =>
          entry.path === 'manifest.json'
            ? {
                ...entry,
                bytes: Buffer.from(
                  JSON.stringify({ ...JSON.parse(entry.bytes.toString()), ...patch }),
                ),
              }
            : entry,
        ),
      );
    const tar = await packTar(entries);
    const damagedHeader = Buffer.from(tar);
    damagedHeader[0] = damagedHeader[0]! ^ 1;
    const link = pack();
    link.entry({ name: 'data/a.json', type: 'symlink', linkname: '/etc/passwd' });
    link.finalize();
    const linkChunks: Buffer[] = [];
    for await (const chunk of link as AsyncIterable<Uint8Array>)
      linkChunks.push(Buffer.from(chunk));
    const cases: [string, Buffer, RegExp][] = [
      ['a damaged header', gzipSync(damagedHeader), /checksum does not match/],
      ['a file cut short', gzipSync(tar.subarray(0, 600)), /manifest\.json is cut short/],
      ['a link', gzipSync(Buffer.concat(linkChunks)), /a\.json is not a regular file/],
      ['not gzip', Buffer.from('hello'), /not a gzip archive/],
      ['not a tar', gzipSync(Buffer.from('hello')), /Not a Kiri backup/],
      [
        'a changed file',
        await rewrite((e) =>
          e.map((x) => (x.path === 'data/a.json' ? { ...x, bytes: Buffer.from('{"x":1}\n') } : x)),
        ),
        /a\.json does not match its checksum/,
      ],
      [
        'a missing file',
        await rewrite((e) => e.filter((x) => x.path !== 'data/a.json')),
        /a\.json is missing/,
      ],
      [
        'an extra file',
        await rewrite((e) => [...e, { path: 'data/b.json', bytes: Buffer.from('{}'), mtime: 0 }]),
        /b\.json is not in its manifest/,
      ],
      ['another format', await manifestWith({ format: 'other' }), /not a kiri-server-backup/],
      ['a newer version', await manifestWith({ version: 2 }), /newer than this Kiri reads/],
    ];
    const target = await makeDataDir();
    await writeFileDurably(join(target, 'a.json'), '{"from":"before"}\n');
    const before = await contentsOf(target);
    const badDir = await makeDataDir();
    for (const [name, bytes, message] of cases) {
      const path = join(badDir, `${name.replace(/ /g, '-')}.tar.gz`);
      await writeFile(path, bytes);
      const attempt = restoreBackup({ archivePath: path, dataDir: target });
      await expect(attempt).rejects.toBeInstanceOf(BackupError);
      await expect(attempt).rejects.toThrow(message);
      expect(await contentsOf(target)).toEqual(before);
    }
  });
});
