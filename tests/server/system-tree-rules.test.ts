// The system tree's rules (server/system-tree/system-rules.ts, system-tree.ts) and its one table
// (systems.ts), each test named after its rule.
import { describe, expect, it } from 'vitest';
import { isScreenBuilt } from '../../src/domain/screen-build';
import { mirrorSyncOf } from '../../server/system-tree/mirror-sync';
import {
  decideStatus,
  endpointKey,
  integrationLevel,
  lies,
  ownerOf,
  specEndpointKey,
} from '../../server/system-tree/system-rules';
import { apiRoutes, offReasonOf, type ModuleStates } from '../../server/system-tree/system-tree';
import { BRANCHES, SYSTEMS } from '../../server/system-tree/systems';

function states(overrides: Partial<ModuleStates> = {}): ModuleStates {
  return {
    backgroundRunning: () => true,
    powerState: () => 'awake',
    backgroundSystem: () => 'active',
    devcoreActive: () => true,
    devcoreJobRunning: () => true,
    ...overrides,
  };
}

describe('status rule: planned, vault, development, active', () => {
  it('planned when nothing of the system is mounted, whatever else holds', () => {
    expect(decideStatus({ mountedRoutes: 0, screenBuilt: true, offReason: null })).toBe('planned');
    expect(decideStatus({ mountedRoutes: 0, screenBuilt: false, offReason: 'x' })).toBe('planned');
  });
  it('vault when mounted but switched off, even with its screen missing', () => {
    expect(decideStatus({ mountedRoutes: 2, screenBuilt: true, offReason: 'halted' })).toBe(
      'vault',
    );
    expect(decideStatus({ mountedRoutes: 2, screenBuilt: false, offReason: 'halted' })).toBe(
      'vault',
    );
  });
  it("development when mounted and running but its screen is 'not built'", () => {
    expect(decideStatus({ mountedRoutes: 1, screenBuilt: false, offReason: null })).toBe(
      'development',
    );
  });
  it('active when mounted, running and its screen built', () => {
    expect(decideStatus({ mountedRoutes: 1, screenBuilt: true, offReason: null })).toBe('active');
  });
});

describe('switched-off rule: why a system’s job is not running', () => {
  it('a system without a job is never switched off', () => {
    expect(offReasonOf(undefined, states({ backgroundRunning: () => false }))).toBeNull();
  });
  it("the maintenance monitor's emergency halt switches its scan off", () => {
    const job = { kind: 'devcore-scan' } as const;
    expect(offReasonOf(job, states())).toBeNull();
    expect(offReasonOf(job, states({ devcoreActive: () => false }))).toBe(
      'Halted by the emergency halt of the maintenance monitor',
    );
    expect(offReasonOf(job, states({ devcoreJobRunning: () => false }))).toBe(
      'Its integrity scan is not running',
    );
  });
  it('deep pause stops, sleep pauses, a setting switches off, a server not started runs nothing', () => {
    const job = { kind: 'background', id: 'morning-greeting' } as const;
    expect(offReasonOf(job, states())).toBeNull();
    const paused = (power: 'sleeping' | 'deep-pause') =>
      states({ powerState: () => power, backgroundSystem: () => 'paused' });
    expect(offReasonOf(job, paused('deep-pause'))).toBe('Stopped by deep pause');
    expect(offReasonOf(job, paused('sleeping'))).toBe('Paused while Kiri sleeps');
    expect(offReasonOf(job, states({ backgroundSystem: () => 'off' }))).toBe(
      'Switched off by a setting',
    );
    expect(offReasonOf(job, states({ backgroundRunning: () => false }))).toBe(
      'Background jobs are not started',
    );
  });
});

describe('ownership rule: a route belongs to the longest path it lies in', () => {
  it("'/api/memory' owns its own paths, not '/api/memory-lattice'", () => {
    expect(lies('/api/memory/stats', '/api/memory')).toBe(true);
    expect(lies('/api/memory', '/api/memory')).toBe(true);
    expect(lies('/api/memory-lattice/status', '/api/memory')).toBe(false);
  });
  it("the admin system panel's '/api/admin/system-mod' is not swallowed by '/api/admin'", () => {
    expect(ownerOf('/api/admin/system-mod/execute', SYSTEMS)?.id).toBe('admin-system');
    expect(ownerOf('/api/admin/users', SYSTEMS)?.id).toBe('access');
    expect(ownerOf('/api/presence/drift-spark', SYSTEMS)?.id).toBe('core-modules');
    expect(ownerOf('/api/presence/state', SYSTEMS)?.id).toBe('mood-engine');
    expect(ownerOf('/api/nothing-here', SYSTEMS)).toBeNull();
  });
});

describe('integration rule: the share of the spec endpoints mounted', () => {
  it('ignores parameter names and patterns when matching', () => {
    expect(endpointKey('GET', '/api/images/:id')).toBe(specEndpointKey('GET /api/images/{id}'));
    expect(endpointKey('GET', '/api/error-test/status/:status{[0-9]{3}}')).toBe(
      'GET /api/error-test/status/:',
    );
    expect(endpointKey('get', '/api/x')).not.toBe(endpointKey('POST', '/api/x'));
  });
  it('is mounted over spec, in whole percent', () => {
    const spec = ['GET /api/a/status', 'POST /api/a/go', 'GET /api/a/:id'];
    expect(integrationLevel(spec, new Set(), 0)).toBe(0);
    expect(integrationLevel(spec, new Set(['GET /api/a/status']), 1)).toBe(33);
    expect(integrationLevel(spec, new Set(['GET /api/a/status', 'GET /api/a/:']), 2)).toBe(67);
    // A route of our own beyond the spec adds nothing.
    expect(integrationLevel(spec, new Set(['GET /api/a/extra']), 1)).toBe(0);
  });
  it('a system the spec gives no endpoint is whole once anything of it is mounted', () => {
    expect(integrationLevel([], new Set(), 0)).toBe(0);
    expect(integrationLevel([], new Set(['GET /api/x']), 1)).toBe(100);
  });
});

describe('the registry rule: API routes only, each once', () => {
  it('drops middleware, wildcards and non-API paths', () => {
    expect(
      apiRoutes([
        { method: 'ALL', path: '/api/*' },
        { method: 'GET', path: '/api/health' },
        { method: 'GET', path: '/api/health' },
        { method: 'ALL', path: '/api/admin/*' },
        { method: 'GET', path: '/assets/app.js' },
      ]),
    ).toEqual([{ method: 'GET', path: '/api/health' }]);
  });
});

describe('the one table of systems', () => {
  it('has unique ids, known branches, and every branch holds systems', () => {
    expect(new Set(SYSTEMS.map((s) => s.id)).size).toBe(SYSTEMS.length);
    const branchIds = BRANCHES.map((b) => b.id) as string[];
    for (const system of SYSTEMS) expect(branchIds).toContain(system.branch);
    for (const branch of BRANCHES) {
      expect(SYSTEMS.some((s) => s.branch === branch.id)).toBe(true);
    }
  });
  it("gives each system the spec endpoints that lie in its own paths (and no one else's)", () => {
    for (const system of SYSTEMS) {
      for (const endpoint of system.specEndpoints) {
        const path = endpoint.split(' ')[1]!;
        expect(ownerOf(path, SYSTEMS)?.id, endpoint).toBe(system.id);
      }
    }
  });
  it('lists the parallel work of issues 15 and 16, so it shows as soon as it is merged', () => {
    const ids = SYSTEMS.map((s) => s.id);
    for (const id of [
      'consciousness-stream',
      'hybrid-protocol',
      'core-modules',
      'whisperbridge',
      'mirror-bridge',
    ]) {
      expect(ids).toContain(id);
    }
  });
});

describe('screen rule: built unless the route table says not built', () => {
  it('reads the shared list', () => {
    expect(isScreenBuilt('/sleep-mode')).toBe(true);
    expect(isScreenBuilt('/system-features')).toBe(true);
    expect(isScreenBuilt('/console')).toBe(true);
    expect(isScreenBuilt('/presence-hub-console')).toBe(true);
    expect(isScreenBuilt('/x', ['/x'])).toBe(false);
  });
});

describe('mirror sync rule: what the mirror bridge is, never a made-up schedule', () => {
  const bridge = (isRunning: boolean, watchFolder: string | null) => ({
    status: () => ({ isRunning, watchFolder, githubRepoPath: null }),
  });

  it('configured and running: enabled and syncing by itself as exports land (no timer, no interval)', () => {
    expect(mirrorSyncOf(bridge(true, '/exports')).status()).toEqual({
      enabled: true,
      auto_sync: true,
      sync_interval_minutes: null,
      configured: true,
      built: true,
    });
  });

  it('configured but stopped: enabled, not syncing by itself', () => {
    expect(mirrorSyncOf(bridge(false, '/exports')).status()).toMatchObject({
      enabled: true,
      auto_sync: false,
    });
  });
});
