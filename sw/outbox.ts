/// <reference lib="webworker" />
// The worker's side of the outbox (DESIGN.md "Outbox"): drains it on the Background Sync event, when
// the worker starts, and when the page posts {type:'REPLAY'}; then tells the pages what happened.
import { db } from '@/db/db';
import { replayOutbox, type ReplaySummary } from '@/db/outbox-replay';

declare const self: ServiceWorkerGlobalScope;

export const OUTBOX_SYNC_TAG = 'kiri-outbox';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** Message from the page when the owner lets a new version take over (src/lib/pwa.ts applyUpdate). */
export const HAND_OVER = 'HAND_OVER';

/**
 * Ends the reads of the replays running now. Chromium lets a waiting version take over only once the
 * active worker has no event left running, and a replay is one (its message or sync event waits for
 * it): a read on a stalled connection would keep the new version waiting for up to a minute after
 * the owner tapped Reload. The replay ends as a failed pull; the new version pulls again.
 */
let handOver = new AbortController();
/** The replays running now: the page hears that the hand-over is done once they have ended. */
const running = new Set<Promise<unknown>>();

/** One replay (send, then pull), and the pages hear of it. The push module asks for one too. */
export async function replayAndTell(force: boolean): Promise<ReplaySummary> {
  const replay = replayOutbox(db, {
    fetch: (...args) => fetch(...args),
    now: Date.now,
    force,
    signal: handOver.signal,
  });
  running.add(replay);
  let summary: ReplaySummary;
  try {
    summary = await replay;
  } finally {
    running.delete(replay);
  }
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage({ type: 'OUTBOX_REPLAYED', summary });
  return summary;
}

export function installOutbox(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    // Rejecting asks the browser to fire the sync again later (Chrome's own backoff).
    sync.waitUntil(
      replayAndTell(true).then((summary) => {
        if (summary.waiting > 0 && !summary.needsLogin) throw new Error('outbox still waiting');
      }),
    );
  });

  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; force?: boolean } | null;
    if (data?.type === HAND_OVER) {
      handOver.abort(new Error('a new version takes over'));
      // Should the new version not take over after all, this worker's later replays read again.
      handOver = new AbortController();
      // The page lets the new version take over once this worker has nothing left running.
      const reply = event.ports[0];
      event.waitUntil(
        Promise.allSettled([...running]).then(() => reply?.postMessage({ type: 'HANDED_OVER' })),
      );
      return;
    }
    if (data?.type !== 'REPLAY') return;
    event.waitUntil(replayAndTell(data.force === true));
  });

  // A worker that starts (after the browser killed it, or at launch) sends what waits.
  void replayAndTell(false).catch(() => undefined);
}
