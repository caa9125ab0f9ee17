// The build history (build-rundown.json, docs/build-history.md): the list newest first, the four stats
// (src/domain/build-history.ts buildStats), and the admin's add, change and remove. Every check is made
// before the file is touched, so a refused request writes nothing.
import {
  buildStats,
  MAX_BUILDS,
  type BuildFields,
  type BuildRecord,
  type BuildStats,
} from '../../src/domain/build-history';
import { uuidv7 } from '../../src/domain/uuidv7';
import { HttpError } from '../http/errors';
import type { BuildRundownStore } from './build-rundown-store';

export const BUILD_NOT_FOUND = 'Build not found';
export const HISTORY_FULL = `The build history holds at most ${MAX_BUILDS} builds`;
export const idTaken = (id: string) => `A build with the id '${id}' already exists`;

/** What the form sends: the record's fields, and on an add an optional id of the admin's choosing. */
export type BuildInput = BuildFields & { id?: string | undefined };

/** Rule: newest first by timestamp; builds of the same moment keep the file's order. */
export function newestFirst(builds: readonly BuildRecord[]): BuildRecord[] {
  return [...builds].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

export class BuildRundownService {
  constructor(private readonly store: BuildRundownStore) {}

  list(): BuildRecord[] {
    return newestFirst(this.store.data.builds);
  }

  stats(): BuildStats {
    return buildStats(this.store.data.builds);
  }

  async add(input: BuildInput): Promise<BuildRecord> {
    const builds = this.store.data.builds;
    if (input.id !== undefined && builds.some((build) => build.id === input.id)) {
      throw new HttpError(409, idTaken(input.id));
    }
    if (builds.length >= MAX_BUILDS) throw new HttpError(409, HISTORY_FULL);
    const { id, ...fields } = input;
    const build: BuildRecord = { id: id ?? uuidv7(), ...fields };
    await this.store.update((data) => {
      data.builds.unshift(build);
    });
    return build;
  }

  async replace(id: string, fields: BuildFields): Promise<BuildRecord> {
    const index = this.indexOf(id);
    const build: BuildRecord = { id, ...fields };
    await this.store.update((data) => {
      data.builds[index] = build;
    });
    return build;
  }

  async remove(id: string): Promise<void> {
    const index = this.indexOf(id);
    await this.store.update((data) => {
      data.builds.splice(index, 1);
    });
  }

  private indexOf(id: string): number {
    const index = this.store.data.builds.findIndex((build) => build.id === id);
    if (index < 0) throw new HttpError(404, BUILD_NOT_FOUND);
    return index;
  }
}
