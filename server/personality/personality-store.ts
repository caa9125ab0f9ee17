// personality.json: Kiri's personality (spec 000 §3.4), the current dimensions and the baseline that
// 'reset to baseline' returns to, with who changed it last and when. One personality for Kiri: the
// operator tunes her voice (spec 001, intro), every account hears it. Written on a save only, so the
// file is rewritten whole.
import { z } from 'zod';
import {
  BASELINE_DIMENSIONS,
  DIMENSION_KEYS,
  TONES,
  toneLabel,
  type Dimensions,
} from '../../src/domain/personality';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const PERSONALITY_FILE_VERSION = 1;

const unit = z.number().min(0).max(1);
export const dimensionsSchema = z.strictObject(
  Object.fromEntries(DIMENSION_KEYS.map((key) => [key, unit])) as Record<
    (typeof DIMENSION_KEYS)[number],
    typeof unit
  >,
);

export const personalityFileSchema = z.object({
  version: z.literal(PERSONALITY_FILE_VERSION),
  current: dimensionsSchema,
  baseline: dimensionsSchema,
  currentTone: z.enum(TONES),
  /** ms since the epoch of the last save; null before the first. */
  updatedAt: z.number().int().nonnegative().nullable(),
  /** The user id that saved last. */
  updatedBy: z.string().nullable(),
});

export type PersonalityFile = z.infer<typeof personalityFileSchema>;
export type PersonalityStore = JsonFileStore<PersonalityFile>;

export function defaultPersonalityFile(): PersonalityFile {
  const baseline: Dimensions = { ...BASELINE_DIMENSIONS };
  return {
    version: PERSONALITY_FILE_VERSION,
    current: { ...baseline },
    baseline,
    currentTone: toneLabel(baseline),
    updatedAt: null,
    updatedBy: null,
  };
}

export const PERSONALITY_MIGRATIONS: Record<number, Migration> = {};

export const personalityStoreDefinition: StoreDefinition<PersonalityFile> = {
  fileName: 'personality.json',
  currentVersion: PERSONALITY_FILE_VERSION,
  schema: personalityFileSchema,
  defaults: defaultPersonalityFile,
  migrations: PERSONALITY_MIGRATIONS,
};

export function openPersonalityStore(dataDir: string): Promise<PersonalityStore> {
  return openJsonFileStore(dataDir, personalityStoreDefinition);
}
