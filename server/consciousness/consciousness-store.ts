// consciousness.json: the stream's settings (place, country, weather, feeds, interval), the entries it
// collected (capped), how many it ever collected, and what each source did on the last run
// (docs/consciousness.md). Written once per collection and on a settings change, so rewritten whole.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';
import { ENTRY_TYPES, type EntryType } from '../../src/domain/consciousness';
export { ENTRY_TYPES, type EntryType };

export const CONSCIOUSNESS_FILE_VERSION = 1;
/** The entries kept: about three weeks of hourly collections; the oldest go first. */
export const ENTRIES_CAP = 500;
/** Feeds the owner may configure: each is fetched on every collection. */
export const FEEDS_CAP = 10;
export const MIN_INTERVAL_MS = 5 * 60_000;
export const MAX_INTERVAL_MS = 24 * 60 * 60_000;
/** One collection an hour unless the owner sets another interval. */
export const DEFAULT_INTERVAL_MS = 60 * 60_000;

export const FEED_KINDS = ['news', 'trends'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

const timestamp = z.number().int().nonnegative();
const unit = z.number().min(0).max(1);

export const placeSchema = z.object({
  name: z.string().min(1).max(80),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const feedSchema = z.object({
  url: z.string().min(1).max(2048),
  kind: z.enum(FEED_KINDS),
});

export const streamConfigSchema = z.object({
  place: placeSchema.nullable(),
  /** ISO 3166-1 alpha-2, upper case, one date-holidays knows. */
  country: z.string().length(2).nullable(),
  weather: z.boolean(),
  feeds: z.array(feedSchema).max(FEEDS_CAP),
  updateIntervalMs: z.number().int().min(MIN_INTERVAL_MS).max(MAX_INTERVAL_MS),
  /** Who saved it last, and when; null on a fresh install. */
  changedAt: timestamp.nullable(),
  changedBy: z.string().nullable(),
});

export const impactSchema = z.object({ curiosity: unit, contentment: unit, empathy: unit });

export const entrySchema = z.object({
  id: z.string().min(1),
  /** What makes the entry the same fact as another (a headline's link, the day's sunrise): never twice. */
  key: z.string().min(1),
  type: z.enum(ENTRY_TYPES),
  content: z.string().min(1),
  at: timestamp,
  significance: unit,
  source: z.string().min(1),
  impact: impactSchema,
});

export const SOURCE_OUTCOMES = ['added', 'nothing-new', 'skipped', 'not-configured'] as const;
export type SourceOutcome = (typeof SOURCE_OUTCOMES)[number];

export const sourceReportSchema = z.object({
  /** 'sentiment', 'cosmic', 'cultural', 'weather', or 'feed:<url>'. */
  id: z.string().min(1),
  type: z.enum(ENTRY_TYPES),
  outcome: z.enum(SOURCE_OUTCOMES),
  added: z.number().int().nonnegative(),
  /** Why nothing was added (unreachable, malformed, nothing new, not configured); null when added. */
  reason: z.string().nullable(),
});

export const runReportSchema = z.object({
  at: timestamp,
  trigger: z.enum(['scheduled', 'manual']),
  added: z.number().int().nonnegative(),
  sources: z.array(sourceReportSchema),
});

export const consciousnessFileSchema = z.object({
  version: z.literal(CONSCIOUSNESS_FILE_VERSION),
  config: streamConfigSchema,
  /** When the last collection ran: the next scheduled one is this plus the interval (restart-safe). */
  lastRunAt: timestamp.nullable(),
  /** Every entry ever added (the kept list is capped): the status's dataPointsCollected. */
  collected: z.number().int().nonnegative(),
  entries: z.array(entrySchema),
  lastRun: runReportSchema.nullable(),
});

export type Place = z.infer<typeof placeSchema>;
export type Feed = z.infer<typeof feedSchema>;
export type StreamConfig = z.infer<typeof streamConfigSchema>;
export type Impact = z.infer<typeof impactSchema>;
export type StreamEntry = z.infer<typeof entrySchema>;
export type SourceReport = z.infer<typeof sourceReportSchema>;
export type RunReport = z.infer<typeof runReportSchema>;
export type ConsciousnessFile = z.infer<typeof consciousnessFileSchema>;
export type ConsciousnessStore = JsonFileStore<ConsciousnessFile>;

/** A fresh install: nothing configured, so only the owner's own conversation is read. */
export function defaultStreamConfig(): StreamConfig {
  return {
    place: null,
    country: null,
    weather: false,
    feeds: [],
    updateIntervalMs: DEFAULT_INTERVAL_MS,
    changedAt: null,
    changedBy: null,
  };
}

export function defaultConsciousnessFile(): ConsciousnessFile {
  return {
    version: CONSCIOUSNESS_FILE_VERSION,
    config: defaultStreamConfig(),
    lastRunAt: null,
    collected: 0,
    entries: [],
    lastRun: null,
  };
}

export const CONSCIOUSNESS_MIGRATIONS: Record<number, Migration> = {};

export const consciousnessStoreDefinition: StoreDefinition<ConsciousnessFile> = {
  fileName: 'consciousness.json',
  currentVersion: CONSCIOUSNESS_FILE_VERSION,
  schema: consciousnessFileSchema,
  defaults: defaultConsciousnessFile,
  migrations: CONSCIOUSNESS_MIGRATIONS,
};

export function openConsciousnessStore(dataDir: string): Promise<ConsciousnessStore> {
  return openJsonFileStore(dataDir, consciousnessStoreDefinition);
}
