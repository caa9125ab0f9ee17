// build-rundown.json: the build history (spec 002 "Build history", docs/build-history.md). Made once from
// the repository's CHANGELOG.md, when the file does not exist yet; from then on the admin's edits are the
// truth and the changelog is not read again. Rarely written: rewritten whole.
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BUILD_IMPACTS, BUILD_STATUSES, type BuildRecord } from '../../src/domain/build-history';
import { parseChangelog, type ChangelogProblem } from '../../src/domain/changelog';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const BUILD_RUNDOWN_FILE_NAME = 'build-rundown.json';
export const BUILD_RUNDOWN_FILE_VERSION = 1;

/** The changelog kept in the repository (two folders up from this module). */
export const REPOSITORY_CHANGELOG = fileURLToPath(new URL('../../CHANGELOG.md', import.meta.url));

export const buildSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.enum(BUILD_STATUSES),
  impact: z.enum(BUILD_IMPACTS),
  version: z.string().nullable(),
  /** ISO 8601, UTC. */
  timestamp: z.string(),
  technologies: z.array(z.string()),
  features: z.array(z.string()),
  notes: z.string().nullable(),
}) satisfies z.ZodType<BuildRecord>;

/** Where the first builds came from: the changelog's file name, how many it gave, what it skipped and why. */
const seedSchema = z.object({
  source: z.string(),
  builds: z.number().int().nonnegative(),
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** The changelog could not be read at all (the history then starts empty). */
  error: z.string().nullable(),
});

export const buildRundownFileSchema = z.object({
  version: z.literal(BUILD_RUNDOWN_FILE_VERSION),
  /** Kept newest first as the changelog is; the API sorts anyway. */
  builds: z.array(buildSchema),
  /** null: the file was made without the changelog (only after it went missing under a running server). */
  seed: seedSchema.nullable(),
});

export type BuildRundownFile = z.infer<typeof buildRundownFileSchema>;
export type BuildSeed = z.infer<typeof seedSchema>;
export type BuildRundownStore = JsonFileStore<BuildRundownFile>;

export const BUILD_RUNDOWN_MIGRATIONS: Record<number, Migration> = {};

export interface SeedResult {
  builds: BuildRecord[];
  seed: BuildSeed;
}

/** Reads and parses the changelog; a file that cannot be read gives no builds and says why. */
export async function readSeed(changelogPath: string): Promise<SeedResult> {
  const source = basename(changelogPath);
  let text: string;
  try {
    text = await readFile(changelogPath, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { builds: [], seed: { source, builds: 0, problems: [], error: reason } };
  }
  const { builds, problems } = parseChangelog(text);
  const kept: ChangelogProblem[] = problems.slice(0, 50);
  return { builds, seed: { source, builds: builds.length, problems: kept, error: null } };
}

export function buildRundownStoreDefinition(
  first: SeedResult | null,
): StoreDefinition<BuildRundownFile> {
  return {
    fileName: BUILD_RUNDOWN_FILE_NAME,
    currentVersion: BUILD_RUNDOWN_FILE_VERSION,
    schema: buildRundownFileSchema,
    defaults: () => ({
      version: BUILD_RUNDOWN_FILE_VERSION,
      builds: first ? first.builds.map((build) => ({ ...build })) : [],
      seed: first ? first.seed : null,
    }),
    migrations: BUILD_RUNDOWN_MIGRATIONS,
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Opens build-rundown.json; when it does not exist yet, the changelog is read first and the new file
 * holds its builds (a fresh install shows Kiri's real history). An existing file is never reseeded.
 */
export async function openBuildRundownStore(
  dataDir: string,
  options: { changelogPath?: string } = {},
): Promise<BuildRundownStore> {
  const fresh = !(await exists(join(dataDir, BUILD_RUNDOWN_FILE_NAME)));
  const first = fresh ? await readSeed(options.changelogPath ?? REPOSITORY_CHANGELOG) : null;
  return openJsonFileStore(dataDir, buildRundownStoreDefinition(first));
}
