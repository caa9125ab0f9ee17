// Spec 002 §3 and §4 (docs/build-history.md): the four build stats, a build's timestamp and id, and the
// checks on a record's fields that the changelog, the API and the form share.
import { describe, expect, it } from 'vitest';
import {
  buildProblems,
  buildStats,
  isBuildId,
  MAX_TECHNOLOGIES,
  normalizeTimestamp,
  type BuildFields,
  type BuildRecord,
} from '@/domain/build-history';

const fields = (overrides: Partial<BuildFields> = {}): BuildFields => ({
  name: 'Presence hub',
  description: 'A register.',
  category: 'Operations',
  status: 'completed',
  impact: 'major',
  version: '0.19.0',
  timestamp: '2026-11-25T00:00:00.000Z',
  technologies: ['Hono'],
  features: ['Cameras'],
  notes: null,
  ...overrides,
});

const build = (id: string, overrides: Partial<BuildFields> = {}): BuildRecord => ({
  id,
  ...fields(overrides),
});

describe('buildStats', () => {
  it('counts nothing in an empty history', () => {
    expect(buildStats([])).toEqual({
      totalBuilds: 0,
      activeProjects: 0,
      majorFeatures: 0,
      developmentDays: 0,
    });
  });

  it('totalBuilds: every record', () => {
    expect(buildStats([build('a'), build('b'), build('c')]).totalBuilds).toBe(3);
  });

  it('activeProjects: records active or in-progress, not completed or archived', () => {
    const stats = buildStats([
      build('a', { status: 'active' }),
      build('b', { status: 'in-progress' }),
      build('c', { status: 'completed' }),
      build('d', { status: 'archived' }),
    ]);
    expect(stats.activeProjects).toBe(2);
  });

  it('majorFeatures: records of major impact', () => {
    const stats = buildStats([
      build('a', { impact: 'major' }),
      build('b', { impact: 'minor' }),
      build('c', { impact: 'patch' }),
      build('d', { impact: 'major' }),
    ]);
    expect(stats.majorFeatures).toBe(2);
  });

  it('developmentDays: the different UTC days the records are dated on', () => {
    const stats = buildStats([
      build('a', { timestamp: '2026-11-21T00:00:00.000Z' }),
      build('b', { timestamp: '2026-11-21T23:59:59.999Z' }),
      build('c', { timestamp: '2026-11-24T00:00:00.000Z' }),
      build('d', { timestamp: '2026-11-25T08:00:00.000Z' }),
    ]);
    expect(stats.developmentDays).toBe(3);
  });
});

describe('normalizeTimestamp', () => {
  it.each([
    ['2026-11-25', '2026-11-25T00:00:00.000Z'],
    [' 2026-11-25 ', '2026-11-25T00:00:00.000Z'],
    ['2026-11-25T06:49:17Z', '2026-11-25T06:49:17.000Z'],
    ['2026-11-25T06:49:17.123Z', '2026-11-25T06:49:17.123Z'],
    ['2026-11-25T14:49:17+08:00', '2026-11-25T06:49:17.000Z'],
    ['2026-11-25T01:00:00-05:00', '2026-11-25T06:00:00.000Z'],
    ['2026-11-25T06:49', '2026-11-25T06:49:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('reads %j as %s', (text, iso) => {
    expect(normalizeTimestamp(text)).toBe(iso);
  });

  it.each([
    '',
    'yesterday',
    '2026-13-01',
    '2026-02-29',
    '2026-11-31',
    '25/11/2026',
    '2026-11-25 06:00',
    '2026-11-25Tnoon',
  ])('refuses %j', (text) => {
    expect(normalizeTimestamp(text)).toBeNull();
  });
});

describe('isBuildId', () => {
  it.each(['v0.19.0', 'presence_hub-2', 'A'])('takes %j', (id) => {
    expect(isBuildId(id)).toBe(true);
  });
  it.each(['', '-lead', '.lead', 'has space', 'slash/id', 'x'.repeat(65), 'é'])(
    'refuses %j',
    (id) => {
      expect(isBuildId(id)).toBe(false);
    },
  );
});

describe('buildProblems', () => {
  it('finds none in a whole record', () => {
    expect(buildProblems(fields())).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(
      buildProblems(
        fields({
          name: '  ',
          description: '',
          category: '',
          status: 'shipped' as never,
          impact: 'huge' as never,
          version: ' ',
          timestamp: 'soon',
          technologies: Array.from({ length: MAX_TECHNOLOGIES + 1 }, (_, i) => `t${i}`),
          features: ['ok', ' '],
          notes: '',
        }),
      ),
    ).toEqual({
      name: 'is required',
      description: 'is required',
      category: 'is required',
      status: 'must be one of active, completed, archived, in-progress',
      impact: 'must be one of major, minor, patch',
      version: 'is required',
      timestamp: 'must be a date (YYYY-MM-DD) or an ISO 8601 date and time',
      technologies: `may list at most ${MAX_TECHNOLOGIES}`,
      features: 'may not hold an empty entry',
      notes: 'is required',
    });
  });

  it('takes a record without version and notes (null)', () => {
    expect(buildProblems(fields({ version: null, notes: null }))).toEqual({});
  });
});
