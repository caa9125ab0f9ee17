// The systems overview's nine built-in entries (spec 002 "Build history": "the list merges the builds with
// nine built-in entries"; docs/build-history.md). They are nine of Kiri's real systems, read from the
// system tree (server/system-tree), which generates each one's state from the mounted routes and the
// running jobs at the moment of the call: nothing here is typed in but the choice of nine.

import type { SystemStatus } from '../system-tree/system-rules';
import type { SystemTree } from '../system-tree/system-tree';

/**
 * The Companion Core branch whole (what the owner talks to: the chat, memory, mood, personality, photos,
 * reminders, push) and the two systems every one of them stands on: access (who may talk to Kiri at all)
 * and power (sleep and deep pause hold or stop each of them).
 */
export const BUILT_IN_SYSTEM_IDS = [
  'chat',
  'memory-lattice',
  'mood',
  'personality',
  'images',
  'reminders',
  'push',
  'access',
  'power',
] as const;

export interface BuiltInSystem {
  id: string;
  name: string;
  description: string;
  /** The system tree's branch name, as the overview's category. */
  category: string;
  status: SystemStatus;
  /** Why it is in that state, in words (the tree's status_reason). */
  statusReason: string;
  /** Percent of the spec's endpoints for it that are mounted. */
  integrationLevel: number;
  /** Its mounted endpoints, 'METHOD /path'. */
  endpoints: string[];
  missingEndpoints: string[];
  screen: string | null;
}

/** Rule: the nine, in BUILT_IN_SYSTEM_IDS's order, as the tree has them now (one missing is left out). */
export function builtInSystems(tree: SystemTree): BuiltInSystem[] {
  const found = new Map<string, BuiltInSystem>();
  for (const branch of tree.branches) {
    for (const system of branch.systems) {
      found.set(system.id, {
        id: system.id,
        name: system.name,
        description: system.description,
        category: branch.name,
        status: system.status,
        statusReason: system.status_reason,
        integrationLevel: system.integration_level,
        endpoints: system.api_endpoints,
        missingEndpoints: system.missing_endpoints,
        screen: system.screen,
      });
    }
  }
  return BUILT_IN_SYSTEM_IDS.flatMap((id) => found.get(id) ?? []);
}
