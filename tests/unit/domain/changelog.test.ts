// CHANGELOG.md into build records (src/domain/changelog.ts; docs/build-history.md): the repository's own
// changelog reads whole and true to the issues, and a malformed release is skipped with its line and why.
import { describe, expect, it } from 'vitest';
import { MAX_FEATURES, MAX_NAME_CHARS } from '@/domain/build-history';
import { parseChangelog, parseHeading } from '@/domain/changelog';
// The file as the server reads it (Vite's ?raw: the app's test project has no Node types).
import changelogText from '../../../CHANGELOG.md?raw';

const release = (overrides: { heading?: string; meta?: string[]; rest?: string[] } = {}) =>
  [
    overrides.heading ?? '## [1.2.0] - 2026-11-25 — Presence hub',
    ...(overrides.meta ?? [
      '- Category: Operations',
      '- Status: completed',
      '- Impact: major',
      '- Technologies: Hono, zod,  web-push ,',
    ]),
    ...(overrides.rest ?? [
      '',
      'A register of cameras',
      'and staff.',
      '',
      'Second paragraph.',
      '',
      '### Features',
      '- Cameras, staff and',
      '  vehicles.',
      '- Push on a critical event.',
      '',
      '### Notes',
      'Merged as 563c9eb.',
    ]),
  ].join('\n');

describe("the repository's CHANGELOG.md", () => {
  const { builds, problems } = parseChangelog(changelogText);

  it('parses whole: no release is skipped', () => {
    expect(problems).toEqual([]);
  });

  it('has one release per issue (2, 3, 8 to 21) and the scaffold; issue 21, being built, is in progress', () => {
    expect(builds.map((build) => build.version)).toEqual([
      '0.21.0',
      '0.20.0',
      '0.19.0',
      '0.18.0',
      '0.17.0',
      '0.16.0',
      '0.15.0',
      '0.14.0',
      '0.13.0',
      '0.12.0',
      '0.11.0',
      '0.10.0',
      '0.9.0',
      '0.8.0',
      '0.3.0',
      '0.2.0',
      '0.1.0',
    ]);
    expect(builds.filter((build) => build.status === 'in-progress').map((b) => b.id)).toEqual([
      'v0.21.0',
    ]);
  });

  it('is newest first, each dated on a day the git history has commits', () => {
    const days = builds.map((build) => build.timestamp.slice(0, 10));
    expect([...days].sort().reverse()).toEqual(days);
    expect(new Set(days)).toEqual(
      new Set(['2026-11-21', '2026-11-22', '2026-11-24', '2026-11-25', '2026-11-29']),
    );
  });

  it('gives every release a description and its features', () => {
    for (const build of builds) {
      expect(build.description.length, build.id).toBeGreaterThan(40);
      expect(build.features.length, build.id).toBeGreaterThanOrEqual(3);
      expect(build.technologies.length, build.id).toBeGreaterThan(0);
    }
  });
});

describe('parseChangelog', () => {
  it('reads a release: heading, the metadata lines, paragraphs, features and notes', () => {
    const { builds, problems } = parseChangelog(`# Changelog\n\nIntro text.\n\n${release()}\n`);
    expect(problems).toEqual([]);
    expect(builds).toEqual([
      {
        id: 'v1.2.0',
        name: 'Presence hub',
        description: 'A register of cameras and staff.\n\nSecond paragraph.',
        category: 'Operations',
        status: 'completed',
        impact: 'major',
        version: '1.2.0',
        timestamp: '2026-11-25T00:00:00.000Z',
        technologies: ['Hono', 'zod', 'web-push'],
        features: ['Cameras, staff and vehicles.', 'Push on a critical event.'],
        notes: 'Merged as 563c9eb.',
      },
    ]);
  });

  it('takes an Id line as the id, reads CRLF files, and a release without notes has notes null', () => {
    const text = release({
      meta: ['- Id: hub-first', '- Category: Ops', '- Status: active', '- Impact: minor'],
      rest: ['', 'Text.'],
    }).replaceAll('\n', '\r\n');
    const [build] = parseChangelog(text).builds;
    expect(build).toMatchObject({ id: 'hub-first', notes: null, features: [], technologies: [] });
  });

  it('accepts a plain hyphen between the date and the name', () => {
    expect(parseHeading('## [0.1.0] - 2026-11-21 - Scaffold')).toEqual({
      version: '0.1.0',
      date: '2026-11-21',
      name: 'Scaffold',
    });
  });

  it.each([
    ['## Unreleased', /release heading reads '## \[<version>\] - <YYYY-MM-DD> — <name>'/],
    ['## [1.0.0] 2026-11-25 — X', /release heading reads/],
    ['## [1.0.0] - 2026-02-30 — X', /'2026-02-30' is not a date/],
    ['## [1.0.0] - 2026-11-25 —   ', /no name after the date/],
    ['## [] - 2026-11-25 — X', /version must be 1 to 32 characters/],
  ])('skips a release whose heading is %j, saying why', (heading, why) => {
    const { builds, problems } = parseChangelog(release({ heading }));
    expect(builds).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.line).toBe(1);
    expect(problems[0]!.message).toMatch(why);
  });

  it.each([
    [
      'an unknown status',
      { meta: ['- Category: X', '- Status: shipped', '- Impact: major'] },
      'status must be one of active, completed, archived, in-progress',
    ],
    [
      'an unknown impact',
      { meta: ['- Category: X', '- Status: active', '- Impact: huge'] },
      'impact must be one of major, minor, patch',
    ],
    [
      'no category line',
      { meta: ['- Status: active', '- Impact: major'] },
      "it has no '- category:' line",
    ],
    [
      'an unknown metadata line',
      { meta: ['- Category: X', '- Status: active', '- Impact: major', '- Owner: me'] },
      'line 5: ',
    ],
    [
      'a line given twice',
      { meta: ['- Category: X', '- Category: Y', '- Status: active', '- Impact: major'] },
      "line 3: 'category' is given twice",
    ],
    ['no description', { rest: ['', '### Features', '- One.'] }, 'description is required'],
    [
      'an unknown section',
      { rest: ['', 'Text.', '', '### Changes', '- One.'] },
      "'### Changes' is not '### Features' or '### Notes'",
    ],
    [
      'a stray line in the features',
      { rest: ['', 'Text.', '', '### Features', '- One.', 'not a list line'] },
      "line 11: a list line starts with '- '",
    ],
    [
      'too many features',
      {
        rest: [
          '',
          'Text.',
          '### Features',
          ...Array.from({ length: MAX_FEATURES + 1 }, (_, i) => `- F${i}`),
        ],
      },
      `features may list at most ${MAX_FEATURES}`,
    ],
    [
      'a bad id',
      { meta: ['- Id: -bad id', '- Category: X', '- Status: active', '- Impact: major'] },
      "its id '-bad id' must be 1 to 64",
    ],
  ])('skips a release with %s, saying why', (_label, overrides, why) => {
    const { builds, problems } = parseChangelog(release(overrides));
    expect(builds).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain(
      "Skipped '[1.2.0] - 2026-11-25 — Presence hub' (line 1)",
    );
    expect(problems[0]!.message).toContain(why);
  });

  it('skips a name over the limit', () => {
    const heading = `## [1.0.0] - 2026-11-25 — ${'n'.repeat(MAX_NAME_CHARS + 1)}`;
    expect(parseChangelog(release({ heading })).problems[0]!.message).toContain(
      `name must be at most ${MAX_NAME_CHARS} characters`,
    );
  });

  it('keeps the good releases around a bad one, and names the bad one by its line', () => {
    const text = [
      release({ heading: '## [3.0.0] - 2026-11-29 — Three' }),
      '',
      release({ heading: '## [2.0.0] - 2026-11-28 — Two', meta: ['- Status: active'] }),
      '',
      release({ heading: '## [1.0.0] - 2026-11-27 — One' }),
    ].join('\n');
    const { builds, problems } = parseChangelog(text);
    expect(builds.map((build) => build.id)).toEqual(['v3.0.0', 'v1.0.0']);
    expect(problems).toEqual([
      { line: 20, message: expect.stringContaining("'[2.0.0] - 2026-11-28 — Two' (line 20)") },
    ]);
  });

  it('skips the second release with an id already read', () => {
    const text = [release(), '', release()].join('\n');
    const { builds, problems } = parseChangelog(text);
    expect(builds).toHaveLength(1);
    expect(problems[0]!.message).toContain("its id 'v1.2.0' is already taken");
  });

  it('reads a file without releases as none, with no problem', () => {
    expect(parseChangelog('# Changelog\n\nNothing yet.\n')).toEqual({ builds: [], problems: [] });
    expect(parseChangelog('')).toEqual({ builds: [], problems: [] });
  });
});
