// Every store file of DATA_DIR, opened together. Later areas add their file here.
import { openAuthStore, type AuthStore } from './auth-store';
import { openConversationStore, type ConversationStore } from './conversation-store';
import { openMemoryStore, type MemoryStore } from './memory-store';
import { openLatticeStore, type LatticeStore } from '../memory/lattice-store';
import { openMoodStore, type MoodStore } from '../mood/mood-store';
import { openPowerStore, type PowerStore } from '../power/power-store';
import { openReminderStore, type ReminderStore } from '../reminders/reminder-store';
import { openScheduleStore, type ScheduleStore } from '../schedule/schedule-store';
import { openPushStore, type PushStore } from './push-store';
import { openPersonalityStore, type PersonalityStore } from '../personality/personality-store';
import { openDevcoreStore, type DevcoreStore } from '../devcore/devcore-store';
import { openImageStore, type ImageStore } from '../images/image-store';
import { openSidebarLayoutStore, type SidebarLayoutStore } from '../sidebar/sidebar-layout-store';
import { openCoreSystemsStore, type CoreSystemsStore } from '../core-systems/core-systems-store';
import {
  openConsciousnessStore,
  type ConsciousnessStore,
} from '../consciousness/consciousness-store';
import {
  openWhisperbridgeStore,
  type WhisperbridgeStore,
} from '../whisperbridge/whisperbridge-store';
import { openMirrorBridgeStore, type MirrorBridgeStore } from '../mirror-bridge/bridge-store';
import { resolve } from 'node:path';
import { openHybridStore, type HybridStore } from '../hybrid/hybrid-store';
import { openSelfModStore, type SelfModStore } from '../self-mod/self-mod-store';
import { openHydraStore, type HydraStore } from '../hydra/hydra-store';
import { openPresenceHubStore, type PresenceHubStore } from '../presence-hub/presence-hub-store';
import {
  openPresenceMoodStore,
  type PresenceMoodStore,
} from '../presence-mood/presence-mood-store';
import { openWeeklySyncStore, type WeeklySyncStore } from '../weekly-sync/weekly-sync-store';
import { openScanbotStore, type ScanbotStore } from '../scanbot/scanbot-store';
import { openPushLogStore, type PushLogStore } from '../push/push-log';
import {
  openBuildRundownStore,
  type BuildRundownStore,
} from '../build-rundown/build-rundown-store';
import {
  configureAtRest,
  DataKeyError,
  setEncryptWrites,
  EncryptionKeyMissingError,
  type DataKey,
} from './at-rest';
import { migrateAtRest } from './at-rest-migration';

export interface Stores {
  auth: AuthStore;
  conversations: ConversationStore;
  memory: MemoryStore;
  lattice: LatticeStore;
  power: PowerStore;
  schedule: ScheduleStore;
  reminders: ReminderStore;
  push: PushStore;
  personality: PersonalityStore;
  devcore: DevcoreStore;
  mood: MoodStore;
  images: ImageStore;
  sidebarLayout: SidebarLayoutStore;
  coreSystems: CoreSystemsStore;
  consciousness: ConsciousnessStore;
  whisperbridge: WhisperbridgeStore;
  mirrorBridge: MirrorBridgeStore;
  hybrid: HybridStore;
  selfMod: SelfModStore;
  hydra: HydraStore;
  presenceMood: PresenceMoodStore;
  presenceHub: PresenceHubStore;
  weeklySync: WeeklySyncStore;
  scanbot: ScanbotStore;
  pushLog: PushLogStore;
  buildRundown: BuildRundownStore;
}

export interface OpenStoresOptions {
  /** DATA_KEY (server/config.ts): opens encrypted files, and encrypts when the setting says so. */
  dataKey?: DataKey | null | undefined;
}

export async function openStores(
  dataDirPath: string,
  options: OpenStoresOptions = {},
): Promise<Stores> {
  // Encryption at rest (docs/encryption.md): the key first, then the setting, which says in which format
  // every file is written; files are read in either format.
  const dataDir = resolve(dataDirPath);
  configureAtRest(dataDir, options.dataKey ?? null);
  const hybrid = await openHybridStore(dataDir);
  const encrypt = hybrid.data.encryptionEnabled;
  if (encrypt && !options.dataKey) {
    throw new DataKeyError(
      `Encryption at rest is on (${hybrid.path}), but DATA_KEY is not set. Set DATA_KEY to the key ` +
        'the files were encrypted with; Kiri does not start without it and never overwrites an ' +
        'encrypted file.',
    );
  }
  // Files created while the others open are written in the set format from the start.
  setEncryptWrites(dataDir, encrypt);
  const stores: Stores = {
    auth: await openAuthStore(dataDir),
    conversations: await openConversationStore(dataDir),
    memory: await openMemoryStore(dataDir),
    lattice: await openLatticeStore(dataDir),
    power: await openPowerStore(dataDir),
    schedule: await openScheduleStore(dataDir),
    reminders: await openReminderStore(dataDir),
    push: await openPushStore(dataDir),
    personality: await openPersonalityStore(dataDir),
    devcore: await openDevcoreStore(dataDir),
    mood: await openMoodStore(dataDir),
    images: await openImageStore(dataDir),
    sidebarLayout: await openSidebarLayoutStore(dataDir),
    coreSystems: await openCoreSystemsStore(dataDir),
    consciousness: await openConsciousnessStore(dataDir),
    whisperbridge: await openWhisperbridgeStore(dataDir),
    mirrorBridge: await openMirrorBridgeStore(dataDir),
    hybrid,
    selfMod: await openSelfModStore(dataDir),
    hydra: await openHydraStore(dataDir),
    presenceMood: await openPresenceMoodStore(dataDir),
    presenceHub: await openPresenceHubStore(dataDir),
    weeklySync: await openWeeklySyncStore(dataDir),
    scanbot: await openScanbotStore(dataDir),
    pushLog: await openPushLogStore(dataDir),
    // Seeded from the repository's CHANGELOG.md when the file is new (docs/build-history.md).
    buildRundown: await openBuildRundownStore(dataDir),
  };
  try {
    // Finishes a migration a stop cut short: only files not in the set format are written again.
    await migrateAtRest(dataDir, encrypt);
  } catch (error) {
    if (error instanceof EncryptionKeyMissingError) throw new DataKeyError(error.message);
    throw error;
  }
  return stores;
}

/** Flushes every file and lets go of the open journals (for tests that reopen a DATA_DIR). */
export async function closeStores(stores: Stores): Promise<void> {
  await Promise.all(Object.values(stores).map((store) => store.close()));
}

/** Waits until every queued write of every file is on disk. */
export async function flushStores(stores: Stores): Promise<void> {
  await Promise.all(Object.values(stores).map((store) => store.flush()));
}
