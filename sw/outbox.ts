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

/** One replay (send, then pull), and the pages hear of it. The push module asks for one too. */
export async function replayAndTell(force: boolean): Promise<ReplaySummary> {
  const summary = await replayOutbox(db, {
    fetch: (...args) => fetch(...args),
    now: Date.now,
    force,
  });
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
    if (data?.type !== 'REPLAY') return;
    event.waitUntil(replayAndTell(data.force === true));
  });

  // A worker that starts (after the browser killed it, or at launch) sends what waits.
  void replayAndTell(false).catch(() => undefined);
}
