// The page's side of offline replies (issue 12): it watches the owner's messages in the outbox and,
// when the server cannot answer one and the setting is on, has Kiri answer it on the device. Only the
// page does it: the engine is loaded with import(), which a service worker cannot do, and a reply is
// for someone looking at the app. Loaded after the first paint (device-services).
import { liveQuery } from 'dexie';
import { db } from '@/db/db';
import { answerWaitingMessages, deviceReplyCandidates } from '@/db/device-reply';
import { uuidv7 } from '@/domain/uuidv7';
import { loadDeviceEngine } from './device-engine';
import { offlineRepliesEnabled, onOfflineRepliesChange } from './offline-replies-setting';

let started = false;
let running: Promise<void> | null = null;
let again = false;

/** Answers what waits, one pass at a time; a change seen during a pass runs one more. */
function answerNow(): void {
  if (running) {
    again = true;
    return;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await answerWaitingMessages(db, {
          enabled: offlineRepliesEnabled,
          engine: loadDeviceEngine,
          now: Date.now,
          newId: () => uuidv7(),
        });
      } while (again);
    } catch (error) {
      // The engine could not be loaded (offline before it was ever fetched) or a write failed: the
      // message waits as the spec says, and the next change in the outbox tries again.
      console.warn('Kiri could not answer on this device', error);
    } finally {
      running = null;
    }
  })();
}

/** Starts watching once per page. */
export function startDeviceReplies(): void {
  if (started) return;
  started = true;
  // Re-read whenever the outbox or those messages change: a failed attempt, a message queued offline.
  liveQuery(() => deviceReplyCandidates(db, offlineRepliesEnabled())).subscribe({
    next: (candidates) => {
      if (candidates.length > 0) answerNow();
    },
    error: (error: unknown) => console.warn('Offline replies stopped watching', error),
  });
  onOfflineRepliesChange((on) => {
    if (on) answerNow();
  });
}
