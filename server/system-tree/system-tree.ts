// GET /api/presence-system-tree/status, generated on each call from the app's real route registry (Hono's
// app.routes), the modules' states (the power service's background systems, the maintenance monitor) and
// the route table's 'not built' marks (src/domain/screen-build.ts). Nothing in it is stored or typed in.
import { emergenceOf, type Emergence, type RelationshipHistory } from '../../src/domain/emergence';
import { isScreenBuilt } from '../../src/domain/screen-build';
import type { PowerState } from '../power/power-rules';
import {
  decideStatus,
  endpointKey,
  integrationLevel,
  ownerOf,
  type MountedRoute,
  type SystemStatus,
} from './system-rules';
import { BRANCHES, SYSTEMS, type SystemDefinition, type SystemJob } from './systems';

/** What the tree reads of the running server; createApp passes the real ones, tests may pass others. */
export interface ModuleStates {
  /** startBackground ran and stopBackground has not: the timers exist. */
  backgroundRunning(): boolean;
  powerState(): PowerState;
  /** A background system's state in the current power state (server/power/background-systems.ts). */
  backgroundSystem(id: string): 'active' | 'paused' | 'off' | 'unknown';
  devcoreActive(): boolean;
  devcoreJobRunning(): boolean;
}

export interface SystemTreeSource {
  /** The app's routes, read at each call: routes merged later show up without a change here. */
  routes: () => readonly MountedRoute[];
  states: ModuleStates;
  history: () => RelationshipHistory;
  clock: () => number;
  systems?: readonly SystemDefinition[];
  notBuiltScreens?: readonly string[];
}

export interface TreeSystem {
  id: string;
  name: string;
  status: SystemStatus;
  description: string;
  /** Percent of the spec's endpoints for this system that are mounted. */
  integration_level: number;
  /** The mounted endpoints the system owns, 'METHOD /path', in the registry's order. */
  api_endpoints: string[];
  /** The spec's endpoints not mounted yet. */
  missing_endpoints: string[];
  /** Why it is in that state, in words. */
  status_reason: string;
  screen: string | null;
}

export interface TreeBranch {
  id: string;
  name: string;
  description: string;
  systems: TreeSystem[];
}

export interface SystemTree {
  total_systems: number;
  active_systems: number;
  /** emergenceOf() of the owner's history, 0 to 1: the level every dashboard shows. */
  consciousness_level: number;
  emergence: Pick<Emergence, 'currentStage' | 'totalStages' | 'stageName'>;
  counts: Record<SystemStatus, number>;
  branches: TreeBranch[];
  /** Mounted /api routes no system of the table owns (a new area someone forgot to list): none, normally. */
  unassigned_endpoints: string[];
  generated_at: string;
}

/** The API routes of the registry: no middleware ('ALL' or '*'), each method and path once. */
export function apiRoutes(routes: readonly MountedRoute[]): MountedRoute[] {
  const seen = new Set<string>();
  const found: MountedRoute[] = [];
  for (const route of routes) {
    if (route.method === 'ALL' || route.path.includes('*') || !route.path.startsWith('/api/')) {
      continue;
    }
    const label = `${route.method} ${route.path}`;
    if (seen.has(label)) continue;
    seen.add(label);
    found.push({ method: route.method, path: route.path });
  }
  return found;
}

/** Why a system's background work is not running now, or null when it runs (or it has none). */
export function offReasonOf(job: SystemJob | undefined, states: ModuleStates): string | null {
  if (!job) return null;
  if (job.kind === 'devcore-scan') {
    if (!states.devcoreActive()) return 'Halted by the emergency halt of the maintenance monitor';
    return states.devcoreJobRunning() ? null : 'Its integrity scan is not running';
  }
  if (!states.backgroundRunning()) return 'Background jobs are not started';
  const state = states.backgroundSystem(job.id);
  if (state === 'active') return null;
  if (state === 'off') return 'Switched off by a setting';
  if (state === 'unknown') return `Its background job (${job.id}) is not registered`;
  const power = states.powerState();
  if (power === 'deep-pause') return 'Stopped by deep pause';
  if (power === 'sleeping') return 'Paused while Kiri sleeps';
  return 'Paused';
}

function reasonText(status: SystemStatus, offReason: string | null, screen: string | null): string {
  switch (status) {
    case 'planned':
      return 'No route of it is mounted yet';
    case 'vault':
      return offReason ?? 'Switched off';
    case 'development':
      return `Its routes are mounted; its screen ${screen ?? ''} is not built yet`;
    case 'active':
      return 'Mounted and running';
  }
}

export function buildSystemTree(source: SystemTreeSource): SystemTree {
  const systems = source.systems ?? SYSTEMS;
  const routes = apiRoutes(source.routes());
  const owned = new Map<string, MountedRoute[]>(systems.map((system) => [system.id, []]));
  const unassigned: string[] = [];
  for (const route of routes) {
    const owner = ownerOf(route.path, systems);
    if (owner) owned.get(owner.id)!.push(route);
    else unassigned.push(`${route.method} ${route.path}`);
  }
  const counts: Record<SystemStatus, number> = { active: 0, development: 0, planned: 0, vault: 0 };
  const treeSystem = (system: SystemDefinition): TreeSystem => {
    const mine = owned.get(system.id)!;
    const keys = new Set(mine.map((route) => endpointKey(route.method, route.path)));
    const offReason = offReasonOf(system.job, source.states);
    const screen = system.screen ?? null;
    const status = decideStatus({
      mountedRoutes: mine.length,
      screenBuilt: screen === null || isScreenBuilt(screen, source.notBuiltScreens),
      offReason,
    });
    counts[status] += 1;
    return {
      id: system.id,
      name: system.name,
      status,
      description: system.description,
      integration_level: integrationLevel(system.specEndpoints, keys, mine.length),
      api_endpoints: mine.map((route) => `${route.method} ${route.path}`),
      missing_endpoints: system.specEndpoints.filter((endpoint) => {
        const [method = '', path = ''] = endpoint.split(' ');
        return !keys.has(endpointKey(method, path));
      }),
      status_reason: reasonText(status, offReason, screen),
      screen,
    };
  };
  const branches = BRANCHES.map((branch) => ({
    id: branch.id,
    name: branch.name,
    description: branch.description,
    systems: systems.filter((system) => system.branch === branch.id).map(treeSystem),
  }));
  const emergence = emergenceOf(source.history());
  return {
    total_systems: systems.length,
    active_systems: counts.active,
    consciousness_level: emergence.consciousnessLevel,
    emergence: {
      currentStage: emergence.currentStage,
      totalStages: emergence.totalStages,
      stageName: emergence.stageName,
    },
    counts,
    branches,
    unassigned_endpoints: unassigned,
    generated_at: new Date(source.clock()).toISOString(),
  };
}
