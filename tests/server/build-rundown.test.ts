// /api/build-rundown (issue 20 item 1, docs/build-history.md): a fresh DATA_DIR lists the repository's
// changelog as its builds; the four stats from the records; the admin's add, change and remove (unknown id
// 404, a taken id 409); bad input is a 400 with nothing written; a plain user reads but gets 403 on every
// write; the admin's state survives a restart of createApp on the same DATA_DIR (the changelog is not read
// again); a malformed or missing changelog seeds what it can and says why; the nine built-in systems are
// the system tree's own.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStats, type BuildRecord } from '../../src/domain/build-history';
import { parseChangelog } from '../../src/domain/changelog';
import {
  BUILD_RUNDOWN_FILE_NAME,
  openBuildRundownStore,
} from '../../server/build-rundown/build-rundown-store';
import { BUILT_IN_SYSTEM_IDS } from '../../server/build-rundown/built-in-systems';
import { closeStores } from '../../server/store/stores';
import {
  ANDROID_UA,
  expectError,
  IPHONE_UA,
  removeDataDirs,
  startTestApp,
  type TestApp,
  type TestBrowser,
} from './support/harness';

const BASE = '/api/build-rundown';
const CHANGELOG = resolve(__dirname, '../../CHANGELOG.md');

afterEach(removeDataDirs);

async function changelogBuilds(): Promise<BuildRecord[]> {
  const { builds, problems } = parseChangelog(await readFile(CHANGELOG, 'utf8'));
  expect(problems).toEqual([]);
  return builds;
}

async function owner(setup: TestApp): Promise<TestBrowser> {
  const browser = setup.browser({ userAgent: IPHONE_UA });
  await browser.loginOk();
  await browser.register('Mei');
  return browser;
}

async function plainUser(setup: TestApp): Promise<TestBrowser> {
  const browser = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.40' });
  await browser.loginOk();
  await browser.register('Guest');
  return browser;
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const list = async (browser: TestBrowser) =>
  (await ok<{ success: true; builds: BuildRecord[] }>(await browser.request(`${BASE}/builds`)))
    .builds;
const stats = async (browser: TestBrowser) =>
  ok<{
    success: true;
    totalBuilds: number;
    activeProjects: number;
    majorFeatures: number;
    developmentDays: number;
  }>(await browser.request(`${BASE}/stats`));

const NEW_BUILD = {
  id: 'kiri-widget',
  name: 'Home-screen widget',
  description: 'A widget with the day’s last message.',
  category: 'Chat',
  status: 'active',
  impact: 'minor',
  version: '0.21.0',
  timestamp: '2026-12-01',
  technologies: ['WidgetKit'],
  features: ['The last message', 'A tap opens the chat'],
  notes: 'Planned after issue 20.',
};

const put = (browser: TestBrowser, id: string, json: unknown) =>
  browser.request(`${BASE}/builds/${id}`, { method: 'PUT', json });
const remove = (browser: TestBrowser, id: string) =>
  browser.request(`${BASE}/builds/${id}`, { method: 'DELETE' });

const fileOf = (setup: TestApp) => readFile(join(setup.dataDir, BUILD_RUNDOWN_FILE_NAME), 'utf8');

describe('seeded from the changelog', () => {
  it("lists the changelog's builds on a fresh DATA_DIR, newest first, and says where they came from", async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const expected = await changelogBuilds();
    expect(expected.length).toBeGreaterThanOrEqual(16);
    expect(await list(mei)).toEqual(expected);
    const file = JSON.parse(await fileOf(setup)) as { seed: unknown };
    expect(file.seed).toEqual({
      source: 'CHANGELOG.md',
      builds: expected.length,
      problems: [],
      error: null,
    });
  });

  it('answers the four stats from the records', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const expected = buildStats(await changelogBuilds());
    expect(await stats(mei)).toEqual({ success: true, ...expected });
    // The changelog as written: 17 releases, issue 21's in progress, 13 of major impact, on the 5
    // days of the git history that have commits.
    expect(expected).toEqual({
      totalBuilds: 17,
      activeProjects: 1,
      majorFeatures: 13,
      developmentDays: 5,
    });
  });

  it('any session reads; without one it is a 401', async () => {
    const setup = await startTestApp();
    await owner(setup);
    const guest = await plainUser(setup);
    expect((await list(guest)).length).toBeGreaterThan(0);
    await expectError(await setup.browser().request(`${BASE}/builds`), 401, 'Not logged in');
  });

  it('seeds what a malformed changelog holds, and keeps the line and reason of each release skipped', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kiri-changelog-'));
    try {
      const changelog = join(folder, 'CHANGELOG.md');
      await writeFile(
        changelog,
        [
          '# Changelog',
          '',
          '## [2.0.0] - 2026-11-30 — Good',
          '- Category: Chat',
          '- Status: active',
          '- Impact: minor',
          '',
          'It works.',
          '',
          '## [1.0.0] - 2026-11-31 — Bad date',
          '- Category: Chat',
          '- Status: completed',
          '- Impact: major',
          '',
          'Never read.',
        ].join('\n'),
      );
      const store = await openBuildRundownStore(join(folder, 'data'), { changelogPath: changelog });
      expect(store.data.builds.map((build) => build.id)).toEqual(['v2.0.0']);
      expect(store.data.seed).toEqual({
        source: 'CHANGELOG.md',
        builds: 1,
        problems: [
          {
            line: 10,
            message:
              "Skipped '[1.0.0] - 2026-11-31 — Bad date' (line 10): '2026-11-31' is not a date (YYYY-MM-DD)",
          },
        ],
        error: null,
      });
      await store.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('starts empty when the changelog cannot be read, and says why', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kiri-changelog-'));
    try {
      const store = await openBuildRundownStore(join(folder, 'data'), {
        changelogPath: join(folder, 'MISSING.md'),
      });
      expect(store.data.builds).toEqual([]);
      expect(store.data.seed).toMatchObject({ source: 'MISSING.md', builds: 0 });
      expect(store.data.seed?.error).toMatch(/ENOENT/);
      await store.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("the admin's changes", () => {
  it('adds a build (201), which the list and the stats then count', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const before = await stats(mei);
    const { build } = await ok<{ build: BuildRecord }>(
      await mei.post(`${BASE}/builds`, NEW_BUILD),
      201,
    );
    expect(build).toEqual({ ...NEW_BUILD, timestamp: '2026-12-01T00:00:00.000Z' });
    expect((await list(mei))[0]).toEqual(build);
    expect(await stats(mei)).toEqual({
      ...before,
      totalBuilds: before.totalBuilds + 1,
      activeProjects: before.activeProjects + 1,
      developmentDays: before.developmentDays + 1,
    });
  });

  it('makes the id and takes the time now when the form gives neither; blank version and notes are null', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const { build } = await ok<{ build: BuildRecord }>(
      await mei.post(`${BASE}/builds`, {
        name: '  Trimmed  ',
        description: 'x',
        category: 'Chat',
        status: 'completed',
        impact: 'patch',
        version: '  ',
        notes: '',
      }),
      201,
    );
    expect(build.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(build).toMatchObject({
      name: 'Trimmed',
      version: null,
      notes: null,
      technologies: [],
      features: [],
      timestamp: new Date(setup.clock.read()).toISOString(),
    });
  });

  it('changes a build whole (PUT) and keeps its id', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const { id: _id, ...fields } = NEW_BUILD;
    const { build } = await ok<{ build: BuildRecord }>(
      await put(mei, 'v0.19.0', { ...fields, name: 'Presence hub, renamed', status: 'archived' }),
    );
    expect(build).toMatchObject({
      id: 'v0.19.0',
      name: 'Presence hub, renamed',
      status: 'archived',
    });
    expect((await list(mei)).find((b) => b.id === 'v0.19.0')).toEqual(build);
  });

  it('removes a build', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    await ok(await remove(mei, 'v0.1.0'));
    expect((await list(mei)).map((b) => b.id)).not.toContain('v0.1.0');
    expect((await stats(mei)).totalBuilds).toBe(16);
  });

  it('answers 404 for an unknown id and 409 for a taken one, writing nothing', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const before = await fileOf(setup);
    const { id: _id, ...fields } = NEW_BUILD;
    await expectError(await put(mei, 'v9.9.9', fields), 404, 'Build not found');
    await expectError(await remove(mei, 'v9.9.9'), 404, 'Build not found');
    await expectError(
      await mei.post(`${BASE}/builds`, { ...NEW_BUILD, id: 'v0.19.0' }),
      409,
      "A build with the id 'v0.19.0' already exists",
    );
    expect(await fileOf(setup)).toBe(before);
  });

  it.each([
    ['no name', { name: undefined }, /^name: /],
    ['a blank name', { name: '   ' }, 'name: is required'],
    ['a name too long', { name: 'n'.repeat(121) }, 'name: must be at most 120 characters'],
    [
      'an unknown status',
      { status: 'shipped' },
      /^status: must be one of active, completed, archived, in-progress/,
    ],
    ['an unknown impact', { impact: 'huge' }, /^impact: must be one of major, minor, patch/],
    ['a bad date', { timestamp: '2026-02-30' }, /^timestamp: must be a date/],
    [
      'too many features',
      { features: Array.from({ length: 51 }, (_, i) => `f${i}`) },
      /^features: may list at most 50/,
    ],
    ['an empty feature', { features: ['ok', ' '] }, 'features.1: is required'],
    [
      'a technology too long',
      { technologies: ['t'.repeat(61)] },
      'technologies.0: must be at most 60 characters',
    ],
    ['features not a list', { features: 'one' }, 'features: must be a list of text'],
    ['a bad id', { id: '../etc' }, /^id: must be 1 to 64/],
    ['an unknown field', { colour: 'blue' }, /Unrecognized key/],
  ])('refuses %s with a 400 and writes nothing', async (_label, change, message) => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const before = await fileOf(setup);
    await expectError(await mei.post(`${BASE}/builds`, { ...NEW_BUILD, ...change }), 400, message);
    expect(await fileOf(setup)).toBe(before);
  });

  it('refuses malformed JSON and a bad id in the path with a 400, writing nothing', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const before = await fileOf(setup);
    await expectError(
      await mei.request(`${BASE}/builds`, {
        method: 'POST',
        body: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'Malformed JSON',
    );
    await expectError(await remove(mei, 'bad%20id'), 400, /^id: must be 1 to 64/);
    expect(await fileOf(setup)).toBe(before);
  });

  it('refuses every write of a plain user with 403, writing nothing', async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const guest = await plainUser(setup);
    const before = await fileOf(setup);
    const { id: _id, ...fields } = NEW_BUILD;
    await expectError(await guest.post(`${BASE}/builds`, NEW_BUILD), 403, 'Admin access required');
    await expectError(await put(guest, 'v0.19.0', fields), 403, 'Admin access required');
    await expectError(await remove(guest, 'v0.19.0'), 403, 'Admin access required');
    expect(await fileOf(setup)).toBe(before);
    expect(await list(guest)).toEqual(await list(mei));
  });
});

describe('restart', () => {
  it("keeps the admin's additions, changes and removals; the changelog is not read again", async () => {
    const first = await startTestApp();
    const mei = await owner(first);
    const { id: _id, ...fields } = NEW_BUILD;
    await ok(await put(mei, 'v0.19.0', { ...fields, name: 'Renamed hub' }));
    await ok(await remove(mei, 'v0.1.0'));
    // Last, so no later write carries it to disk by chance.
    await ok(await mei.post(`${BASE}/builds`, NEW_BUILD), 201);
    const expected = await list(mei);
    await closeStores(first.stores);

    const second = await startTestApp({ dataDir: first.dataDir });
    const again = second.browser({ userAgent: IPHONE_UA });
    mei.cloneCookiesInto(again);
    const builds = await list(again);
    expect(builds).toEqual(expected);
    expect(builds.map((b) => b.id)).toContain('kiri-widget');
    expect(builds.map((b) => b.id)).not.toContain('v0.1.0');
    expect(builds.find((b) => b.id === 'v0.19.0')?.name).toBe('Renamed hub');
  });
});

describe('the nine built-in systems', () => {
  it("are the system tree's own entries, with their live state", async () => {
    const setup = await startTestApp();
    const mei = await owner(setup);
    const { systems } = await ok<{
      systems: {
        id: string;
        name: string;
        status: string;
        statusReason: string;
        category: string;
      }[];
    }>(await mei.request(`${BASE}/systems`));
    expect(systems.map((system) => system.id)).toEqual([...BUILT_IN_SYSTEM_IDS]);
    expect(systems).toHaveLength(9);
    const tree = await ok<{
      branches: {
        name: string;
        systems: { id: string; name: string; status: string; status_reason: string }[];
      }[];
    }>(await mei.request('/api/presence-system-tree/status'));
    for (const system of systems) {
      const branch = tree.branches.find((b) => b.systems.some((s) => s.id === system.id))!;
      const own = branch.systems.find((s) => s.id === system.id)!;
      expect(system).toMatchObject({
        name: own.name,
        status: own.status,
        statusReason: own.status_reason,
        category: branch.name,
      });
    }
    // createApp's background jobs are not started in this harness: a system with a job is 'vault'.
    expect(systems.find((system) => system.id === 'chat')).toMatchObject({
      status: 'vault',
      statusReason: 'Background jobs are not started',
    });
    expect(systems.find((system) => system.id === 'personality')?.status).toBe('active');
  });
});
