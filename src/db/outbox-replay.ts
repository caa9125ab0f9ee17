// One replay pass, the same in the page and in the worker: send what waits, then catch up with the
// server's log (replies made while the app was closed, other devices) and the engine's copy of the
// server's context (Kiri's answers offline).
import { refreshCompanionCopy } from './companion-copy';
import { pullConversations } from './conversation-pull';
import { drainOutbox, type DrainSummary } from './outbox-delivery';
import type { KiriDatabase } from './schema';
import { readTimeZone } from './sync-settings';

export interface ReplaySummary extends DrainSummary {
  pulled: number;
  pullFailed: boolean;
  /**
   * When the pull's request was sent (null: no pull). What it brought is the server's state of that
   * moment: a device that registered after it has not seen its new account's day (the initial greeting).
   */
  pullStartedAt: number | null;
}

export async function replayOutbox(
  db: KiriDatabase,
  options: { fetch: typeof fetch; now: () => number; force?: boolean; pull?: boolean },
): Promise<ReplaySummary> {
  const drained = await drainOutbox(db, options);
  let pulled = 0;
  let pullFailed = false;
  let pullStartedAt: number | null = null;
  if (options.pull !== false && !drained.needsLogin) {
    pullStartedAt = options.now();
    try {
      pulled = await pullConversations(db, {
        fetch: options.fetch,
        now: options.now,
        timeZone: await readTimeZone(db),
      });
    } catch {
      // Offline or server down: the next replay pulls again.
      pullFailed = true;
    }
    if (!pullFailed) {
      // The engine's copy is refreshed where the conversation is (issue 12): after the drain, so the
      // memories of the messages just delivered are in it.
      await refreshCompanionCopy(db, options).catch(() => false);
    }
  }
  return { ...drained, pulled, pullFailed, pullStartedAt };
}
