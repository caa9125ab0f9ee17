// The page's side of the outbox (DESIGN.md "Outbox"). It asks for a replay at app start, when the
// browser comes online, when the app comes back into view and after each send; and, because iOS has no
// Background Sync and a browser may think it is online while the server is down, it tries again on a
// timer while anything waits, and probes the server every few seconds while the app is in view
// (outbox-recheck.ts). The worker drains when it controls the page; otherwise the page does.
import { db } from '@/db/db';
import { replayOutbox, type ReplaySummary } from '@/db/outbox-replay';
import { outboxDueAt } from '@/domain/outbox-rules';
import { createOutboxRecheck, serverAnswers } from './outbox-recheck';
import { isApplyingUpdate } from './pwa';

export const OUTBOX_SYNC_TAG = 'kiri-outbox';

type ReplayListener = (summary: ReplaySummary) => void;

const listeners = new Set<ReplayListener>();
let started = false;
let pageDrain: Promise<void> | null = null;

function workerController(): ServiceWorker | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker.controller
    : null;
}

let replayedOnce = false;

/** Whether a replay (with its pull of the server's conversation) has ended since the page opened. */
export function hasReplayedOnce(): boolean {
  return replayedOnce;
}

let newestPullStart: number | null = null;

/**
 * When the newest successful pull of the server's conversation began (null: none since the page opened):
 * until one has, an empty day here may not be empty there, and a pull begun before a registration ended
 * read the account the device had before (the initial greeting waits for one begun after).
 */
export function newestPullStartedAt(): number | null {
  return newestPullStart;
}

function announce(summary: ReplaySummary): void {
  replayedOnce = true;
  const started = summary.pullStartedAt;
  if (!summary.pullFailed && !summary.needsLogin && typeof started === 'number') {
    newestPullStart = Math.max(newestPullStart ?? started, started);
  }
  for (const listener of listeners) listener(summary);
  void scheduleRetry();
}

/** Listen to the outcome of every replay, the page's or the worker's. */
export function onOutboxReplayed(listener: ReplayListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ask for a replay now. `force` ignores the backoff (the network just came back). */
export function requestReplay(options: { force?: boolean } = {}): void {
  const force = options.force ?? false;
  const controller = workerController();
  // A new version is taking over: a message or a sync now would start the old worker again and keep
  // the new one waiting. The new version replays as it starts, and the page after its reload.
  if (controller && isApplyingUpdate()) return;
  if (controller) {
    controller.postMessage({ type: 'REPLAY', force });
    void registerBackgroundSync();
    // Should the worker be stopped before it answers, the timer still comes back to it.
    void scheduleRetry();
    return;
  }
  void replayInPage(force);
}

let forceAfterDrain = false;

async function replayInPage(force: boolean): Promise<void> {
  // One pass at a time from this page (the Web Lock also keeps it apart from other tabs and the worker).
  // A forced one asked for meanwhile (the server is back) follows it: that pass may have skipped
  // entries still in their backoff.
  if (pageDrain) {
    if (force) forceAfterDrain = true;
    return pageDrain;
  }
  pageDrain = (async () => {
    try {
      const summary = await replayOutbox(db, {
        fetch: (...args) => fetch(...args),
        now: Date.now,
        force,
      });
      announce(summary);
    } finally {
      pageDrain = null;
      if (forceAfterDrain) {
        forceAfterDrain = false;
        void replayInPage(true);
      }
    }
  })();
  return pageDrain;
}

async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.ready;
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } }).sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (iOS, Firefox): the timer and the page's events cover it.
  }
}

const recheck = createOutboxRecheck({
  outbox: async () => {
    const entries = await db.outbox.toArray();
    return { dueAt: outboxDueAt(entries), failed: entries.some((entry) => entry.attempts > 0) };
  },
  visible: () => document.visibilityState === 'visible',
  online: () => navigator.onLine,
  // No probe while a new version takes over (pwa.ts untilReloaded says why).
  probe: () => (isApplyingUpdate() ? Promise.resolve(false) : serverAnswers()),
  replay: (options) => requestReplay(options),
});

/** While anything waits, try again when the earliest entry is due, and probe while in view. */
function scheduleRetry(): Promise<void> {
  return recheck.schedule();
}

/** Wires the triggers once, at app start. */
export function startOutboxSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => requestReplay({ force: true }));
  // Marks the server as out of reach (outbox-recheck.ts): once back, the first probe that finds it
  // forces a replay, should the one the 'online' event forces fail.
  window.addEventListener('offline', () => void scheduleRetry());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') requestReplay({ force: true });
    // Hidden: the probes stop and the backoff alone remains.
    else void scheduleRetry();
  });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: string; summary?: ReplaySummary } | null;
      if (data?.type === 'OUTBOX_REPLAYED' && data.summary) announce(data.summary);
    });
    // A worker that takes control later (first install) drains from then on.
    navigator.serviceWorker.addEventListener('controllerchange', () => requestReplay());
  }
  requestReplay({ force: true });
}
