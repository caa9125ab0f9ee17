// The server half of the System Health page (docs/settings-health.md): how long this server has run (by
// the app's clock, from createApp), the process's memory, each store file of DATA_DIR and its journal
// on disk, and the version guard's newest snapshot. Read afresh at every call; nothing is kept.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { JOURNAL_SUFFIX } from '../store/journal';
import { byStoreSize, storesTotalBytes, uptimeSeconds, type StoreFileSize } from './health-rules';

export interface ProcessMemory {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
}

export interface LastSnapshot {
  id: string;
  /** ISO 8601. */
  timestamp: string;
  description: string;
}

export interface SystemHealth {
  /** ISO 8601: when these figures were read. */
  serverTime: string;
  /** ISO 8601. */
  startedAt: string;
  uptimeSeconds: number;
  /** Node's version (`process.version`). */
  node: string;
  memory: ProcessMemory;
  stores: StoreFileSize[];
  storesTotalBytes: number;
  /** The version guard's newest snapshot, or null before the first. */
  lastSnapshot: LastSnapshot | null;
}

export interface SystemHealthDeps {
  clock: () => number;
  /** The store files: their names in the app and absolute paths. */
  storeFiles: () => { name: string; path: string }[];
  /** The version guard's snapshots, newest first. */
  snapshots: () => { id: string; timestamp: string; description: string }[];
  /** Tests may pass their own; by default the process's. */
  memoryUsage?: () => NodeJS.MemoryUsage;
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

export class SystemHealthService {
  readonly startedAt: number;

  constructor(private readonly deps: SystemHealthDeps) {
    this.startedAt = deps.clock();
  }

  memory(): ProcessMemory {
    const usage = (this.deps.memoryUsage ?? (() => process.memoryUsage()))();
    return {
      rssBytes: usage.rss,
      heapUsedBytes: usage.heapUsed,
      heapTotalBytes: usage.heapTotal,
      externalBytes: usage.external,
    };
  }

  async storeSizes(): Promise<StoreFileSize[]> {
    const sizes = await Promise.all(
      this.deps.storeFiles().map(async ({ name, path }) => ({
        name,
        file: basename(path),
        bytes: await sizeOf(path),
        journalBytes: await sizeOf(`${path}${JOURNAL_SUFFIX}`),
      })),
    );
    return byStoreSize(sizes);
  }

  lastSnapshot(): LastSnapshot | null {
    const newest = this.deps.snapshots()[0];
    return newest
      ? { id: newest.id, timestamp: newest.timestamp, description: newest.description }
      : null;
  }

  async read(): Promise<SystemHealth> {
    const stores = await this.storeSizes();
    const now = this.deps.clock();
    return {
      serverTime: new Date(now).toISOString(),
      startedAt: new Date(this.startedAt).toISOString(),
      uptimeSeconds: uptimeSeconds(this.startedAt, now),
      node: process.version,
      memory: this.memory(),
      stores,
      storesTotalBytes: storesTotalBytes(stores),
      lastSnapshot: this.lastSnapshot(),
    };
  }
}
