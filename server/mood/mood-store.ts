// mood.json: per account, Kiri's affection (manja), where its reading of the log has got to, the
// reflections written at each day rollover and the thought-map snapshots kept (docs/mood.md). Written
// when new messages are read or a day is reflected on, so the file is rewritten whole.
import { z } from 'zod';
import { MOOD_MODES } from '../../src/domain/mood-modes';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';
import { FOCUS_CATEGORIES } from './focus-terms';

export const MOOD_FILE_VERSION = 1;
/** Per account: about two months of reflections, and the newest snapshots. */
export const REFLECTIONS_CAP = 60;
export const SNAPSHOTS_CAP = 200;

const timestamp = z.number().int().nonnegative();
const unit = z.number().min(0).max(1);

export const reflectionSchema = z.object({
  /** yyyy-MM-dd in TIME_ZONE: the day reflected on. */
  day: z.string().min(1),
  text: z.string().min(1),
  topics: z.array(z.string()),
  /** The owner's mood that day: a sentiment label (server/language/sentiment.ts). */
  ownerMood: z.string().min(1),
  /** Every message of that day in the log, the owner's and Kiri's. */
  messageCount: z.number().int().nonnegative(),
  ownerMessages: z.number().int().nonnegative(),
  writtenAt: timestamp,
});

export const snapshotSchema = z.object({
  at: timestamp,
  mode: z.enum(MOOD_MODES),
  valence: z.number().min(-1).max(1),
  focus: z.array(z.object({ term: z.string(), weight: unit, category: z.enum(FOCUS_CATEGORIES) })),
});

export const moodAccountSchema = z.object({
  manja: z.object({
    level: unit,
    at: timestamp,
    lastExchangeAt: timestamp.nullable(),
    warmExchanges: z.number().int().nonnegative(),
  }),
  /** The last owner message read into manja and snapshots: its id and time. */
  readThrough: z.object({ id: z.string(), at: timestamp }).nullable(),
  /** The newest day whose rollover has been handled (reflected on, or found without a conversation). */
  reflectedThrough: z.string().nullable(),
  reflections: z.array(reflectionSchema),
  snapshots: z.array(snapshotSchema),
});

export const moodFileSchema = z.object({
  version: z.literal(MOOD_FILE_VERSION),
  accounts: z.record(z.string(), moodAccountSchema),
});

export type Reflection = z.infer<typeof reflectionSchema>;
export type ThoughtSnapshot = z.infer<typeof snapshotSchema>;
export type MoodAccount = z.infer<typeof moodAccountSchema>;
export type MoodFile = z.infer<typeof moodFileSchema>;
export type MoodStore = JsonFileStore<MoodFile>;

export function defaultMoodFile(): MoodFile {
  return { version: MOOD_FILE_VERSION, accounts: {} };
}

export const MOOD_MIGRATIONS: Record<number, Migration> = {};

export const moodStoreDefinition: StoreDefinition<MoodFile> = {
  fileName: 'mood.json',
  currentVersion: MOOD_FILE_VERSION,
  schema: moodFileSchema,
  defaults: defaultMoodFile,
  migrations: MOOD_MIGRATIONS,
};

export function openMoodStore(dataDir: string): Promise<MoodStore> {
  return openJsonFileStore(dataDir, moodStoreDefinition);
}
