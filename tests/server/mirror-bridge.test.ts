// /api/mirror-bridge: an export dropped into the watch folder is imported once (a second copy, in any
// format, imports nothing), each format, the fence around the folder, start/stop surviving a restart, the
// git mirror committing into a temp repository, and who may call it.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  MirrorBridgeLogs,
  MirrorBridgeStatus,
  SyncOutcome,
} from '../../server/mirror-bridge/mirror-bridge-service';
import {
  NOTHING_CONFIGURED,
  NO_WATCH_FOLDER,
} from '../../server/mirror-bridge/mirror-bridge-service';
import type { ConversationEntry } from '../../server/store/conversation-store';
import { closeStores } from '../../server/store/stores';
import { cleanUpChatApps, fakeCompanion, startChatApp } from './support/chat-harness';
import { expectError, type TestApp, type TestBrowser } from './support/harness';

const temps: string[] = [];
const apps: TestApp[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

afterEach(async () => {
  for (const setup of apps.splice(0)) await setup.app.services.mirrorBridge.close();
  await cleanUpChatApps();
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function bridgeApp(env: Record<string, string>, dataDir?: string) {
  // settleMs: a test file is written whole at once; no need to wait 300 ms for it to stop growing.
  const setup = await startChatApp({
    env,
    companion: fakeCompanion(),
    ...(dataDir ? { dataDir } : {}),
  });
  apps.push(setup);
  const owner = setup.browser();
  await owner.loginOk();
  await owner.register('Mei');
  return { setup, owner };
}

async function statusOf(browser: TestBrowser): Promise<MirrorBridgeStatus> {
  const response = await browser.request('/api/mirror-bridge/status');
  expect(response.status).toBe(200);
  return (await response.json()) as MirrorBridgeStatus;
}

async function act(
  browser: TestBrowser,
  action: 'start' | 'stop' | 'sync',
): Promise<MirrorBridgeStatus & SyncOutcome> {
  const response = await browser.post(`/api/mirror-bridge/${action}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MirrorBridgeStatus & SyncOutcome;
}

async function logsOf(browser: TestBrowser): Promise<MirrorBridgeLogs> {
  const response = await browser.request('/api/mirror-bridge/logs');
  expect(response.status).toBe(200);
  return (await response.json()) as MirrorBridgeLogs;
}

async function conversation(browser: TestBrowser): Promise<ConversationEntry[]> {
  const response = await browser.request('/api/conversations');
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationEntry[];
}

const JSON_EXPORT = JSON.stringify({
  messages: [
    {
      author: 'Mei',
      timestamp: '2026-01-14T09:00:00+08:00',
      message: 'I got the job!! So happy today.',
    },
    {
      author: 'Kiri',
      timestamp: '2026-01-14T09:00:20+08:00',
      message: 'That is wonderful news, Mei.',
    },
    {
      author: 'Mei',
      timestamp: '2026-01-14T09:01:00+08:00',
      message: 'What should I wear on day one?',
    },
  ],
});

/** The same three messages, as the Markdown export writes them. */
const MARKDOWN_COPY = `# Conversation of 2026-01-14

### Mei · 09:00:00

I got the job!! So happy today.

### Kiri · 09:00:20

That is wonderful news, Mei.

### Mei · 09:01:00

What should I wear on day one?
`;

describe('who may call it', () => {
  it('401 without a session, 403 for a plain user on every call, and nothing starts', async () => {
    const folder = await tempDir('kiri-watch-');
    const { setup, owner } = await bridgeApp({ MIRROR_WATCH_FOLDER: folder });
    await expectError(
      await setup.browser({ address: '203.0.113.9' }).request('/api/mirror-bridge/status'),
      401,
    );
    const user = setup.browser({ address: '203.0.113.7' });
    await user.loginOk();
    for (const path of ['status', 'logs']) {
      await expectError(await user.request(`/api/mirror-bridge/${path}`), 403);
    }
    for (const path of ['start', 'stop', 'sync']) {
      await expectError(await user.post(`/api/mirror-bridge/${path}`), 403);
    }
    expect((await statusOf(owner)).isRunning).toBe(false);
  });
});

describe('not configured', () => {
  it("status says null for both paths (the panel's 'Not configured'), start and sync say why not", async () => {
    const { owner } = await bridgeApp({});
    expect(await statusOf(owner)).toEqual({
      isRunning: false,
      watchFolder: null,
      githubRepoPath: null,
    });
    await expectError(await owner.post('/api/mirror-bridge/start'), 409, NO_WATCH_FOLDER);
    await expectError(await owner.post('/api/mirror-bridge/sync'), 409, NOTHING_CONFIGURED);
    expect(await logsOf(owner)).toMatchObject({ totalMessages: 0, lastSync: null, messages: [] });
  });
});

describe('the watch folder', () => {
  it('imports an export dropped in once, as history that Kiri does not answer; a second copy imports nothing', async () => {
    const folder = await tempDir('kiri-watch-');
    const { setup, owner } = await bridgeApp({ MIRROR_WATCH_FOLDER: folder });
    const started = await owner.post('/api/mirror-bridge/start');
    expect(await started.json()).toMatchObject({
      success: true,
      isRunning: true,
      watchFolder: folder,
    });

    await writeFile(join(folder, 'chat-export.json'), JSON_EXPORT);
    await vi.waitFor(async () => expect((await logsOf(owner)).totalMessages).toBe(3), {
      timeout: 15_000,
      interval: 50,
    });
    const logs = await logsOf(owner);
    expect(logs.lastSync).toBe(new Date(setup.clock.now).toISOString());
    expect(logs.messages.map((m) => [m.author, m.type, m.emotion])).toEqual([
      ['Mei', 'user', 'joyful'],
      ['Kiri', 'kiri', 'neutral'],
      ['Mei', 'user', 'curious'],
    ]);
    expect(logs.messages[0]!.timestamp).toBe('2026-01-14T01:00:00.000Z');

    const log = (await conversation(owner)).filter((entry) => entry.imported);
    expect(
      log.map((entry) => [entry.sender, entry.message, entry.sessionId, entry.imported]),
    ).toEqual([
      ['user', 'I got the job!! So happy today.', '2026-01-14', true],
      ['kiri', 'That is wonderful news, Mei.', '2026-01-14', true],
      ['user', 'What should I wear on day one?', '2026-01-14', true],
    ]);

    // A second copy of the file, and the same messages as Markdown: nothing new, and no reply either.
    await writeFile(join(folder, 'chat-export copy.json'), JSON_EXPORT);
    await writeFile(join(folder, 'chat-export.md'), MARKDOWN_COPY);
    const synced = await owner.post('/api/mirror-bridge/sync');
    expect(synced.status).toBe(200);
    expect(await synced.json()).toMatchObject({ success: true, imported: 0 });
    await setup.app.services.mirrorBridge.settled();
    expect((await logsOf(owner)).totalMessages).toBe(3);
    // Old history is not the owner's last word: the silence nudge still waits for a real message.
    expect(setup.app.services.delivery.lastOwnerMessage('owner')).toBeNull();
    // The registration's welcome and the three imported lines: no reply was added.
    expect(await conversation(owner)).toHaveLength(4);
    expect(setup.app.services.companion).toMatchObject({ calls: [] });
  });

  it('reads each format: TXT lines with continuation, Markdown under a dated heading, JSON with its own emotion', async () => {
    const folder = await tempDir('kiri-watch-');
    const { owner } = await bridgeApp({ MIRROR_WATCH_FOLDER: folder });
    await writeFile(
      join(folder, 'a.txt'),
      '[2026-01-10 21:15] Mei: I feel so lonely tonight\nsince everyone left\n[2026-01-10 21:16:30] Kiri: I am here with you.\n',
    );
    await writeFile(
      join(folder, 'b.md'),
      '# Desk chat 2026-01-11\n\n### Mei · 07:05\n\nThis deadline is driving me mad, I am so frustrated\n',
    );
    await writeFile(
      join(folder, 'c.json'),
      JSON.stringify([
        {
          author: 'Mei',
          timestamp: 1768100000000,
          message: 'Looking back, it was worth it.',
          emotion: 'Reflective',
        },
      ]),
    );
    const synced = await owner.post('/api/mirror-bridge/sync');
    expect(await synced.json()).toMatchObject({ imported: 4 });
    const logs = await logsOf(owner);
    expect(logs.messages.map((m) => [m.author, m.timestamp, m.message, m.emotion, m.type])).toEqual(
      [
        [
          'Mei',
          '2026-01-10T13:15:00.000Z',
          'I feel so lonely tonight\nsince everyone left',
          'melancholic',
          'user',
        ],
        ['Kiri', '2026-01-10T13:16:30.000Z', 'I am here with you.', 'neutral', 'kiri'],
        [
          'Mei',
          '2026-01-10T23:05:00.000Z',
          'This deadline is driving me mad, I am so frustrated',
          'frustrated',
          'user',
        ],
        [
          'Mei',
          new Date(1768100000000).toISOString(),
          'Looking back, it was worth it.',
          'reflective',
          'user',
        ],
      ],
    );
  });

  it('refuses a path outside the watch folder and a symlink leading out: nothing of them is read', async () => {
    const folder = await tempDir('kiri-watch-');
    const outside = await tempDir('kiri-outside-');
    const secret = join(outside, 'secret.json');
    await writeFile(
      secret,
      JSON.stringify([{ author: 'Mei', timestamp: 1768100000000, message: 'outside secret' }]),
    );
    await symlink(secret, join(folder, 'link.json'));
    await mkdir(join(folder, 'sub'));
    const { setup, owner } = await bridgeApp({ MIRROR_WATCH_FOLDER: folder });
    const bridge = setup.app.services.mirrorBridge;

    expect(await bridge.importFile(secret)).toMatchObject({
      imported: 0,
      skipped: 'outside the watch folder',
    });
    expect(await bridge.importFile('../secret.json')).toMatchObject({
      imported: 0,
      skipped: 'outside the watch folder',
    });
    expect(await bridge.importFile(join(folder, 'sub', '..', '..', 'secret.json'))).toMatchObject({
      imported: 0,
    });
    const synced = await owner.post('/api/mirror-bridge/sync');
    expect(await synced.json()).toMatchObject({
      imported: 0,
      files: [{ file: 'link.json', imported: 0, skipped: 'outside the watch folder' }],
    });
    expect((await conversation(owner)).filter((entry) => entry.imported)).toEqual([]);
    const logs = await logsOf(owner);
    expect(logs.totalMessages).toBe(0);
    expect(logs.problems.map((p) => p.reason)).toContain('outside the watch folder');
  });
});

describe('start and stop', () => {
  it('start and stop show in the status, and a running bridge is running again after a restart', async () => {
    const folder = await tempDir('kiri-watch-');
    const { setup, owner } = await bridgeApp({ MIRROR_WATCH_FOLDER: folder });
    setup.app.startBackground();
    expect((await act(owner, 'start')).isRunning).toBe(true);
    expect((await statusOf(owner)).isRunning).toBe(true);
    expect((await act(owner, 'stop')).isRunning).toBe(false);
    expect((await statusOf(owner)).isRunning).toBe(false);
    await owner.post('/api/mirror-bridge/start');

    await setup.app.stopBackground();
    await closeStores(setup.stores);
    const again = await startChatApp({
      dataDir: setup.dataDir,
      env: { MIRROR_WATCH_FOLDER: folder },
      companion: fakeCompanion(),
    });
    apps.push(again);
    const phone = again.browser();
    owner.cloneCookiesInto(phone);
    again.app.startBackground();
    await vi.waitFor(async () => expect((await statusOf(phone)).isRunning).toBe(true));
    // And it watches: a file dropped now is imported.
    await writeFile(join(folder, 'late.txt'), '[2026-01-12 10:00] Mei: back again\n');
    await vi.waitFor(async () => expect((await logsOf(phone)).totalMessages).toBe(1), {
      timeout: 15_000,
      interval: 50,
    });
    await again.app.stopBackground();
  });
});

function hasGit(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!hasGit())('the git mirror (skipped: git is not installed)', () => {
  it('writes one Markdown file per day and commits it; a sync with nothing new commits nothing', async () => {
    const folder = await tempDir('kiri-watch-');
    const repo = await tempDir('kiri-repo-');
    execFileSync('git', ['init', '-q', repo]);
    const { owner } = await bridgeApp({ MIRROR_WATCH_FOLDER: folder, MIRROR_GIT_REPO: repo });
    expect((await statusOf(owner)).githubRepoPath).toBe(repo);
    await writeFile(join(folder, 'chat.json'), JSON_EXPORT);

    const first = await act(owner, 'sync');
    // Two days: the imported 14th and the registration's welcome of the 15th.
    expect(first).toMatchObject({ imported: 3, mirror: { files: 2 } });
    expect(first.mirror?.commit).toMatch(/^[0-9a-f]{40}$/);
    const day = await readFile(join(repo, 'kiri-mirror', '2026', '2026-01-14.md'), 'utf8');
    expect(day).toBe(`# Conversation of 2026-01-14

### Mei · 09:00:00

I got the job!! So happy today.

### Kiri · 09:00:20

That is wonderful news, Mei.

### Mei · 09:01:00

What should I wear on day one?
`);
    const head = execFileSync('git', ['-C', repo, 'log', '--format=%H %s'], { encoding: 'utf8' });
    expect(head.trim()).toBe(`${first.mirror?.commit} Kiri mirror: 2 day files`);

    const second = await act(owner, 'sync');
    expect(second).toMatchObject({ imported: 0, mirror: { commit: null, files: 0 } });
    expect((await logsOf(owner)).lastMirror).toMatchObject({ commit: null });
  });

  it('refuses a repository path that is not a git work tree, saying so', async () => {
    const notRepo = await tempDir('kiri-plain-');
    const { owner } = await bridgeApp({ MIRROR_GIT_REPO: notRepo });
    await expectError(
      await owner.post('/api/mirror-bridge/sync'),
      409,
      `Git mirror failed: ${notRepo} is not a git work tree`,
    );
  });
});
