// The page's IndexedDB write transactions still under way, so it can end them as it goes into the
// back/forward cache (docs/chat-client.md, "A page in the back/forward cache"). WebKit, the engine of
// the owner's iPhone, freezes a cached page with its transactions as they are: one that was queued or
// running is never committed, and every later transaction on its stores, the next page's and the
// service worker's, waits behind it for as long as the page stays cached. In the WebKit suite, the
// chat's "seen" write (messages and uiState) caught so left the System Health page that came next
// reading "Checking…" for good, in about one run in four. Every writer registers here: the app's
// database through Dexie middleware, the idb-keyval stores (the fetch cache, the error ring) through
// `trackedStore`.
import type { DBCore, Middleware } from 'dexie';
import type { UseStore } from 'idb-keyval';

const pending = new Set<IDBTransaction>();
/** Between a `pagehide` into the cache and the `pageshow` out of it: a write begun then is ended too. */
let cached = false;

/** Counts `tx` as under way until it commits or aborts. */
function trackWrite(tx: IDBTransaction): void {
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

/** Dexie middleware: the database's write transactions are tracked. */
export const pendingWritesMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'pending-writes',
  create: (down) => ({
    ...down,
    transaction(stores, mode, options) {
      const tx = down.transaction(stores, mode, options);
      // Reads are left alone: a live query's read aborted would throw in the screen it feeds.
      if (mode === 'readwrite' && isNativeTransaction(tx)) trackWrite(tx);
      return tx;
    },
  }),
};

/** An idb-keyval store whose write transactions are tracked. */
export function trackedStore(store: UseStore): UseStore {
  return (mode, callback) =>
    store(mode, (objectStore) => {
      if (mode === 'readwrite') trackWrite(objectStore.transaction);
      return callback(objectStore);
    });
}

/** Aborts every write transaction still under way. */
function abortPendingWrites(): void {
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
 * Aborts the page's unfinished writes whenever it goes into the back/forward cache. Each writer sees
 * its write fail as for any other abort (a message being stored goes back into the composer, the
 * "seen" marker moves at the next look, the fetch cache is written again at its next change); nothing
 * else waits behind the frozen page.
 */
export function abortWritesWhenCached(target: EventTarget): () => void {
  // (A PageTransitionEvent; typed loosely, as this module is also the worker's, which has no pages.)
  const onPageHide = (event: Event) => {
    // Not persisted: the page is going away for good, and the browser ends its transactions.
    if (!(event as Event & { persisted?: boolean }).persisted) return;
    cached = true;
    abortPendingWrites();
  };
  const onPageShow = () => {
    cached = false;
  };
  target.addEventListener('pagehide', onPageHide);
  target.addEventListener('pageshow', onPageShow);
  return () => {
    target.removeEventListener('pagehide', onPageHide);
    target.removeEventListener('pageshow', onPageShow);
    cached = false;
  };
}
