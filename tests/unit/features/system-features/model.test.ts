// The system features page's rules (src/features/system-features/model/system-features.ts).
import { describe, expect, it } from 'vitest';
import {
  POLL_MS,
  ageText,
  endpointChips,
  levelPercent,
  parseConsoleStatus,
  parseFallbackStatus,
  parseMirrorSync,
  parseSystemTree,
  syncIntervalLabel,
} from '@/features/system-features/model/system-features';

describe("endpoint chips: the first 2, then '+N more'", () => {
  const endpoints = ['GET /api/a', 'POST /api/b', 'GET /api/c', 'GET /api/d', 'DELETE /api/e'];
  it("shows two chips and '+3 more' for five endpoints", () => {
    expect(endpointChips(endpoints)).toEqual({
      chips: ['GET /api/a', 'POST /api/b'],
      more: '+3 more',
    });
  });
  it("shows no '+N more' for two or fewer", () => {
    expect(endpointChips(endpoints.slice(0, 2))).toEqual({
      chips: endpoints.slice(0, 2),
      more: null,
    });
    expect(endpointChips(endpoints.slice(0, 1)).more).toBeNull();
    expect(endpointChips([])).toEqual({ chips: [], more: null });
  });
  it("says '+1 more' for three", () => {
    expect(endpointChips(endpoints.slice(0, 3)).more).toBe('+1 more');
  });
});

describe('polling: spec 001 §9', () => {
  it('reads the system tree every 10 s, the console, fallback and mirror sync every 5 s', () => {
    expect(POLL_MS).toEqual({ tree: 10_000, console: 5_000, fallback: 5_000, mirror: 5_000 });
  });
});

describe('consciousness level as a percent', () => {
  it('rounds to a whole percent and stays within 0 to 100', () => {
    expect(levelPercent(0.234)).toBe('23%');
    expect(levelPercent(1)).toBe('100%');
    expect(levelPercent(1.5)).toBe('100%');
    expect(levelPercent(-1)).toBe('0%');
  });
});

describe('age of a value', () => {
  const now = 1_000_000_000;
  it('counts seconds, then minutes, hours and days', () => {
    expect(ageText(now - 4_000, now)).toBe('4 s ago');
    expect(ageText(now - 125_000, now)).toBe('2 min ago');
    expect(ageText(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(ageText(now - 50 * 3_600_000, now)).toBe('2 d ago');
    expect(ageText(now + 5_000, now)).toBe('0 s ago');
  });
});

describe('answers are read, never guessed', () => {
  it('reads the system tree and drops a system with an unknown status', () => {
    const tree = parseSystemTree({
      total_systems: 2,
      active_systems: 1,
      consciousness_level: 0.42,
      emergence: { stageName: 'Attunement' },
      branches: [
        {
          id: 'b',
          name: 'Branch',
          description: 'd',
          systems: [
            {
              id: 's',
              name: 'S',
              status: 'active',
              description: 'x',
              integration_level: 50,
              api_endpoints: ['GET /api/s'],
            },
            { id: 't', name: 'T', status: 'imaginary' },
          ],
        },
      ],
    });
    expect(tree?.consciousnessLevel).toBe(0.42);
    expect(tree?.stageName).toBe('Attunement');
    expect(tree?.branches[0]?.systems.map((s) => s.id)).toEqual(['s']);
    expect(parseSystemTree({ branches: [] })).toBeNull();
  });
  it("takes the console's executions as not built unless the server says it is", () => {
    const answer = {
      version: '0.1.0',
      rollback_snapshots: 3,
      recent_executions: 0,
      uploaded_files: 2,
      file_attachment: { enabled: true, upload_limit_MB: 10, supported_formats: ['PNG'] },
    };
    expect(parseConsoleStatus(answer)?.consoleBuilt).toBe(false);
    expect(parseConsoleStatus({ ...answer, console_built: true })?.consoleBuilt).toBe(true);
    expect(parseConsoleStatus({ ...answer, rollback_snapshots: 'many' })).toBeNull();
  });
  it('reads the fallback chain and the mirror sync; a missing interval stays absent', () => {
    expect(
      parseFallbackStatus({
        primary_provider: 'local',
        secondary_provider: null,
        current_provider: 'local',
        providers_available: ['local'],
      }),
    ).toEqual({ primary: 'local', secondary: null, current: 'local', available: ['local'] });
    expect(parseMirrorSync({ enabled: false, auto_sync: false })).toMatchObject({
      enabled: false,
      intervalMinutes: null,
    });
    expect(parseMirrorSync({})).toBeNull();
  });
});

describe('sync interval rule: a timer in minutes, or each export as it lands', () => {
  it('shows a timer in minutes', () => {
    expect(syncIntervalLabel({ intervalMinutes: 5, configured: true })).toBe('5 min');
  });

  it('a configured bridge without a timer syncs each export as it lands', () => {
    expect(syncIntervalLabel({ intervalMinutes: null, configured: true })).toBe(
      'As each export lands',
    );
  });

  it('nothing configured: says so', () => {
    expect(syncIntervalLabel({ intervalMinutes: null, configured: false })).toBe('Not configured');
  });
});
