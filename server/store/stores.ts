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
}

export async function openStores(dataDir: string): Promise<Stores> {
  return {
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
  };
}

/** Flushes every file and lets go of the open journals (for tests that reopen a DATA_DIR). */
export async function closeStores(stores: Stores): Promise<void> {
  await Promise.all(Object.values(stores).map((store) => store.close()));
}

/** Waits until every queued write of every file is on disk. */
export async function flushStores(stores: Stores): Promise<void> {
  await Promise.all(Object.values(stores).map((store) => store.flush()));
}
