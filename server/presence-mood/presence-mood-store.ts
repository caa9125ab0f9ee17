// presence-mood.json: the mood engine's state (docs/presence-mood.md): current and target mood, its
// confidence, its age in ticks, when it first started and last ticked, how far the owner's messages
// were read, and its events and drift history (capped). Written once a tick (every 60 s at most) and on
// a set-mood: a small file, rewritten whole.
import { z } from 'zod';
import { PRESENCE_MOODS } from '../../src/domain/presence-mood';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';
import { INITIAL_CONFIDENCE } from './drift-rules';

export const PRESENCE_MOOD_FILE_VERSION = 1;
/** Kept in the file: the screen shows the last 3 events and the last 10 drift entries. */
export const EVENTS_CAP = 50;
export const DRIFT_CAP = 50;

export const EVENT_KINDS = [
  'engine-started',
  'target-set',
  'nudged',
  'drifted',
  'manual-tick',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const timestamp = z.number().int().nonnegative();
const mood = z.enum(PRESENCE_MOODS);
const unit = z.number().min(0).max(1);

export const presenceEventSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(EVENT_KINDS),
  at: timestamp,
  detail: z.string().optional(),
});

export const driftEntrySchema = z.object({
  at: timestamp,
  mood,
  target: mood,
  confidence: unit,
});

export const presenceMoodFileSchema = z.object({
  version: z.literal(PRESENCE_MOOD_FILE_VERSION),
  mood,
  target: mood,
  confidence: unit,
  ageTicks: z.number().int().nonnegative(),
  lastTickAt: timestamp.nullable(),
  /** When this engine first started on this DATA_DIR (null until the background first starts). */
  firstStartedAt: timestamp.nullable(),
  /** The conversation log's entry up to which the nudge has read; null before the first read. */
  readThrough: z.object({ id: z.string().min(1), at: timestamp }).nullable(),
  events: z.array(presenceEventSchema),
  drift: z.array(driftEntrySchema),
});

export type PresenceEvent = z.infer<typeof presenceEventSchema>;
export type DriftEntry = z.infer<typeof driftEntrySchema>;
export type PresenceMoodFile = z.infer<typeof presenceMoodFileSchema>;
export type PresenceMoodStore = JsonFileStore<PresenceMoodFile>;

export function defaultPresenceMoodFile(): PresenceMoodFile {
  return {
    version: PRESENCE_MOOD_FILE_VERSION,
    mood: 'neutral',
    target: 'neutral',
    confidence: INITIAL_CONFIDENCE,
    ageTicks: 0,
    lastTickAt: null,
    firstStartedAt: null,
    readThrough: null,
    events: [],
    drift: [],
  };
}

export const PRESENCE_MOOD_MIGRATIONS: Record<number, Migration> = {};

export const presenceMoodStoreDefinition: StoreDefinition<PresenceMoodFile> = {
  fileName: 'presence-mood.json',
  currentVersion: PRESENCE_MOOD_FILE_VERSION,
  schema: presenceMoodFileSchema,
  defaults: defaultPresenceMoodFile,
  migrations: PRESENCE_MOOD_MIGRATIONS,
};

export function openPresenceMoodStore(dataDir: string): Promise<PresenceMoodStore> {
  return openJsonFileStore(dataDir, presenceMoodStoreDefinition);
}
