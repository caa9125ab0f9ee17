// The System Health page's server figures as plain rules (docs/settings-health.md).

/** Rule 'uptime': whole seconds since the app started, by the app's clock; never negative. */
export function uptimeSeconds(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

export interface StoreFileSize {
  /** The store's name in the app (`auth`, `conversations`, …). */
  name: string;
  /** Its file in DATA_DIR (the name only: where DATA_DIR is stays on the server). */
  file: string;
  /** The file's size on disk, or null when it is not there (yet). */
  bytes: number | null;
  /** Its journal's size (`<file>.journal`), or null when it has none. */
  journalBytes: number | null;
}

/** Rule 'stores total': every store file and journal that exists, added up. */
export function storesTotalBytes(stores: readonly StoreFileSize[]): number {
  return stores.reduce((sum, store) => sum + (store.bytes ?? 0) + (store.journalBytes ?? 0), 0);
}

/** Rule 'store order': largest first (file and journal together), then by name. */
export function byStoreSize(stores: readonly StoreFileSize[]): StoreFileSize[] {
  const size = (store: StoreFileSize) => (store.bytes ?? 0) + (store.journalBytes ?? 0);
  return [...stores].sort((a, b) => size(b) - size(a) || (a.name < b.name ? -1 : 1));
}
