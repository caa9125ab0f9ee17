// Issue 16 point 4: the self-modification calls. update_greeting changes the next initial greeting the
// chat gives (and survives a restart); create_file writes only inside DATA_DIR/workspace; the logs are the
// server's real recent lines; domain triggers propose patches that 'Apply Latest Patch' applies; any
// other text is a message to Kiri; a plain user gets 403 from every call.
import { lstat, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_REQUIRED, NOT_LOGGED_IN } from '../../server/auth/guards';
import { closeStores } from '../../server/store/stores';
import { NO_PENDING_PATCH } from '../../src/domain/self-mod';
import { ANDROID_UA, expectError, makeDataDir, type TestBrowser } from './support/harness';
import {
  cleanUpChatApps,
  fakeCompanion,
  keyHeader,
  logOf,
  ownerChat,
  startChatApp,
  type ChatAnswer,
} from './support/chat-harness';

afterEach(cleanUpChatApps);

const DAY = 86_400_000;
const GREETING = { message: '', isInitialGreeting: true, history: [] };

async function execute(browser: TestBrowser, body: unknown): Promise<Response> {
  return browser.post('/api/self-mod/execute', body);
}

async function executeOk(browser: TestBrowser, body: unknown) {
  const response = await execute(browser, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as {
    success: true;
    message: string;
    error: null;
    result: Record<string, unknown>;
  };
}

async function greetingOf(browser: TestBrowser) {
  const response = await browser.request('/api/self-mod/greeting');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    source: 'owner' | 'engine';
    text: string | null;
    preview: string | null;
    pendingPatches: number;
    latestPatch: { text: string } | null;
  };
}

async function greetNextDay(
  setup: { clock: { advance(ms: number): void } },
  owner: TestBrowser,
  key: string,
) {
  setup.clock.advance(DAY);
  const response = await owner.post('/api/chat', GREETING, keyHeader(key));
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as ChatAnswer).kiriMessages.map((part) => part.message);
}

describe('update_greeting', () => {
  it('changes the next initial greeting the chat gives, and it survives a restart', async () => {
    const { setup, owner } = await ownerChat();
    // Before: Kiri greets in the engine's own words, and the panel says so.
    expect(await greetingOf(owner)).toMatchObject({ source: 'engine', text: null });
    const before = await greetNextDay(setup, owner, 'greeting-1');
    expect(before.join(' ')).not.toContain('Ready for the day');

    const answer = await executeOk(owner, {
      type: 'manual_command',
      command: 'update_greeting',
      params: { new_greeting: 'Good {part}, {name}! Ready for the day with {persona}?' },
    });
    expect(answer).toMatchObject({ success: true, error: null, result: { kind: 'greeting' } });
    // 2026-01-17 08:00 UTC is 16:00 in Asia/Shanghai: the afternoon.
    expect(await greetingOf(owner)).toMatchObject({
      source: 'owner',
      text: 'Good {part}, {name}! Ready for the day with {persona}?',
      preview: 'Good afternoon, Mei! Ready for the day with Kiri?',
    });
    const after = await greetNextDay(setup, owner, 'greeting-2');
    expect(after).toEqual(['Good afternoon, Mei! Ready for the day with Kiri?']);
    // It is the shared log's greeting, as any other.
    const logged = (await logOf(owner)).filter((entry) => entry.sessionId === '2026-01-17');
    expect(logged.map((entry) => entry.message)).toEqual(after);

    await setup.app.persistState();
    await closeStores(setup.stores);
    const again = await startChatApp({ dataDir: setup.dataDir, clock: setup.clock });
    const ownerAgain = again.browser();
    owner.cloneCookiesInto(ownerAgain);
    expect((await greetingOf(ownerAgain)).text).toBe(
      'Good {part}, {name}! Ready for the day with {persona}?',
    );
    expect(await greetNextDay(again, ownerAgain, 'greeting-3')).toEqual([
      'Good afternoon, Mei! Ready for the day with Kiri?',
    ]);
  });

  it('refuses an empty greeting and changes nothing', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(
      await execute(owner, {
        type: 'manual_command',
        command: 'update_greeting',
        params: { new_greeting: '  ' },
      }),
      400,
      'params.new_greeting: is required',
    );
    expect((await greetingOf(owner)).source).toBe('engine');
  });
});

describe('create_file', () => {
  it('writes the file inside DATA_DIR/workspace, and replaces it on a second write', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const first = await executeOk(owner, {
      type: 'manual_command',
      command: 'create_file',
      params: { filename: 'notes.txt', content: 'hello workspace' },
    });
    expect(first.message).toBe('Created notes.txt in the workspace (15 bytes)');
    const path = join(setup.dataDir, 'workspace', 'notes.txt');
    expect(await readFile(path, 'utf8')).toBe('hello workspace');
    const second = await executeOk(owner, {
      type: 'manual_command',
      command: 'create_file',
      params: { filename: 'notes.txt', content: 'again' },
    });
    expect(second.result).toMatchObject({ replaced: true, bytes: 5 });
    expect(await readFile(path, 'utf8')).toBe('again');
    // Spec 001 §5's defaults.
    await executeOk(owner, { type: 'manual_command', command: 'create_file', params: {} });
    expect(await readFile(join(setup.dataDir, 'workspace', 'test_file.txt'), 'utf8')).toBe(
      'Generated content',
    );
  });

  it('refuses a path out of the workspace with a clear 400, and writes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const outside = await makeDataDir();
    const names: [string, RegExp][] = [
      ['../escaped.txt', /not a path/],
      ['../../escaped.txt', /not a path/],
      [join(outside, 'escaped.txt'), /not a path/],
      ['sub/escaped.txt', /not a path/],
      ['..\\escaped.txt', /not a path/],
      ['..', /must not contain '\.\.'/],
      ['.hidden', /must start with a letter or digit/],
    ];
    for (const [filename, message] of names) {
      await expectError(
        await execute(owner, {
          type: 'manual_command',
          command: 'create_file',
          params: { filename, content: 'x' },
        }),
        400,
        message,
      );
    }
    expect(await readdir(outside)).toEqual([]);
    expect((await readdir(setup.dataDir)).filter((name) => name.startsWith('escaped'))).toEqual([]);
    const workspace = join(setup.dataDir, 'workspace');
    const inWorkspace = await readdir(workspace).catch(() => []);
    expect(inWorkspace).toEqual([]);
  });

  it('refuses a symlink in the workspace and a workspace that is a symlink: the target is untouched', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const outside = await makeDataDir();
    const victim = join(outside, 'victim.txt');
    await writeFile(victim, 'original');
    const workspace = join(setup.dataDir, 'workspace');
    await mkdir(workspace);
    await symlink(victim, join(workspace, 'link.txt'));
    await expectError(
      await execute(owner, {
        type: 'manual_command',
        command: 'create_file',
        params: { filename: 'link.txt', content: 'overwritten' },
      }),
      400,
      /symbolic link/,
    );
    expect(await readFile(victim, 'utf8')).toBe('original');

    // The folder itself swapped for a link leading out of DATA_DIR.
    await rm(workspace, { recursive: true });
    await symlink(outside, workspace);
    await expectError(
      await execute(owner, {
        type: 'manual_command',
        command: 'create_file',
        params: { filename: 'new.txt', content: 'x' },
      }),
      400,
      /workspace folder/,
    );
    expect((await readdir(outside)).sort()).toEqual(['victim.txt']);
    expect((await lstat(workspace)).isSymbolicLink()).toBe(true);
  });

  it('refuses content over the size cap with a 413 and writes nothing', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(
      await execute(owner, {
        type: 'manual_command',
        command: 'create_file',
        params: { filename: 'big.txt', content: 'x'.repeat(256 * 1024 + 1) },
      }),
      413,
    );
    expect(await readdir(join(setup.dataDir, 'workspace')).catch(() => [])).toEqual([]);
  });
});

describe('logs', () => {
  it("the TypeScript logs are the server's own recent lines, newest first; Python logs are the console's", async () => {
    const { owner } = await ownerChat({
      companion: fakeCompanion(),
      pythonLogs: { pythonExecutions: (count) => ['print(1) → 1', 'print(2) → 2'].slice(0, count) },
    });
    await executeOk(owner, {
      type: 'manual_command',
      command: 'create_file',
      params: { filename: 'a.txt', content: 'a' },
    });
    await executeOk(owner, {
      type: 'manual_command',
      command: 'create_file',
      params: { filename: 'b.txt', content: 'bb' },
    });
    const logs = (await (await owner.request('/api/self-mod/logs/10')).json()) as {
      logs: string[];
    };
    expect(logs.logs.length).toBeLessThanOrEqual(10);
    const mine = logs.logs.filter((line) => line.includes('self-mod: created'));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z INFO self-mod: created workspace\/b\.txt \(2 bytes\)/,
    );
    expect(mine[1]).toContain('workspace/a.txt (1 bytes)');
    const one = (await (await owner.request('/api/self-mod/logs/1')).json()) as { logs: string[] };
    expect(one.logs).toEqual([logs.logs[0]]);
    await expectError(await owner.request('/api/self-mod/logs/0'), 400);
    await expectError(await owner.request('/api/self-mod/logs/abc'), 400);

    const python = (await (await owner.request('/api/self-mod/python-logs/1')).json()) as {
      logs: string[];
    };
    expect(python.logs).toEqual(['print(1) → 1']);
  });

  it('without the console, the Python logs are empty', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    const python = await owner.request('/api/self-mod/python-logs/10');
    expect(await python.json()).toEqual({ success: true, logs: [] });
  });
});

describe('patches and Apply Latest Patch', () => {
  it('a domain trigger proposes; Apply Latest Patch applies the newest and supersedes the older', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(await owner.post('/api/self-mod/apply-latest-patch'), 409, NO_PENDING_PATCH);
    const proposed = await executeOk(owner, {
      type: 'domain_trigger',
      command: 'update_greeting',
      params: { new_greeting: 'Hello from the first patch' },
    });
    expect(proposed.result).toMatchObject({ kind: 'patch', patch: { status: 'pending' } });
    setup.clock.advance(1000);
    await executeOk(owner, {
      type: 'domain_trigger',
      command: 'update_greeting',
      params: { new_greeting: 'Hello from the second patch' },
    });
    // Proposed only: the greeting is still the engine's.
    expect(await greetingOf(owner)).toMatchObject({
      source: 'engine',
      pendingPatches: 2,
      latestPatch: { text: 'Hello from the second patch' },
    });

    const applied = await owner.post('/api/self-mod/apply-latest-patch');
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({
      success: true,
      message: 'Applied latest patch automatically',
      greeting: 'Hello from the second patch',
    });
    expect(await greetingOf(owner)).toMatchObject({
      source: 'owner',
      text: 'Hello from the second patch',
      pendingPatches: 0,
    });
    expect(setup.stores.selfMod.data.patches.map((patch) => patch.status)).toEqual([
      'superseded',
      'applied',
    ]);
    await expectError(await owner.post('/api/self-mod/apply-latest-patch'), 409, NO_PENDING_PATCH);
  });

  it('a domain trigger cannot write files or talk to Kiri', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(
      await execute(owner, {
        type: 'domain_trigger',
        command: 'create_file',
        params: { filename: 'x.txt' },
      }),
      400,
      /only propose a greeting patch/,
    );
    await expectError(await execute(owner, { type: 'domain_trigger', command: 'hello' }), 400);
    expect(await readdir(join(setup.dataDir, 'workspace')).catch(() => [])).toEqual([]);
  });
});

describe('any other command', () => {
  it("is a message to Kiri: her reply is the answer's message, and the chat's log is untouched", async () => {
    const companion = fakeCompanion();
    const { owner } = await ownerChat({ companion });
    const logBefore = await logOf(owner);
    const answer = await executeOk(owner, {
      type: 'manual_command',
      command: 'message',
      params: { message: 'how are you today?' },
    });
    expect(answer.message).toBe('reply 1, part one\nand part two of reply 1');
    expect(companion.calls.at(-1)).toMatchObject({
      message: 'how are you today?',
      context: 'manual_console',
    });
    expect(await logOf(owner)).toEqual(logBefore);
  });

  it('refuses a malformed body with a 400', async () => {
    const { owner } = await ownerChat({ companion: fakeCompanion() });
    await expectError(await execute(owner, { type: 'shell', command: 'ls' }), 400, /type/);
    await expectError(
      await execute(owner, { type: 'manual_command', command: '   ' }),
      400,
      /command/,
    );
  });
});

describe('permissions', () => {
  it('a plain user gets 403 from every self-mod call, and nothing changes; no session is a 401', async () => {
    const { setup, owner } = await ownerChat({ companion: fakeCompanion() });
    const user = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.40' });
    await user.loginOk();
    await user.register('Grace');
    const calls: [string, unknown?][] = [
      ['/api/self-mod/config'],
      ['/api/self-mod/greeting'],
      ['/api/self-mod/logs/10'],
      ['/api/self-mod/python-logs/10'],
      [
        '/api/self-mod/execute',
        { type: 'manual_command', command: 'update_greeting', params: { new_greeting: 'hacked' } },
      ],
      [
        '/api/self-mod/execute',
        { type: 'manual_command', command: 'create_file', params: { filename: 'x.txt' } },
      ],
      ['/api/self-mod/apply-latest-patch', {}],
    ];
    const anonymous = setup.browser({ address: '203.0.113.99' });
    for (const [path, body] of calls) {
      const options = body === undefined ? {} : { method: 'POST', json: body };
      await expectError(await user.request(path, options), 403, ADMIN_REQUIRED);
      await expectError(await anonymous.request(path, options), 401, NOT_LOGGED_IN);
    }
    expect((await greetingOf(owner)).source).toBe('engine');
    expect(await readdir(join(setup.dataDir, 'workspace')).catch(() => [])).toEqual([]);
    // The owner holds it.
    const config = await owner.request('/api/self-mod/config');
    expect(await config.json()).toEqual({
      success: true,
      config: { trigger_via_domain: true, supported_commands: ['create_file', 'update_greeting'] },
    });
  });
});
