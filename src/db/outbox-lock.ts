// The outbox's lock (Web Locks): one drain at a time across the page, other tabs and the worker.
export const OUTBOX_LOCK = 'kiri-outbox';

/**
 * Whether a drain holds the outbox lock now (this page's, another tab's or the worker's): an entry
 * that has never failed may then be on its way to the server. Unknown (no Web Locks) counts as yes.
 */
export async function isOutboxDraining(): Promise<boolean> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks?.query) return true;
  try {
    const state = await locks.query();
    return (state.held ?? []).some((lock) => lock.name === OUTBOX_LOCK);
  } catch {
    return true;
  }
}

/** Runs `task` while holding the outbox lock, where the platform has Web Locks. */
export async function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  // The same code runs in the page (Navigator) and in the worker (WorkerNavigator).
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return task();
  return locks.request(OUTBOX_LOCK, task) as Promise<T>;
}
