// Issue 17 points 3 and 4: the manual console's sandbox and autonomous tasks through the API. Each hostile
// snippet must be stopped with a clear error while the server keeps answering other requests; a good
// snippet prints; Python runs only when enabled; the tasks do their real work; a plain user is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { OWNER_ACCOUNT } from '../../server/chat/account';
import { ADMIN_REQUIRED } from '../../server/auth/guards';
import {
  MEMORY_EXCEEDED,
  NO_ROLLBACK,
  OUTPUT_EXCEEDED,
  OUTPUT_LIMIT_BYTES,
  PYTHON_NOT_ENABLED,
  timedOutText,
} from '../../server/presence-execution/execution-rules';
import {
  ANDROID_UA,
  IPHONE_UA,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

interface Answer {
  success: boolean;
  output: string;
  error: string | null;
}

let setup: TestApp;
let owner: TestBrowser;
let guest: TestBrowser;

beforeAll(async () => {
  setup = await startTestApp();
  owner = setup.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  await owner.register('Ada');
  guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  await guest.loginOk();
  await guest.register('Grace');
});

afterAll(async () => {
  await setup.app.stopBackground();
  await removeDataDirs();
});

async function execute(browser: TestBrowser, code: string, language?: string): Promise<Answer> {
  const response = await browser.post('/api/presence-execution/execute', {
    code,
    context: 'manual_console',
    ...(language ? { language } : {}),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Answer;
}

/**
 * Runs `code` and, while it runs, asks the server for /api/health: the health answer must come while the
 * run is still under way when `stillRunning` (a run that takes the whole deadline), and in any case must
 * be a 200.
 */
async function executeWhileServing(code: string, stillRunning: boolean): Promise<Answer> {
  let finished = false;
  const run = execute(owner, code).finally(() => {
    finished = true;
  });
  const health = await owner.request('/api/health');
  expect(health.status).toBe(200);
  if (stillRunning) expect(finished).toBe(false);
  return run;
}

describe('the JavaScript sandbox', () => {
  it("prints a good snippet's console.log output", async () => {
    const answer = await execute(owner, 'const x = 6 * 7; console.log(x)');
    expect(answer).toEqual({ success: true, output: '42\n', error: null });
  });

  it('answers an empty output for a snippet that prints nothing and ends in no value', async () => {
    expect(await execute(owner, 'let y = 1;')).toEqual({ success: true, output: '', error: null });
  });

  it('stops while(true){} at the deadline while the server answers other requests', async () => {
    const started = Date.now();
    const answer = await executeWhileServing('while(true){}', true);
    expect(answer).toMatchObject({ success: false, error: timedOutText() });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('stops a snippet allocating 1 GB with the memory limit', async () => {
    const answer = await executeWhileServing(
      'const chunks = []; for (let i = 0; i < 1024; i++) chunks.push(new Uint8Array(1024 * 1024)); chunks.length',
      false,
    );
    expect(answer).toMatchObject({ success: false, error: MEMORY_EXCEEDED });
  });

  it('stops a 1 GB array that is filled element by element', async () => {
    const answer = await executeWhileServing(
      'const a = []; for (;;) a.push(new Array(1e6).fill(1))',
      false,
    );
    expect(answer).toMatchObject({ success: false, error: MEMORY_EXCEEDED });
    // The sandbox is still there for the next run.
    expect((await execute(owner, 'console.log("still here")')).output).toBe('still here\n');
  });

  it.each([
    ["require('fs')", "ReferenceError: 'require' is not defined"],
    ['process.env', "ReferenceError: 'process' is not defined"],
    ["import('node:child_process')", "could not load module 'node:child_process'"],
    ["fetch('http://127.0.0.1')", "ReferenceError: 'fetch' is not defined"],
    [
      "globalThis.constructor.constructor('return process')()",
      "ReferenceError: 'process' is not defined",
    ],
  ])('refuses %s: there is nothing of Node in the sandbox', async (code, error) => {
    const answer = await executeWhileServing(code, false);
    expect(answer.success).toBe(false);
    expect(answer.error).toContain(error);
  });

  it('stops printing 100 MB at the output limit and keeps the first 64 KB', async () => {
    const answer = await executeWhileServing(
      "for (let i = 0; i < 100 * 1024; i++) console.log('x'.repeat(1023))",
      false,
    );
    expect(answer.success).toBe(false);
    expect(answer.error).toBe(OUTPUT_EXCEEDED);
    expect(Buffer.byteLength(answer.output)).toBe(OUTPUT_LIMIT_BYTES);
  });

  it('cannot be talked out of the output limit by catching errors', async () => {
    const answer = await execute(
      owner,
      "for (let i = 0; i < 1e6; i++) { try { console.log('y'.repeat(1000)) } catch (e) {} }",
    );
    expect(answer.error).toBe(OUTPUT_EXCEEDED);
  });

  it("reports a thrown error's message", async () => {
    const answer = await execute(owner, "console.log('before'); throw new Error('boom')");
    expect(answer).toEqual({ success: false, output: 'before\n', error: 'Error: boom' });
  });

  it('keeps nothing from one run to the next', async () => {
    await execute(owner, 'globalThis.secret = 42');
    expect((await execute(owner, 'typeof secret')).output).toBe('undefined');
  });

  it('waits for an async snippet', async () => {
    const answer = await execute(
      owner,
      'async function f() { return 5 } f().then((v) => console.log(v * 2))',
    );
    expect(answer.output).toBe('10\n');
  });

  it('answers 400 for empty code', async () => {
    const response = await owner.post('/api/presence-execution/execute', { code: '   ' });
    expect(response.status).toBe(400);
  });
});

describe('Python', () => {
  it("says 'Python is not enabled' when the owner has not enabled it", async () => {
    expect(await execute(owner, 'print(6 * 7)')).toEqual({
      success: false,
      output: '',
      error: PYTHON_NOT_ENABLED,
    });
    expect(await execute(owner, 'x = 1', 'python')).toMatchObject({ error: PYTHON_NOT_ENABLED });
  });

  const hasPython = spawnSync('python3', ['-c', 'print(1)']).status === 0;

  describe.skipIf(!hasPython)('enabled (CONSOLE_PYTHON=true; skipped: no python3 here)', () => {
    let python: TestApp;
    let admin: TestBrowser;
    beforeAll(async () => {
      python = await startTestApp({ env: { CONSOLE_PYTHON: 'true' } });
      admin = python.browser({ userAgent: IPHONE_UA });
      await admin.loginOk();
    });

    it('runs Python with an empty environment in a throwaway folder', async () => {
      const answer = await execute(
        admin,
        'import os\nprint(6 * 7)\nprint(dict(os.environ).get("PATH"))\nprint(os.listdir("."))',
      );
      expect(answer).toEqual({ success: true, output: '42\nNone\n[]\n', error: null });
      // The self-mod panel's Python logs are these runs (server/app.ts wires the sandbox to it).
      const logs = (await (await admin.request('/api/self-mod/python-logs/10')).json()) as {
        logs: string[];
      };
      expect(
        logs.logs.some((line) => line.includes('python ok') && line.includes('import os')),
      ).toBe(true);
    });

    it('stops a runaway loop, a 1 GB allocation and a flood of output', async () => {
      expect(await execute(admin, 'while True:\n    pass')).toMatchObject({
        success: false,
        error: timedOutText(),
      });
      expect(await execute(admin, 'x = bytearray(1024 ** 3)', 'python')).toMatchObject({
        success: false,
        error: MEMORY_EXCEEDED,
      });
      const flood = await execute(admin, 'while True:\n    print("x" * 1023)');
      expect(flood.error).toBe(OUTPUT_EXCEEDED);
    });

    it("reports the exception's last line", async () => {
      expect(await execute(admin, 'print("a")\n1 / 0')).toEqual({
        success: false,
        output: 'a',
        error: 'ZeroDivisionError: division by zero',
      });
    });

    it('cannot reach the network or read DATA_DIR where namespaces are allowed', async () => {
      const status = (await (await admin.request('/api/presence-execution/status')).json()) as {
        engine: { pythonIsolation: string };
      };
      if (status.engine.pythonIsolation !== 'namespaces') return;
      const net = await execute(
        admin,
        'import socket\nsocket.create_connection(("127.0.0.1", 80), timeout=1)',
      );
      expect(net.error).toMatch(/unreachable|refused|OSError/i);
      const files = await execute(
        admin,
        `import os\nprint(os.listdir(${JSON.stringify(python.dataDir)}))`,
      );
      expect(files).toEqual({ success: true, output: '[]\n', error: null });
    });

    it('logs its runs for the self-modification panel', () => {
      const lines = python.app.services.execution.pythonExecutions(2);
      expect(lines).toHaveLength(2);
      expect(lines.at(-1)).toMatch(/ python (ok|failed .*) \d+ ms: /);
    });
  });
});

describe('status and rollback', () => {
  it("is the engine's real state", async () => {
    const response = await owner.request('/api/presence-execution/status');
    const status = (await response.json()) as Record<string, unknown>;
    expect(status).toMatchObject({
      success: true,
      active: true,
      engine: { javascript: true, python: 'disabled' },
      rollbackAvailable: false,
    });
    expect(status.executions).toBe(setup.app.services.execution.recentExecutions());
    expect(status.executions).toBeGreaterThan(5);
    expect(status.lastExecutionAt).toBe(setup.clock.now);
  });

  it('counts the runs on the system features page', async () => {
    const body = (await (await owner.request('/api/manual-console/status')).json()) as {
      console_built: boolean;
      recent_executions: number;
    };
    expect(body.console_built).toBe(true);
    expect(body.recent_executions).toBe(setup.app.services.execution.recentExecutions());
  });

  it("answers 'No rollback data available' without a snapshot source", async () => {
    const response = await owner.request('/api/presence-execution/rollback');
    expect(await response.json()).toEqual({ success: false, error: NO_ROLLBACK });
  });

  it('answers the newest snapshot of the source the lead wires', async () => {
    const snapshot = { id: 'snap-1', description: 'before the greeting change', timestamp: 5 };
    const other = await startTestApp({ rollbackSource: { newest: () => snapshot } });
    const admin = other.browser({ userAgent: IPHONE_UA });
    await admin.loginOk();
    const response = await admin.request('/api/presence-execution/rollback');
    expect(await response.json()).toEqual({ success: true, rollback: snapshot });
  });
});

describe('autonomous tasks', () => {
  async function task(type: string): Promise<Answer> {
    const response = await owner.post('/api/presence-execution/autonomous-task', {
      type,
      description: `${type} from the console`,
      priority: 'medium',
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  }

  it("maintenance runs the monitor's integrity scan and says what it found", async () => {
    const answer = await task('maintenance');
    const files = setup.stores.devcore.data.lastScan!.files;
    expect(answer).toEqual({
      success: true,
      output: `Scanned ${files.length} files, 0 problems`,
      error: null,
    });
    expect(files.length).toBeGreaterThan(3);
  });

  it('learning merges near-duplicate memories and says so', async () => {
    const lattice = setup.app.services.lattice;
    const fields = { contextType: 'conversation', source: 'user', ownerOnly: false } as const;
    await lattice.create(OWNER_ACCOUNT, {
      content: 'Ada loves green tea in the morning',
      ...fields,
    });
    setup.clock.advance(1000);
    await lattice.create(OWNER_ACCOUNT, {
      content: 'Ada loves green tea in the morning!',
      ...fields,
    });
    await lattice.create(OWNER_ACCOUNT, { content: 'The cat is called Miso', ...fields });
    const before = lattice.list(OWNER_ACCOUNT).length;
    const answer = await task('learning');
    expect(answer.output).toBe(
      `Consolidated ${before} memories: merged 1 near-duplicate, faded 0 never recalled`,
    );
    expect(lattice.list(OWNER_ACCOUNT).map((node) => node.content)).toEqual([
      'The cat is called Miso',
      'Ada loves green tea in the morning',
    ]);
  });

  it('consciousness runs a collection cycle', async () => {
    const before = setup.stores.consciousness.data.lastRun;
    const answer = await task('consciousness');
    const run = setup.stores.consciousness.data.lastRun!;
    expect(run).not.toEqual(before);
    expect(answer.success).toBe(true);
    expect(answer.output).toMatch(
      new RegExp(
        `^Collection cycle: ${run.added} new entr(y|ies) from ${run.sources.length} sources`,
      ),
    );
  });

  it("answers 'Autonomous task failed' with the reason when the work cannot run", async () => {
    await setup.app.services.power.apply('deep-pause', null);
    expect(setup.app.services.consciousness.cycleState()).toBe('stopped');
    const answer = await task('consciousness');
    expect(answer.success).toBe(false);
    expect(answer.error).toMatch(/^Autonomous task failed: /);
  });
});

describe('a plain user', () => {
  it.each([
    ['GET', '/api/presence-execution/status', undefined],
    ['GET', '/api/presence-execution/rollback', undefined],
    ['POST', '/api/presence-execution/execute', { code: '1 + 1', context: 'manual_console' }],
    [
      'POST',
      '/api/presence-execution/autonomous-task',
      { type: 'maintenance', description: 'x', priority: 'medium' },
    ],
  ])('gets 403 from %s %s', async (method, path, json) => {
    const response = await guest.request(path, { method, json });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, error: ADMIN_REQUIRED });
  });
});
