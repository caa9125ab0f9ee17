// The calls of /api/build-rundown (spec 002 §7 "Builds", docs/build-history.md) over the shared request
// helper, each answer read into a checked shape.
import type { BuildFields, BuildRecord, BuildStats } from '@/domain/build-history';
import { errorMessage, serverMessageFrom } from '@/domain/errors';
import { apiRequest, getParsed, isApiError } from '@/lib/api';
import {
  BUILDS_URL,
  BUILD_RUNDOWN_BASE,
  parseBuild,
  parseBuilds,
  parseStats,
  STATS_URL,
  SYSTEMS_URL,
} from '../model/builds';
import { parseSystems, type BuiltInSystem } from '../model/systems-overview';

export const BUILD_HISTORY_KEY = [BUILD_RUNDOWN_BASE] as const;
export const BUILDS_KEY = [BUILD_RUNDOWN_BASE, 'builds'] as const;
export const STATS_KEY = [BUILD_RUNDOWN_BASE, 'stats'] as const;
export const SYSTEMS_KEY = [BUILD_RUNDOWN_BASE, 'systems'] as const;

export const fetchBuilds = ({ signal }: { signal?: AbortSignal }): Promise<BuildRecord[]> =>
  getParsed(BUILDS_URL, parseBuilds, signal);

export const fetchStats = ({ signal }: { signal?: AbortSignal }): Promise<BuildStats> =>
  getParsed(STATS_URL, parseStats, signal);

export const fetchSystems = ({ signal }: { signal?: AbortSignal }): Promise<BuiltInSystem[]> =>
  getParsed(SYSTEMS_URL, parseSystems, signal);

async function buildOf(res: Response): Promise<BuildRecord> {
  const body: unknown = await res.json().catch(() => null);
  const build =
    body && typeof body === 'object' ? parseBuild((body as { build?: unknown }).build) : null;
  if (!build) throw new Error('Unexpected answer from the server');
  return build;
}

/** Adds a build (id null) or replaces one's fields. */
export async function saveBuild(input: {
  id: string | null;
  body: BuildFields & { id?: string };
}): Promise<BuildRecord> {
  const res =
    input.id === null
      ? await apiRequest('POST', BUILDS_URL, input.body)
      : await apiRequest('PUT', `${BUILDS_URL}/${encodeURIComponent(input.id)}`, input.body);
  if (res.status === 429) throw new Error('Too many requests: try again in a moment.');
  return buildOf(res);
}

export async function removeBuild(id: string): Promise<void> {
  const res = await apiRequest('DELETE', `${BUILDS_URL}/${encodeURIComponent(id)}`);
  if (res.status === 429) throw new Error('Too many requests: try again in a moment.');
}

/** A failure in words: the server's own message when it sent one, else what went wrong. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return serverMessageFrom(error.bodyText) ?? error.message;
  if (error instanceof TypeError) return 'The server cannot be reached.';
  return errorMessage(error);
}
