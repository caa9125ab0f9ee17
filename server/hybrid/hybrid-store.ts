// hybrid-protocol.json: the hybrid protocol's settings (spec 001 §3 "Hybrid protocol status" config): whether
// DATA_DIR is encrypted at rest, the development rate and the emotional depth. Written only when an
// administrator saves the settings form, so the file is rewritten whole (no journal). It is opened first:
// its encryptionEnabled says in which format every other file is written (server/store/stores.ts).
import { z } from 'zod';
import {
  DEFAULT_DEVELOPMENT_RATE,
  DEFAULT_EMOTIONAL_DEPTH,
  SETTING_MAX,
  SETTING_MIN,
} from '../../src/domain/hybrid-protocol';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const HYBRID_FILE_VERSION = 1;
export const HYBRID_FILE_NAME = 'hybrid-protocol.json';

const share = z.number().min(SETTING_MIN).max(SETTING_MAX);

export const hybridFileSchema = z.object({
  version: z.literal(HYBRID_FILE_VERSION),
  encryptionEnabled: z.boolean(),
  consciousnessDevelopmentRate: share,
  emotionalDepth: share,
  /** Who saved the settings last, and when (ms since the epoch); null before any save. */
  changedAt: z.number().int().nonnegative().nullable(),
  changedBy: z.string().nullable(),
});

export type HybridFile = z.infer<typeof hybridFileSchema>;
export type HybridStore = JsonFileStore<HybridFile>;

export const HYBRID_MIGRATIONS: Record<number, Migration> = {};

export const hybridStoreDefinition: StoreDefinition<HybridFile> = {
  fileName: HYBRID_FILE_NAME,
  currentVersion: HYBRID_FILE_VERSION,
  schema: hybridFileSchema,
  defaults: () => ({
    version: HYBRID_FILE_VERSION,
    encryptionEnabled: false,
    consciousnessDevelopmentRate: DEFAULT_DEVELOPMENT_RATE,
    emotionalDepth: DEFAULT_EMOTIONAL_DEPTH,
    changedAt: null,
    changedBy: null,
  }),
  migrations: HYBRID_MIGRATIONS,
};

export function openHybridStore(dataDir: string): Promise<HybridStore> {
  return openJsonFileStore(dataDir, hybridStoreDefinition);
}
