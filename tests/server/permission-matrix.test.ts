// Issue 14: every API area checks its permission on the server. The map is server/auth/area-permissions.ts;
// this file walks it: for each area one call without a session (401), as a user holding every permission
// but the area's (403), and as a user holding only the area's (2xx). A route of the app that falls in no
// area, or an area without a probe here, fails the first test, so an area added later joins the matrix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AREA_NAMES,
  AREA_PERMISSIONS,
  areaOf,
  type AreaAccess,
  type AreaName,
  type AreaNeed,
} from '../../server/auth/area-permissions';
import { NOT_LOGGED_IN, PERMISSION_REQUIRED } from '../../server/auth/guards';
import { PERMISSION_IDS, type PermissionId } from '../../server/auth/permissions';
import {
  CORE_MODULES,
  INITIATE_EMERGENCE_PATH,
  TEST_PULSE_PATH,
} from '../../src/domain/core-systems';
import { PRESETS } from '../../src/domain/personality';
import {
  ANDROID_UA,
  IPHONE_UA,
  removeDataDirs,
  startTestApp,
  type RequestOptions,
  type TestApp,
  type TestBrowser,
} from './support/harness';

interface Probe {
  path: string;
  options?: RequestOptions;
}

type AreaProbes = { read: Probe; write?: Probe };

/**
 * The core systems dashboard's areas (src/domain/core-systems.ts): each probed with its first module's
 * read, and the two areas with an action with it (an empty JSON body, as the page sends).
 */
function coreSystemsProbes(): Record<string, AreaProbes> {
  const probes: Record<string, AreaProbes> = {};
  for (const module of CORE_MODULES) {
    const area = areaOf(module.path);
    if (area !== null && !probes[area]) probes[area] = { read: { path: module.path } };
  }
  for (const path of [TEST_PULSE_PATH, INITIATE_EMERGENCE_PATH]) {
    probes[areaOf(path)!]!.write = { path, options: { method: 'POST', json: {} } };
  }
  return probes;
}

/** One call per area that answers 2xx to anyone allowed (and one for changing where that needs more). */
const PROBES = {
  ...coreSystemsProbes(),
  health: { read: { path: '/api/health' } },
  auth: { read: { path: '/api/auth/device-check' } },
  users: { read: { path: '/api/users/check-registration' } },
  admin: { read: { path: '/api/admin/user-restrictions' } },
  chat: {
    read: { path: '/api/chat', options: { method: 'POST', json: { message: 'hi', history: [] } } },
  },
  companion: { read: { path: '/api/companion/context' } },
  conversations: { read: { path: '/api/conversations' } },
  images: { read: { path: '/api/images' } },
  reminders: { read: { path: '/api/reminders' } },
  notifications: {
    read: {
      path: '/api/notifications/unsubscribe',
      options: { method: 'POST', json: { endpoint: 'https://push.example.com/nobody' } },
    },
  },
  'fallback-system': { read: { path: '/api/fallback-system/status' } },
  kiri: { read: { path: '/api/kiri/state' } },
  'kiri-state': { read: { path: '/api/kiri-state' } },
  manja: { read: { path: '/api/manja/state' } },
  mirror: { read: { path: '/api/mirror/last-reflection' } },
  consciousness: {
    read: { path: '/api/consciousness/status' },
    write: { path: '/api/consciousness/trigger', options: { method: 'POST' } },
  },
  'memory-lattice': { read: { path: '/api/memory-lattice/status' } },
  memories: { read: { path: '/api/memories' } },
  backup: { read: { path: '/api/backup/list' } },
  'soul-awakening-status': { read: { path: '/api/soul-awakening-status' } },
  dreams: { read: { path: '/api/dreams/sequences' } },
  personality: {
    read: { path: '/api/personality/current' },
    write: {
      path: '/api/personality/adjust',
      options: { method: 'POST', json: { dimensions: PRESETS.gentle } },
    },
  },
  devcore: {
    read: { path: '/api/devcore/status' },
    write: { path: '/api/devcore/manual-scan', options: { method: 'POST' } },
  },
  'sleep-mode': { read: { path: '/api/sleep-mode/status' } },
  // Every other error-test call fails on purpose; a slow answer of 0 ms is its one success.
  'error-test': { read: { path: '/api/error-test/slow?ms=0' } },
  'sidebar-layout': { read: { path: '/api/sidebar-layout' } },
  'whisperbridge-lite': {
    read: { path: '/api/whisperbridge-lite/status' },
    write: {
      path: '/api/whisperbridge-lite/config',
      options: { method: 'PUT', json: { sync_mode: 'manual' } },
    },
  },
  // Stop answers 2xx configured or not (start needs a watch folder, sync something to sync).
  'mirror-bridge': {
    read: { path: '/api/mirror-bridge/status' },
    write: { path: '/api/mirror-bridge/stop', options: { method: 'POST' } },
  },
  // Stop answers 2xx started or not, and changes nothing when not started.
  scanbot: {
    read: { path: '/api/scanbot/status' },
    write: { path: '/api/scanbot/stop', options: { method: 'POST' } },
  },
  // Domain triggers only propose a patch: a 2xx that changes no greeting.
  'self-mod': {
    read: { path: '/api/self-mod/config' },
    write: {
      path: '/api/self-mod/execute',
      options: {
        method: 'POST',
        json: {
          type: 'domain_trigger',
          command: 'update_greeting',
          params: { new_greeting: 'Hello, probe' },
        },
      },
    },
  },
  'presence-system-tree': { read: { path: '/api/presence-system-tree/status' } },
  'manual-console': { read: { path: '/api/manual-console/status' } },
  'mirror-sync': { read: { path: '/api/mirror-sync/status' } },
  // A console exchange with nothing to remember: 2xx, stored: false (nothing written).
  'memory-sync': {
    read: { path: '/api/memory-sync/status' },
    write: {
      path: '/api/memory-sync/console-memory',
      options: { method: 'POST', json: { userMessage: 'hello', kiriResponse: 'hi there' } },
    },
  },
  'presence-execution': {
    read: { path: '/api/presence-execution/rollback' },
    write: {
      path: '/api/presence-execution/execute',
      options: { method: 'POST', json: { code: '1 + 1', context: 'manual_console' } },
    },
  },
  'hybrid-protocol-status': { read: { path: '/api/hybrid-protocol-status' } },
  'advanced-capabilities-status': { read: { path: '/api/advanced-capabilities-status' } },
  'hybrid-protocol-config': {
    read: {
      path: '/api/hybrid-protocol-config',
      options: { method: 'POST', json: { emotionalDepth: 0.5 } },
    },
  },
  // The mood engine monitor (docs/presence-mood.md): its state, and a manual tick.
  presence: {
    read: { path: '/api/presence/state' },
    write: { path: '/api/presence/tick', options: { method: 'POST' } },
  },
  hydra: { read: { path: '/api/hydra/status' } },
  // Adding a staff member: a 201 that raises no event and sends no push.
  'presence-hub': {
    read: { path: '/api/presence-hub/status' },
    write: {
      path: '/api/presence-hub/staff',
      options: { method: 'POST', json: { name: 'Probe', role: 'Guard' } },
    },
  },
  'version-guard': { read: { path: '/api/version-guard/status' } },
  'weekly-sync': { read: { path: '/api/weekly-sync/status' } },
  // No bloom run may be left under way by the probe: the 2xx starts one, which ends in milliseconds.
  'bloom-sync': { read: { path: '/api/bloom-sync/trigger', options: { method: 'POST' } } },
  // The memory dashboard (docs/memory-dashboard.md): its stats, and a memory added to the guest's own.
  memory: {
    read: { path: '/api/memory/stats' },
    write: {
      path: '/api/memory/add',
      options: { method: 'POST', json: { content: 'A probe memory', type: 'context' } },
    },
  },
  'system-health': { read: { path: '/api/system-health' } },
  'server-errors': { read: { path: '/api/server-errors' } },
  analytics: { read: { path: '/api/analytics/summary' } },
  // Reading needs only a session; adding a build is the admin's (a 201 that adds one record).
  'build-rundown': {
    read: { path: '/api/build-rundown/builds' },
    write: {
      path: '/api/build-rundown/builds',
      options: {
        method: 'POST',
        json: {
          name: 'Probe',
          description: 'A build added by the permission probe.',
          category: 'Probe',
          status: 'completed',
          impact: 'patch',
        },
      },
    },
  },
  generosity: { read: { path: '/api/generosity/status' } },
  // No provider is configured here: the answer probes nothing.
  infrastructure: { read: { path: '/api/infrastructure/status' } },
} as Record<AreaName, AreaProbes>;

/**
 * Calls outside /api that an area answers (a file the browser downloads by its link), each with the area
 * whose permission it needs: probed as the areas are below.
 */
const FILE_PROBES: { area: AreaName; probe: Probe }[] = [
  { area: 'memory', probe: { path: '/compiled-memory.md' } },
];

let setup: TestApp;
let guest: TestBrowser;
let guestId: string;
const anonymous = () => setup.browser({ address: '203.0.113.99' });

beforeAll(async () => {
  setup = await startTestApp();
  const owner = setup.browser({ userAgent: IPHONE_UA });
  await owner.loginOk();
  await owner.register('Ada');
  guest = setup.browser({ userAgent: ANDROID_UA, address: '203.0.113.20' });
  guestId = (await guest.loginOk()).user.id;
  await guest.register('Grace');
});
afterAll(removeDataDirs);

/** Sets the guest's own list directly (the admin page has no per-user editor in the spec). */
async function grant(permissions: readonly PermissionId[]): Promise<void> {
  await setup.stores.auth.update((data) => {
    data.users.find((u) => u.id === guestId)!.permissions = [...permissions];
  });
}

async function call(browser: TestBrowser, probe: Probe): Promise<Response> {
  return browser.request(probe.path, probe.options);
}

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ success: false, error: message, message });
}

describe('the area map', () => {
  it('covers every /api route of the app, and every area has a probe here', () => {
    const apiPaths = [
      ...new Set(
        setup.app.routes
          .map((route) => route.path)
          .filter((path) => path.startsWith('/api/') && !path.includes('*')),
      ),
    ];
    expect(apiPaths.length).toBeGreaterThan(20);
    expect(apiPaths.filter((path) => areaOf(path) === null)).toEqual([]);
    expect(Object.keys(PROBES).sort()).toEqual([...AREA_NAMES].sort());
  });

  it('is the map docs/api-auth.md states: a change to it is deliberate', () => {
    const stated: Record<string, string> = {};
    for (const area of AREA_NAMES) {
      const access: AreaAccess = AREA_PERMISSIONS[area];
      stated[area] = access.write ? `${access.read} / ${access.write}` : access.read;
    }
    expect(stated).toEqual({
      health: 'public',
      auth: 'session',
      users: 'session',
      admin: 'user_management',
      chat: 'chat',
      companion: 'chat',
      conversations: 'chat',
      images: 'chat',
      reminders: 'chat',
      notifications: 'chat',
      'fallback-system': 'chat',
      kiri: 'chat',
      'kiri-state': 'chat',
      manja: 'chat',
      mirror: 'chat',
      consciousness: 'consciousness / system_control',
      'memory-lattice': 'memory_threading',
      memories: 'memory_threading',
      backup: 'memory_threading',
      'soul-awakening-status': 'memory_threading',
      dreams: 'memory_threading',
      personality: 'chat / system_control',
      devcore: 'chat / system_control',
      'sleep-mode': 'system_control',
      'error-test': 'system_control',
      'sidebar-layout': 'session',
      'whisperbridge-lite': 'mirror_bridge / system_control',
      'mirror-bridge': 'system_control',
      'self-mod': 'system_control',
      scanbot: 'system_control',
      'presence-system-tree': 'presence_engine',
      'manual-console': 'infrastructure / system_control',
      'mirror-sync': 'mirror_bridge',
      'memory-sync': 'system_control',
      'presence-execution': 'system_control',
      'hybrid-protocol-status': 'consciousness',
      'advanced-capabilities-status': 'consciousness',
      'hybrid-protocol-config': 'system_control',
      'hybrid-core': 'chat',
      'self-evolve': 'chat / system_control',
      emergence: 'consciousness / system_control',
      'mirror-interface': 'chat',
      'emotion-sync': 'chat',
      'presence-compass': 'chat',
      'whisper-bubble': 'chat',
      'memory-shard': 'memory_threading',
      'hush-agent': 'system_control',
      'soul-frame': 'chat',
      'hush-config': 'system_control',
      presence: 'presence_engine',
      'dream-trigger': 'memory_threading',
      imagination: 'memory_threading',
      lumora: 'chat',
      hydra: 'system_control',
      'presence-hub': 'system_control',
      'version-guard': 'system_control',
      'weekly-sync': 'system_control',
      'bloom-sync': 'system_control',
      memory: 'memory_threading',
      'system-health': 'infrastructure',
      'server-errors': 'system_control',
      analytics: 'chat',
      'build-rundown': 'session / system_control',
      generosity: 'chat',
      infrastructure: 'infrastructure',
    });
  });

  it('names only permission ids of spec 002 §6', () => {
    for (const access of Object.values(AREA_PERMISSIONS) as AreaAccess[]) {
      for (const need of [access.read, access.write ?? access.read]) {
        expect(['public', 'session', ...PERMISSION_IDS]).toContain(need);
      }
    }
  });
});

const cases = [
  ...AREA_NAMES.flatMap((area) => {
    const access: AreaAccess = AREA_PERMISSIONS[area];
    const probes = PROBES[area];
    const rows: { area: AreaName; kind: string; need: AreaNeed; probe: Probe }[] = [
      { area, kind: 'read', need: access.read, probe: probes.read },
    ];
    if (probes.write) {
      rows.push({ area, kind: 'write', need: access.write ?? access.read, probe: probes.write });
    }
    return rows;
  }),
  ...FILE_PROBES.map(({ area, probe }) => ({
    area,
    kind: probe.path,
    need: (AREA_PERMISSIONS[area] as AreaAccess).read,
    probe,
  })),
];

describe.each(cases)('$area ($kind): $need', ({ area, need, probe }) => {
  const refusal = (AREA_PERMISSIONS[area] as AreaAccess).refusal ?? PERMISSION_REQUIRED;

  it(
    need === 'public' ? 'answers without a session' : 'answers 401 without a session',
    async () => {
      const response = await call(anonymous(), probe);
      if (need === 'public') expect(response.status).toBe(200);
      else await expectRefused(response, 401, NOT_LOGGED_IN);
    },
  );

  if (need !== 'public' && need !== 'session') {
    it(`answers 403 to a user holding every permission but ${need}`, async () => {
      await grant(PERMISSION_IDS.filter((id) => id !== need));
      await expectRefused(await call(guest, probe), 403, refusal);
    });
  }

  it(
    need === 'public' || need === 'session'
      ? 'answers 2xx to a user holding no permission at all'
      : `answers 2xx to a user holding only ${need}`,
    async () => {
      await grant(need === 'public' || need === 'session' ? [] : [need]);
      const response = await call(guest, probe);
      expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
    },
  );
});
