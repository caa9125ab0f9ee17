// The build history screens' rules (src/features/build-history/model; docs/build-history.md): reading the
// answers, the category tabs, the detailed list's sort and filter, the inline code of the changelog.
import { describe, expect, it } from 'vitest';
import type { BuildRecord } from '@/domain/build-history';
import {
  ALL_CATEGORIES,
  buildDateText,
  buildsOfTab,
  categoryTabs,
  filterBuilds,
  inlineCode,
  NO_FILTER,
  parseBuilds,
  parseStats,
  sortBuilds,
} from '@/features/build-history/model/builds';

const build = (id: string, overrides: Partial<BuildRecord> = {}): BuildRecord => ({
  id,
  name: id,
  description: `About ${id}.`,
  category: 'Chat',
  status: 'completed',
  impact: 'minor',
  version: null,
  timestamp: '2026-11-25T00:00:00.000Z',
  technologies: [],
  features: [],
  notes: null,
  ...overrides,
});

const HUB = build('hub', {
  name: 'Presence hub',
  category: 'Operations',
  impact: 'major',
  version: '0.19.0',
  technologies: ['web-push'],
  features: ['Cameras and staff'],
  notes: 'Merged as 563c9eb.',
});
const CHAT = build('chat', {
  name: 'Offline-first chat',
  timestamp: '2026-11-22T00:00:00.000Z',
  impact: 'major',
  version: '0.3.0',
});
const WEBKIT = build('webkit', {
  name: 'Kiri in WebKit',
  category: 'Foundation',
  timestamp: '2026-11-24T00:00:00.000Z',
  version: '0.9.0',
});
const NOW = build('now', {
  name: 'the remaining screens',
  category: 'Dashboards',
  status: 'in-progress',
  timestamp: '2026-11-29T00:00:00.000Z',
  version: '0.20.0',
});
const ALL = [CHAT, HUB, NOW, WEBKIT];

describe('parseBuilds and parseStats', () => {
  it('reads the answer, leaving out a build with a missing or wrong field', () => {
    expect(
      parseBuilds({
        success: true,
        builds: [HUB, { ...CHAT, status: 'shipped' }, { ...WEBKIT, technologies: 'x' }, null],
      }),
    ).toEqual([HUB]);
  });

  it('is null for an answer without a list', () => {
    expect(parseBuilds({ success: true })).toBeNull();
    expect(parseBuilds(null)).toBeNull();
  });

  it('reads the four counts, or null when one is not a count', () => {
    const stats = { totalBuilds: 16, activeProjects: 1, majorFeatures: 13, developmentDays: 5 };
    expect(parseStats({ success: true, ...stats })).toEqual(stats);
    expect(parseStats({ ...stats, majorFeatures: -1 })).toBeNull();
    expect(parseStats({ ...stats, developmentDays: '5' })).toBeNull();
  });
});

describe('category tabs', () => {
  it('are All, then each category once, A to Z', () => {
    expect(categoryTabs(ALL)).toEqual([
      ALL_CATEGORIES,
      'Chat',
      'Dashboards',
      'Foundation',
      'Operations',
    ]);
    expect(categoryTabs([])).toEqual([ALL_CATEGORIES]);
  });

  it("show a tab's builds newest first; All shows every build", () => {
    expect(buildsOfTab(ALL, ALL_CATEGORIES).map((b) => b.id)).toEqual([
      'now',
      'hub',
      'webkit',
      'chat',
    ]);
    expect(buildsOfTab(ALL, 'Chat').map((b) => b.id)).toEqual(['chat']);
    expect(buildsOfTab(ALL, 'Nothing')).toEqual([]);
  });
});

describe('sortBuilds', () => {
  const ids = (builds: BuildRecord[]) => builds.map((b) => b.id);

  it('by date, either way', () => {
    expect(ids(sortBuilds(ALL, 'date', 'desc'))).toEqual(['now', 'hub', 'webkit', 'chat']);
    expect(ids(sortBuilds(ALL, 'date', 'asc'))).toEqual(['chat', 'webkit', 'hub', 'now']);
  });

  it('by name, ignoring case', () => {
    expect(ids(sortBuilds(ALL, 'name', 'asc'))).toEqual(['webkit', 'chat', 'hub', 'now']);
  });

  it('by impact: major above minor above patch, equals newest first', () => {
    const patch = build('patch', { impact: 'patch', timestamp: '2026-11-30T00:00:00.000Z' });
    expect(ids(sortBuilds([...ALL, patch], 'impact', 'desc'))).toEqual([
      'hub',
      'chat',
      'now',
      'webkit',
      'patch',
    ]);
  });

  it('by status: in progress, active, completed, archived', () => {
    const archived = build('old', { status: 'archived' });
    const active = build('live', { status: 'active' });
    expect(ids(sortBuilds([archived, HUB, active, NOW], 'status', 'asc'))).toEqual([
      'now',
      'live',
      'hub',
      'old',
    ]);
  });

  it('does not change the list it is given', () => {
    const copy = [...ALL];
    sortBuilds(ALL, 'name', 'asc');
    expect(ALL).toEqual(copy);
  });
});

describe('filterBuilds', () => {
  const ids = (builds: BuildRecord[]) => builds.map((b) => b.id);

  it('passes everything with no filter', () => {
    expect(filterBuilds(ALL, NO_FILTER)).toEqual(ALL);
  });

  it('by category and by status', () => {
    expect(ids(filterBuilds(ALL, { ...NO_FILTER, category: 'Operations' }))).toEqual(['hub']);
    expect(ids(filterBuilds(ALL, { ...NO_FILTER, status: 'in-progress' }))).toEqual(['now']);
    expect(filterBuilds(ALL, { ...NO_FILTER, category: 'Chat', status: 'in-progress' })).toEqual(
      [],
    );
  });

  it('by every word of the search, in any field, any case', () => {
    expect(ids(filterBuilds(ALL, { ...NO_FILTER, text: 'WEB-PUSH' }))).toEqual(['hub']);
    expect(ids(filterBuilds(ALL, { ...NO_FILTER, text: 'cameras 563c9eb' }))).toEqual(['hub']);
    expect(ids(filterBuilds(ALL, { ...NO_FILTER, text: '0.9.0' }))).toEqual(['webkit']);
    expect(ids(filterBuilds(ALL, { ...NO_FILTER, text: 'cameras webkit' }))).toEqual([]);
    expect(filterBuilds(ALL, { ...NO_FILTER, text: '   ' })).toEqual(ALL);
  });
});

describe('inlineCode', () => {
  it('marks `backticked` words as code', () => {
    expect(inlineCode('kept in `presence-hub.json`, counted')).toEqual([
      { text: 'kept in ', code: false },
      { text: 'presence-hub.json', code: true },
      { text: ', counted', code: false },
    ]);
  });

  it('leaves an unpaired backtick and plain text as they are', () => {
    expect(inlineCode('a ` b')).toEqual([{ text: 'a ` b', code: false }]);
    expect(inlineCode('')).toEqual([]);
  });
});

describe('buildDateText', () => {
  it('is the UTC day, whatever the device zone', () => {
    expect(buildDateText('2026-11-25T00:00:00.000Z', 'en-GB')).toBe('25 Nov 2026');
    expect(buildDateText('not a date')).toBe('not a date');
  });
});
