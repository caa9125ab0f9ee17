// The systems overview's rules (docs/build-history.md): the nine built-in systems first, in the server's
// order, then the builds newest first; the category filter buttons; an unreadable entry left out.
import { describe, expect, it } from 'vitest';
import type { BuildRecord } from '@/domain/build-history';
import { ALL_CATEGORIES } from '@/features/build-history/model/builds';
import {
  entriesOf,
  mergeOverview,
  overviewCategories,
  parseSystems,
  type BuiltInSystem,
} from '@/features/build-history/model/systems-overview';

const system = (
  id: string,
  category: string,
  status: BuiltInSystem['status'] = 'active',
): BuiltInSystem => ({
  id,
  name: id,
  description: `The ${id}.`,
  category,
  status,
  statusReason: 'Mounted and running',
  integrationLevel: 100,
  endpoints: ['GET /api/x'],
  missingEndpoints: [],
  screen: '/',
});

const build = (id: string, category: string, timestamp: string): BuildRecord => ({
  id,
  name: id,
  description: 'x',
  category,
  status: 'completed',
  impact: 'major',
  version: null,
  timestamp,
  technologies: [],
  features: [],
  notes: null,
});

const SYSTEMS = [
  system('chat', 'Companion Core'),
  system('access', 'Operations & Safety', 'vault'),
];
const BUILDS = [
  build('old', 'Chat', '2026-11-22T00:00:00.000Z'),
  build('new', 'Operations', '2026-11-25T00:00:00.000Z'),
];

describe('mergeOverview', () => {
  it('lists the built-in systems in their order, then the builds newest first', () => {
    expect(mergeOverview(BUILDS, SYSTEMS).map((entry) => entry.key)).toEqual([
      'system:chat',
      'system:access',
      'build:new',
      'build:old',
    ]);
  });

  it('shows the builds alone while the systems cannot be read, and the systems alone with no builds', () => {
    expect(mergeOverview(BUILDS, []).map((entry) => entry.kind)).toEqual(['build', 'build']);
    expect(mergeOverview([], SYSTEMS).map((entry) => entry.kind)).toEqual(['system', 'system']);
  });
});

describe('category filter buttons', () => {
  const entries = mergeOverview(BUILDS, SYSTEMS);

  it('are All, then each category once, in the order the list shows them', () => {
    expect(overviewCategories(entries)).toEqual([
      ALL_CATEGORIES,
      'Companion Core',
      'Operations & Safety',
      'Operations',
      'Chat',
    ]);
  });

  it('filter the list to one category; All keeps everything', () => {
    expect(entriesOf(entries, 'Operations & Safety').map((entry) => entry.key)).toEqual([
      'system:access',
    ]);
    expect(entriesOf(entries, ALL_CATEGORIES)).toEqual(entries);
  });
});

describe('parseSystems', () => {
  it('reads the answer, leaving out an entry with an unknown state or a missing field', () => {
    expect(
      parseSystems({
        success: true,
        systems: [
          SYSTEMS[0],
          { ...SYSTEMS[1], status: 'broken' },
          { ...SYSTEMS[1], endpoints: null },
        ],
      }),
    ).toEqual([SYSTEMS[0]]);
    expect(parseSystems({ success: true })).toBeNull();
  });
});
