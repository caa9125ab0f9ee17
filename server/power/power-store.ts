// power.json: the power state (awake, sleeping, deep pause), its history, and the owner's messages that
// came in deep pause and wait for Kiri's answer. Written rarely (a transition, a message in deep
// pause), so the file is rewritten whole.
import { z } from 'zod';
import {
  openJsonFileStore,
  type JsonFileStore,
  type Migration,
  type StoreDefinition,
} from '../store/json-file-store';
import { POWER_ACTIONS, POWER_STATES } from './power-rules';

export const POWER_FILE_VERSION = 1;
/** The history keeps the newest transitions only. */
export const POWER_HISTORY_CAP = 200;

const timestamp = z.number().int().nonnegative();

export const powerTransitionSchema = z.object({
  from: z.enum(POWER_STATES),
  to: z.enum(POWER_STATES),
  action: z.enum(POWER_ACTIONS),
  at: timestamp,
  /** The user who asked for it. */
  by: z.string().nullable(),
});

export const deferredMessageSchema = z.object({
  account: z.string().min(1),
  /** The owner's message in the conversation log. */
  messageId: z.string().min(1),
  /** Its Idempotency-Key, so that a replay after the answer gets the answer. */
  key: z.string().nullable(),
  /** The name the engine addresses the owner by. */
  userName: z.string().nullable(),
  at: timestamp,
});

export const powerFileSchema = z.object({
  version: z.literal(POWER_FILE_VERSION),
  state: z.enum(POWER_STATES),
  since: timestamp,
  history: z.array(powerTransitionSchema),
  /** Oldest first: Kiri answers them in this order once woken. */
  deferred: z.array(deferredMessageSchema),
});

export type PowerTransition = z.infer<typeof powerTransitionSchema>;
export type DeferredMessage = z.infer<typeof deferredMessageSchema>;
export type PowerFile = z.infer<typeof powerFileSchema>;
export type PowerStore = JsonFileStore<PowerFile>;

export function defaultPowerFile(): PowerFile {
  return { version: POWER_FILE_VERSION, state: 'awake', since: 0, history: [], deferred: [] };
}

export const POWER_MIGRATIONS: Record<number, Migration> = {};

export const powerStoreDefinition: StoreDefinition<PowerFile> = {
  fileName: 'power.json',
  currentVersion: POWER_FILE_VERSION,
  schema: powerFileSchema,
  defaults: defaultPowerFile,
  migrations: POWER_MIGRATIONS,
};

export function openPowerStore(dataDir: string): Promise<PowerStore> {
  return openJsonFileStore(dataDir, powerStoreDefinition);
}
