// The systems overview (/systems, /systems-overview; spec 002 "Build history": "the list merges the builds
// with nine built-in entries"; docs/build-history.md): the nine systems as the server's system tree has
// them now, then the builds; their categories as filter buttons.
import type { BuildRecord } from '@/domain/build-history';
import { ALL_CATEGORIES, sortBuilds } from './builds';

/** The system tree's four states (spec 001 §4). */
export const SYSTEM_STATUSES = ['active', 'development', 'planned', 'vault'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

export const SYSTEM_STATUS_LABELS: Record<SystemStatus, string> = {
  active: 'Active',
  development: 'In development',
  planned: 'Planned',
  vault: 'Switched off',
};

export interface BuiltInSystem {
  id: string;
  name: string;
  description: string;
  category: string;
  status: SystemStatus;
  statusReason: string;
  integrationLevel: number;
  endpoints: string[];
  missingEndpoints: string[];
  screen: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isText);

function parseSystem(value: unknown): BuiltInSystem | null {
  if (!isRecord(value)) return null;
  const { id, name, description, category, status, statusReason, integrationLevel } = value;
  const { endpoints, missingEndpoints, screen } = value;
  if (![id, name, description, category, statusReason].every(isText)) return null;
  if (!(SYSTEM_STATUSES as readonly unknown[]).includes(status)) return null;
  if (typeof integrationLevel !== 'number' || !Number.isFinite(integrationLevel)) return null;
  if (!isTextList(endpoints) || !isTextList(missingEndpoints)) return null;
  if (!(screen === null || isText(screen))) return null;
  return {
    id: id as string,
    name: name as string,
    description: description as string,
    category: category as string,
    status: status as SystemStatus,
    statusReason: statusReason as string,
    integrationLevel,
    endpoints,
    missingEndpoints,
    screen,
  };
}

/** GET /systems: { success, systems, generatedAt }. An entry that cannot be read is left out. */
export function parseSystems(value: unknown): BuiltInSystem[] | null {
  if (!isRecord(value) || !Array.isArray(value.systems)) return null;
  return value.systems.flatMap((system) => parseSystem(system) ?? []);
}

export type OverviewEntry =
  | { kind: 'system'; key: string; name: string; category: string; system: BuiltInSystem }
  | { kind: 'build'; key: string; name: string; category: string; build: BuildRecord };

/** Rule: the merged list: the built-in systems in the server's order, then the builds newest first. */
export function mergeOverview(
  builds: readonly BuildRecord[],
  systems: readonly BuiltInSystem[],
): OverviewEntry[] {
  return [
    ...systems.map((system): OverviewEntry => ({
      kind: 'system',
      key: `system:${system.id}`,
      name: system.name,
      category: system.category,
      system,
    })),
    ...sortBuilds(builds, 'date', 'desc').map((build): OverviewEntry => ({
      kind: 'build',
      key: `build:${build.id}`,
      name: build.name,
      category: build.category,
      build,
    })),
  ];
}

/** Rule: the filter buttons: All, then each category once, in the order the list first shows it. */
export function overviewCategories(entries: readonly OverviewEntry[]): string[] {
  return [ALL_CATEGORIES, ...new Set(entries.map((entry) => entry.category))];
}

export function entriesOf(entries: readonly OverviewEntry[], category: string): OverviewEntry[] {
  return category === ALL_CATEGORIES
    ? [...entries]
    : entries.filter((entry) => entry.category === category);
}
