// The fetch cache (spec 000 §9) and its copy in IndexedDB, so any screen shows its last data offline.
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createStore, del, get, set } from 'idb-keyval';
import { readAcrossCache, trackedStore } from '@/db/page-transactions';
import { queryRetryDelay, shouldRetryMutation, shouldRetryQuery } from '@/domain/errors';

/** Data counts as fresh for 5 minutes (spec). */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * How long unused data stays in the cache. The spec says 5 minutes, but the persister only saves
 * what is in the cache and drops anything older than its maxAge on restore (which must not exceed
 * gcTime): with 5 minutes, an app opened offline on the commute after an hour would find nothing. So
 * cached data lives 24 hours, and so does its persisted copy.
 */
export const QUERY_GC_TIME_MS = 24 * 60 * 60 * 1000;
export const PERSIST_MAX_AGE_MS = QUERY_GC_TIME_MS;

/** Raise when the shape of cached data changes, so an old copy is dropped instead of misread. */
export const PERSIST_BUSTER = 'kiri-cache-1';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        // Try once even when the browser says it is offline (the service worker may answer, and
        // navigator.onLine is unreliable on iOS); retries wait for the network.
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay: queryRetryDelay,
      },
    },
  });
}

/**
 * What goes to IndexedDB: successful answers (the library's default), except a query with
 * `meta: { persist: false }` (answers that must be fresh). Typed structurally because the persister
 * packages may resolve another copy of query-core than react-query does.
 */
export function shouldPersistQuery(query: {
  state: { status: string };
  meta?: Record<string, unknown> | undefined;
}): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

const cacheStore = () => trackedStore(createStore('kiri-query-cache', 'cache'));

export function createIdbPersister() {
  let store: ReturnType<typeof createStore> | undefined;
  const db = () => (store ??= cacheStore());
  return createAsyncStoragePersister({
    key: 'kiri-query-cache',
    throttleTime: 1000,
    storage: {
      // A restore whose read fails is thrown away by the persister: one ended as the page was
      // cached is read again when it is shown.
      getItem: async (key) => (await readAcrossCache(() => get<string>(key, db()))) ?? null,
      setItem: (key, value) => set(key, value, db()),
      removeItem: (key) => del(key, db()),
    },
  });
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createIdbPersister(),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}
