// One replay pass, the same in the page and in the worker: send what waits, then catch up with the
// server's log (replies made while the app was closed, other devices) and the engine's copy of the
// server's context (Kiri's answers offline).
import { REPLAY_READS_TIMEOUT_MS } from '@/domain/outbox-timeout';
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
  options: {
    fetch: typeof fetch;
    now: () => number;
    force?: boolean;
    pull?: boolean;
    /** How long the reads after the drain may take together (REPLAY_READS_TIMEOUT_MS; tests shorten it). */
    readsTimeoutMs?: number;
    /** Ends the reads at once (the worker hands over to a new version). */
    signal?: AbortSignal;
  },
): Promise<ReplaySummary> {
  const drained = await drainOutbox(db, options);
  let pulled = 0;
  let pullFailed = false;
  let pullStartedAt: number | null = null;
  if (options.pull !== false && !drained.needsLogin) {
    pullStartedAt = options.now();
    // The reads are aborted once their time is up (their answers' bodies too), so a stalled
    // connection fails them like a lost one.
    const reads = new AbortController();
    const timer = setTimeout(
      () => reads.abort(new Error('no answer in time')),
      options.readsTimeoutMs ?? REPLAY_READS_TIMEOUT_MS,
    );
    // AbortSignal.any is newer than the iPhones the app supports (iOS 17.4).
    const stop = () => reads.abort(options.signal?.reason);
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop);
    const fetchWithin: typeof fetch = (input, init) =>
      options.fetch(input, { ...init, signal: reads.signal });
    try {
      try {
        pulled = await pullConversations(db, {
          fetch: fetchWithin,
          now: options.now,
          timeZone: await readTimeZone(db),
        });
      } catch {
        // Offline, server down or no answer in time: the next replay pulls again.
        pullFailed = true;
      }
      if (!pullFailed) {
        // The engine's copy is refreshed where the conversation is (issue 12): after the drain, so
        // the memories of the messages just delivered are in it.
        await refreshCompanionCopy(db, { fetch: fetchWithin, now: options.now }).catch(() => false);
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
    }
  }
  return { ...drained, pulled, pullFailed, pullStartedAt };
}
