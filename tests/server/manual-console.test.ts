// Issue 17 point 5: the manual console's files. Upload limits (10 MB decoded: 'File too large' /
// '{file} is over 10MB limit' as a 413, nothing written), names that would leave DATA_DIR/console-files,
// the accept list of 002 §5, the task processor naming a syntax error it parsed, and admin only.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REQUIRED } from '../../server/auth/guards';
import { PERMISSION_IDS } from '../../server/auth/permissions';
import { CONSOLE_FILES_DIR } from '../../server/manual-console/console-files';
import { NOT_PROCESSABLE } from '../../server/routes/manual-console';
import type { FileAnalysis } from '../../server/manual-console/file-analysis';
import { MAX_CONSOLE_FILE_BYTES } from '../../src/domain/console-input';
import {
  ANDROID_UA,
  IPHONE_UA,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

let setup: TestApp;
let owner: TestBrowser;
let guest: TestBrowser;
let guestId: string;
let folder: string;

beforeAll(async () => {
  setup = await startTestApp();
  owner = setup.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  await owner.register('Ada');
  guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  guestId = (await guest.loginOk()).user.id;
  await guest.register('Grace');
  folder = join(setup.dataDir, CONSOLE_FILES_DIR);
});
afterAll(removeDataDirs);

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

function upload(browser: TestBrowser, fileName: string, content: string | Buffer, extra = {}) {
  const bytes = Buffer.from(content);
  return browser.request('/api/manual-console/upload', {
    method: 'POST',
    json: {
      fileName,
      fileContent: bytes.toString('base64'),
      fileType: 'text/plain',
      fileSize: bytes.length,
      ...extra,
    },
  });
}

/** The folder's entries (temp files included), or [] before the first upload. */
async function entries(): Promise<string[]> {
  return existsSync(folder) ? (await readdir(folder)).sort() : [];
}

describe('upload, list, read, delete', () => {
  it('stores an accepted file and answers its file_info; the list and the content follow', async () => {
    const response = await upload(owner, 'notes.md', '# hello\n');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      file_info: { fileName: 'notes.md', fileSize: 8, fileType: 'text/plain' },
    });
    expect(await readFile(join(folder, 'notes.md'), 'utf8')).toBe('# hello\n');

    const list = (await (await owner.request('/api/manual-console/files')).json()) as {
      files: { fileName: string; fileSize: number }[];
    };
    expect(list.files).toContainEqual(
      expect.objectContaining({ fileName: 'notes.md', fileSize: 8 }),
    );

    const read = await owner.request('/api/manual-console/files/notes.md');
    expect(await read.json()).toEqual({ success: true, content: '# hello\n' });

    const removed = await owner.request('/api/manual-console/files/notes.md', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(existsSync(join(folder, 'notes.md'))).toBe(false);
    expect((await owner.request('/api/manual-console/files/notes.md')).status).toBe(404);
  });

  it('counts the console files in the console status uploaded_files', async () => {
    const count = async () =>
      (
        (await (await owner.request('/api/manual-console/status')).json()) as {
          uploaded_files: number;
        }
      ).uploaded_files;
    const before = await count();
    await upload(owner, 'counted.txt', 'one');
    expect(await count()).toBe(before + 1);
    await owner.request('/api/manual-console/files/counted.txt', { method: 'DELETE' });
    expect(await count()).toBe(before);
  });
});

describe('upload limits', () => {
  it('refuses 10 MB + 1 decoded with a 413 in the spec words, and writes nothing', async () => {
    const before = await entries();
    const big = Buffer.alloc(MAX_CONSOLE_FILE_BYTES + 1, 0x61);
    // The browser's declared size left out: the server counts the decoded bytes itself.
    const response = await owner.request('/api/manual-console/upload', {
      method: 'POST',
      json: { fileName: 'big.txt', fileContent: big.toString('base64'), fileType: 'text/plain' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      error: 'File too large',
      message: 'big.txt is over 10MB limit',
    });
    expect(await entries()).toEqual(before);
  });

  it('takes exactly 10 MB', async () => {
    const response = await upload(owner, 'exact.txt', Buffer.alloc(MAX_CONSOLE_FILE_BYTES, 0x62));
    expect(response.status).toBe(200);
    await owner.request('/api/manual-console/files/exact.txt', { method: 'DELETE' });
  });

  it('refuses a body far past the cap from its declared length, before reading it', async () => {
    const response = await owner.request('/api/manual-console/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(20 * 1024 * 1024) },
      body: '{}',
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('File too large');
  });

  it('refuses content that is not base64', async () => {
    const response = await owner.request('/api/manual-console/upload', {
      method: 'POST',
      json: { fileName: 'x.txt', fileContent: 'not base64!', fileType: 'text/plain' },
    });
    expect(response.status).toBe(400);
    expect(existsSync(join(folder, 'x.txt'))).toBe(false);
  });
});

describe('the accept list of 002 §5', () => {
  it.each(['a.py', 'b.ts', 'c.tsx', 'd.yml', 'e.CSV', 'f.h'])('takes %s', async (name) => {
    expect((await upload(owner, name, 'x')).status).toBe(200);
    await owner.request(`/api/manual-console/files/${encodeURIComponent(name)}`, {
      method: 'DELETE',
    });
  });

  it.each(['run.exe', 'image.png', 'Makefile', 'archive.tar.gz'])('refuses %s', async (name) => {
    const response = await upload(owner, name, 'x');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      `${name} is not an accepted file type`,
    );
    expect(existsSync(join(folder, name))).toBe(false);
  });
});

describe('names cannot leave the folder', () => {
  const hostile = [
    '../x.txt',
    '../../etc/passwd.txt',
    '/etc/passwd',
    'a/b.ts',
    'a\\b.ts',
    'x\u0000.ts',
    '..',
    '.env.txt',
  ];

  it.each(hostile)('upload of %j: 400, nothing written', async (name) => {
    const before = await entries();
    const response = await upload(owner, name, 'pwned');
    expect(response.status).toBe(400);
    expect(await entries()).toEqual(before);
    expect(existsSync(join(setup.dataDir, 'x.txt'))).toBe(false);
  });

  // '..' alone is resolved by the URL itself (/files/.. is /api/manual-console): a 404 of no route.
  it.each(hostile.filter((name) => name !== '..'))(
    'read and delete of %j (encoded in the path): 400',
    async (name) => {
      const path = `/api/manual-console/files/${encodeURIComponent(name)}`;
      expect((await owner.request(path)).status).toBe(400);
      expect((await owner.request(path, { method: 'DELETE' })).status).toBe(400);
    },
  );

  it('a symlink planted in the folder is neither read nor written through', async () => {
    const outside = join(setup.dataDir, 'secret.txt');
    await writeFile(outside, 'the secret');
    await mkdir(folder, { recursive: true });
    await symlink(outside, join(folder, 'link.txt'));

    const read = await owner.request('/api/manual-console/files/link.txt');
    expect(read.status).toBe(400);
    expect(await read.text()).not.toContain('the secret');

    const write = await upload(owner, 'link.txt', 'overwritten');
    expect(write.status).toBe(400);
    expect(await readFile(outside, 'utf8')).toBe('the secret');

    const processed = await owner.request('/api/manual-console/process-with-hydra', {
      method: 'POST',
      json: { fileName: 'link.txt' },
    });
    expect(processed.status).toBe(400);
    const list = (await (await owner.request('/api/manual-console/files')).json()) as {
      files: { fileName: string }[];
    };
    expect(list.files.map((file) => file.fileName)).not.toContain('link.txt');
  });
});

describe('process-with-hydra', () => {
  async function process(fileName: string): Promise<Response> {
    return owner.request('/api/manual-console/process-with-hydra', {
      method: 'POST',
      json: { fileName },
    });
  }

  it('names the syntax error it parsed in a .ts file, with its line', async () => {
    const source = [
      "import { readFile } from 'node:fs/promises';",
      'export function greet(name: string): string {',
      '  return `hi ${name}`;',
      '}',
      'const broken = (a: number => a * 2;',
      '',
    ].join('\n');
    await upload(owner, 'broken.ts', source);
    const response = await process('broken.ts');
    expect(response.status).toBe(200);
    const { analysis } = (await response.json()) as { analysis: FileAnalysis };
    expect(analysis).toMatchObject({
      fileName: 'broken.ts',
      language: 'typescript',
      lines: 5,
      imports: ['node:fs/promises'],
      syntaxChecked: true,
    });
    expect(analysis.functions).toContain('greet');
    expect(analysis.syntaxErrors.length).toBeGreaterThan(0);
    expect(analysis.syntaxErrors[0]!.line).toBe(5);
    expect(analysis.summary).toContain('syntax error at line 5');
  });

  it('finds a clean .js file clean, with its functions and imports', async () => {
    await upload(
      owner,
      'clean.js',
      "const fs = require('fs');\nfunction a() {}\nconst b = () => 1;\nclass C { m() {} }\n",
    );
    const { analysis } = (await (await process('clean.js')).json()) as { analysis: FileAnalysis };
    expect(analysis.syntaxErrors).toEqual([]);
    expect(analysis.functions).toEqual(['a', 'b', 'm']);
    expect(analysis.imports).toEqual(['fs']);
    expect(analysis.summary).toBe('clean.js: 4 lines, 3 functions, 1 import; no syntax errors');
  });

  it('parses Python with python3 and names its syntax error', async () => {
    await upload(
      owner,
      'tool.py',
      'import os\nfrom sys import argv\n\ndef main():\n    return 1\n\ndef bad(:\n    pass\n',
    );
    const { analysis } = (await (await process('tool.py')).json()) as { analysis: FileAnalysis };
    // A machine without python3 says so rather than claiming the file is clean.
    if (!analysis.syntaxChecked) {
      expect(analysis.summary).toContain('syntax not checked');
      return;
    }
    expect(analysis.syntaxErrors).toHaveLength(1);
    expect(analysis.syntaxErrors[0]!.line).toBe(7);
  });

  it('refuses other file types and missing files', async () => {
    await upload(owner, 'data.json', '{}');
    const refused = await process('data.json');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(NOT_PROCESSABLE);
    expect((await process('missing.ts')).status).toBe(404);
  });
});

describe('admin only', () => {
  const calls = [
    { path: '/api/manual-console/files' },
    { path: '/api/manual-console/files/a.ts' },
    { path: '/api/manual-console/files/a.ts', options: { method: 'DELETE' } },
    {
      path: '/api/manual-console/upload',
      options: { method: 'POST', json: { fileName: 'g.ts', fileContent: b64('x') } },
    },
    {
      path: '/api/manual-console/process-with-hydra',
      options: { method: 'POST', json: { fileName: 'a.ts' } },
    },
  ];

  it.each(calls)('a plain user gets 403 from $options.method $path', async ({ path, options }) => {
    await setup.stores.auth.update((data) => {
      data.users.find((u) => u.id === guestId)!.permissions = ['chat', 'screen_settings'];
    });
    expect((await guest.request(path, options)).status).toBe(403);
  });

  it.each(calls)(
    'a user holding every permission but no admin role gets 403 from $options.method $path',
    async ({ path, options }) => {
      await setup.stores.auth.update((data) => {
        data.users.find((u) => u.id === guestId)!.permissions = [...PERMISSION_IDS];
      });
      const response = await guest.request(path, options);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: string }).error).toBe(ADMIN_REQUIRED);
      expect(existsSync(join(folder, 'g.ts'))).toBe(false);
    },
  );
});
