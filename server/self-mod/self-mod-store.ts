// self-mod.json: the greeting the owner set (spec 001 §5 update_greeting) and the greeting patches
// (proposed, applied, superseded). Written rarely (a command), so rewritten whole.
import { z } from 'zod';
import { EXECUTE_TYPES } from '../../src/domain/self-mod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const SELF_MOD_FILE_VERSION = 1;
/** The most patches kept: the oldest settled ones go first (a pending one is never dropped for room). */
export const MAX_KEPT_PATCHES = 50;

export const greetingSchema = z.object({
  /** As the owner wrote it, placeholders and all (src/domain/self-mod.ts GREETING_PLACEHOLDERS). */
  text: z.string(),
  /** ISO 8601, UTC. */
  setAt: z.string(),
  setBy: z.string(),
  /** The patch it came from; null when set directly by a command. */
  patchId: z.string().nullable(),
});

export const patchSchema = z.object({
  id: z.string(),
  kind: z.literal('greeting'),
  text: z.string(),
  proposedAt: z.string(),
  proposedBy: z.string(),
  via: z.enum(EXECUTE_TYPES),
  status: z.enum(['pending', 'applied', 'superseded']),
  settledAt: z.string().nullable(),
});

export const selfModFileSchema = z.object({
  version: z.literal(SELF_MOD_FILE_VERSION),
  greeting: greetingSchema.nullable(),
  patches: z.array(patchSchema),
});

export type OwnerGreeting = z.infer<typeof greetingSchema>;
export type GreetingPatch = z.infer<typeof patchSchema>;
export type SelfModFile = z.infer<typeof selfModFileSchema>;
export type SelfModStore = JsonFileStore<SelfModFile>;

export const SELF_MOD_MIGRATIONS: Record<number, Migration> = {};

export const selfModStoreDefinition: StoreDefinition<SelfModFile> = {
  fileName: 'self-mod.json',
  currentVersion: SELF_MOD_FILE_VERSION,
  schema: selfModFileSchema,
  defaults: () => ({ version: SELF_MOD_FILE_VERSION, greeting: null, patches: [] }),
  migrations: SELF_MOD_MIGRATIONS,
};

export function openSelfModStore(dataDir: string): Promise<SelfModStore> {
  return openJsonFileStore(dataDir, selfModStoreDefinition);
}
