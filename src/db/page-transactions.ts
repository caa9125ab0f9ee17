// The page's IndexedDB transactions still under way, so it can end them as it goes into the
// back/forward cache (docs/chat-client.md, "A page in the back/forward cache"). WebKit, the engine of
// the owner's iPhone, freezes a cached page with its transactions as they are: one that was queued or
// running never ends, and the transactions of other contexts on its stores (the next page's, the
// service worker's) wait behind it for as long as the page stays cached. A frozen read holds them as
// surely as a frozen write: a write of another context waits for it, and every read queued after that
// write waits too. In the WebKit suite the chat's "seen" write, then (once writes were ended) a live
// query's read of the outbox, caught so, left the System Health page that came next reading "Checking…"
// for good. Every transaction registers here: the app's database through Dexie middleware, the
// idb-keyval stores (the fetch cache, the error ring) through `trackedStore`.
import type { DBCore, Middleware } from 'dexie';
import type { UseStore } from 'idb-keyval';

const pending = new Set<IDBTransaction>();
/**
 * How many targets watch for the cache (abortTransactionsWhenCached): until a page registers, nothing
 * is tracked. The service worker shares the database's code and middleware but has no pages and
 * never registers, so its transactions cost nothing here.
 */
let watchers = 0;
/** Between a `pagehide` into the cache and the `pageshow` out of it: a transaction begun then is ended too. */
let cached = false;
/** How many times the page went into the cache: a read that fails across one was (likely) ended here. */
let timesCached = 0;
/** Waiting for the next `pageshow`. */
let onShown: Array<() => void> = [];

/** Counts `tx` as under way until it commits or aborts. */
function track(tx: IDBTransaction): void {
  if (watchers === 0) return;
  if (cached) {
    // Begun as the page is being cached (a later pagehide handler's, such as the draft's save): it
    // would be frozen like the others. The draft also waits in localStorage (useDraft's mirror).
    try {
      tx.abort();
    } catch {
      // Already ended.
    }
    return;
  }
  pending.add(tx);
  const settled = () => pending.delete(tx);
  tx.addEventListener('complete', settled);
  tx.addEventListener('abort', settled);
}

function isNativeTransaction(tx: object): tx is IDBTransaction {
  return typeof (tx as Partial<IDBTransaction>).abort === 'function' && 'addEventListener' in tx;
}

/** Dexie middleware: the database's transactions, reads and writes, are tracked. */
export const pageTransactionsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'page-transactions',
  create: (down) => ({
    ...down,
    transaction(stores, mode, options) {
      const tx = down.transaction(stores, mode, options);
      if (isNativeTransaction(tx)) track(tx);
      return tx;
    },
  }),
};

/** An idb-keyval store whose transactions are tracked. */
export function trackedStore(store: UseStore): UseStore {
  return (mode, callback) =>
    store(mode, (objectStore) => {
      track(objectStore.transaction);
      return callback(objectStore);
    });
}

/**
 * Runs a one-off read, and runs it again once the page is shown if it failed while the page went into
 * the cache (its transaction was ended here, not by a fault of the store). The fetch cache's restore
 * needs this: the persister throws its copy away on a failed read.
 */
export async function readAcrossCache<T>(read: () => Promise<T>): Promise<T> {
  const before = timesCached;
  try {
    return await read();
  } catch (error) {
    if (timesCached === before) throw error;
    if (cached) await new Promise<void>((resolve) => onShown.push(resolve));
    return read();
  }
}

/** Aborts every transaction still under way. */
function abortPending(): void {
  for (const tx of pending) {
    try {
      tx.abort();
    } catch {
      // Already committing or done: nothing is held.
    }
  }
  pending.clear();
}

/**
 * Aborts the page's unfinished transactions whenever it goes into the back/forward cache. A writer
 * sees its write fail as for any other abort (a message being stored goes back into the composer, the
 * "seen" marker moves at the next look, the fetch cache is written again at its next change). A live
 * query takes its read's abort quietly (Dexie's liveQuery skips an AbortError) and reads again when the
 * page is shown: Dexie re-runs every live query on a `pageshow` from the cache. Nothing else waits
 * behind the frozen page.
 */
export function abortTransactionsWhenCached(target: EventTarget): () => void {
  // (A PageTransitionEvent; typed loosely, as this module is also the worker's, which has no pages.)
  const onPageHide = (event: Event) => {
    // Not persisted: the page is going away for good, and the browser ends its transactions.
    if (!(event as Event & { persisted?: boolean }).persisted) return;
    cached = true;
    timesCached += 1;
    abortPending();
  };
  const onPageShow = () => {
    cached = false;
    const waiting = onShown;
    onShown = [];
    for (const resolve of waiting) resolve();
  };
  target.addEventListener('pagehide', onPageHide);
  target.addEventListener('pageshow', onPageShow);
  watchers += 1;
  return () => {
    watchers -= 1;
    if (watchers === 0) pending.clear();
    target.removeEventListener('pagehide', onPageHide);
    target.removeEventListener('pageshow', onPageShow);
    onPageShow();
  };
}
