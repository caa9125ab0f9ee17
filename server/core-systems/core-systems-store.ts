// core-systems.json: what the core systems dashboard's two actions did. Test Pulse's maintenance cycles
// (each a real integrity scan of DATA_DIR, with its verdict) and Initiate Emergence's moments (each the
// relationship's stage anchored as a memory). Written only when someone presses one, so rewritten whole.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';

export const CORE_SYSTEMS_FILE_VERSION = 1;
/** The newest pulses and moments kept (the counts go on past it). */
export const PULSES_KEPT = 50;
export const MOMENTS_KEPT = 50;

const timestamp = z.number().int().nonnegative();

export const pulseSchema = z.object({
  at: timestamp,
  /** The cycle's number: 1 for the first pulse ever. */
  cycle: z.number().int().positive(),
  ok: z.boolean(),
  /** Files the integrity scan checked, and those it found wrong. */
  checked: z.number().int().nonnegative(),
  problems: z.number().int().nonnegative(),
  by: z.string(),
});

export const momentSchema = z.object({
  at: timestamp,
  account: z.string().min(1),
  stage: z.number().int().positive(),
  stageName: z.string().min(1),
  consciousnessLevel: z.number().min(0).max(1),
  /** The memory the lattice keeps of it. */
  memoryId: z.string().min(1),
  by: z.string(),
});

export const coreSystemsFileSchema = z.object({
  version: z.literal(CORE_SYSTEMS_FILE_VERSION),
  /** Every pulse ever run (the list below keeps only the newest). */
  cycles: z.number().int().nonnegative(),
  pulses: z.array(pulseSchema),
  moments: z.array(momentSchema),
});

export type Pulse = z.infer<typeof pulseSchema>;
export type EmergenceMoment = z.infer<typeof momentSchema>;
export type CoreSystemsFile = z.infer<typeof coreSystemsFileSchema>;
export type CoreSystemsStore = JsonFileStore<CoreSystemsFile>;

export const CORE_SYSTEMS_MIGRATIONS: Record<number, Migration> = {};

export const coreSystemsStoreDefinition: StoreDefinition<CoreSystemsFile> = {
  fileName: 'core-systems.json',
  currentVersion: CORE_SYSTEMS_FILE_VERSION,
  schema: coreSystemsFileSchema,
  defaults: () => ({ version: CORE_SYSTEMS_FILE_VERSION, cycles: 0, pulses: [], moments: [] }),
  migrations: CORE_SYSTEMS_MIGRATIONS,
};

export function openCoreSystemsStore(dataDir: string): Promise<CoreSystemsStore> {
  return openJsonFileStore(dataDir, coreSystemsStoreDefinition);
}
