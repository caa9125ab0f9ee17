// The system tree's rules as plain functions (tests/server/system-tree-rules.test.ts): which system owns
// a route, how much of a system's spec is mounted, and which of the spec's four states it is in.

export const SYSTEM_STATUSES = ['active', 'development', 'planned', 'vault'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

export interface MountedRoute {
  method: string;
  path: string;
}

/**
 * 'GET /api/images/:id' and 'GET /api/images/{id}' are the same endpoint; so is Hono's ':status{[0-9]{3}}'.
 * Parameter names and patterns are dropped, so a spec endpoint matches the route that serves it.
 */
export function endpointKey(method: string, path: string): string {
  const shape = path
    .split('/')
    .map((part) => (part.startsWith(':') || part.startsWith('{') ? ':' : part))
    .join('/');
  return `${method.toUpperCase()} ${shape}`;
}

/** 'GET /api/x' → its key (see endpointKey). */
export function specEndpointKey(endpoint: string): string {
  const [method = '', path = ''] = endpoint.split(' ');
  return endpointKey(method, path);
}

/** A path lies in an owned path when it is that path or below it ('/api/memory' does not own '/api/memory-lattice'). */
export function lies(path: string, owned: string): boolean {
  return path === owned || path.startsWith(`${owned}/`);
}

/**
 * Rule: a route belongs to the system owning the longest path it lies in, so '/api/admin/system-mod'
 * (the admin system panel) is not swallowed by '/api/admin' (access and roles). Null: no system owns it.
 */
export function ownerOf<T extends { owns: readonly string[] }>(
  path: string,
  systems: readonly T[],
): T | null {
  let best: T | null = null;
  let bestLength = -1;
  for (const system of systems) {
    for (const owned of system.owns) {
      if (lies(path, owned) && owned.length > bestLength) {
        best = system;
        bestLength = owned.length;
      }
    }
  }
  return best;
}

/**
 * Rule: the integration level is the share of the system's spec endpoints that are mounted, in whole
 * percent. A system the spec gives no endpoint (our own, e.g. the error-test page's) is whole when it
 * has any route mounted.
 */
export function integrationLevel(
  specEndpoints: readonly string[],
  mountedKeys: ReadonlySet<string>,
  mountedCount: number,
): number {
  if (specEndpoints.length === 0) return mountedCount > 0 ? 100 : 0;
  const keys = new Set(specEndpoints.map(specEndpointKey));
  let mounted = 0;
  for (const key of keys) if (mountedKeys.has(key)) mounted += 1;
  return Math.round((mounted / keys.size) * 100);
}

export interface StatusInputs {
  /** How many of the system's routes are mounted now. */
  mountedRoutes: number;
  /** Whether its spec screen is built (true when the spec gives it none). */
  screenBuilt: boolean;
  /** Why it is switched off (halted, deep pause, asleep, not started), or null when its job runs or it has none. */
  offReason: string | null;
}

/**
 * Rule (spec 001 §4's four states): planned = nothing mounted yet; vault = built but switched off (its
 * background job stopped: halted by the maintenance monitor, deep pause, sleep); development = routes
 * exist but the spec's screen is still 'not built'; active = mounted, its job (if any) running, its
 * screen built.
 */
export function decideStatus({
  mountedRoutes,
  screenBuilt,
  offReason,
}: StatusInputs): SystemStatus {
  if (mountedRoutes === 0) return 'planned';
  if (offReason !== null) return 'vault';
  if (!screenBuilt) return 'development';
  return 'active';
}
