// The device's error ring (docs/settings-health.md): the newest 200 errors the request helper and the
// error screens met, kept in IndexedDB through idb-keyval (a store of its own, one key holding the
// ring), so the Error Logs page lists them after a reload or offline. Recording never throws and never
// waits on the caller: an error log must not make an error of its own.
//
// Each fact arrives with an id (device-error-report.ts wrote it down in localStorage first) and is
// recorded once: the ids recorded lately are kept beside the ring and written in the same readwrite
// transaction, so a fact left waiting by a page that went away, and recorded by the next page or by
// another tab at the same time, lands once (IndexedDB runs the two transactions one after the other).
import { createStore, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import {
  addToRing,
  DEVICE_ERROR_CAP,
  networkError,
  parseDeviceErrors,
  requestError,
  screenError,
  type DeviceError,
  type NewDeviceError,
} from '@/domain/device-errors';
import {
  forgetRecorded,
  readWaitingErrors,
  type PlainError,
  type WaitingError,
  type WaitingFact,
} from './device-error-report';
import { readAcrossCache, trackedStore } from '@/db/page-transactions';

export const DEVICE_ERRORS_DB = 'kiri-device-errors';
export const DEVICE_ERRORS_KEY = 'ring';
/** The ids of the facts recorded lately (newest first), so that none is recorded twice. */
export const RECORDED_IDS_KEY = 'recorded-ids';
/** Far more than can wait at once (WAITING_ERRORS_CAP, in a few tabs). */
const RECORDED_IDS_CAP = 500;

let store: UseStore | undefined;
/** Opened on first use, not when the module loads (a page that never fails never opens it). */
const errorStore = () => (store ??= trackedStore(createStore(DEVICE_ERRORS_DB, 'errors')));

const listeners = new Set<() => void>();
let counter = 0;

/** Tells the open page (the Error Logs list) that the ring changed. */
function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeDeviceErrors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const stringIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/**
 * Adds the entries not recorded yet to the ring, in one transaction; resolves to how many were added
 * once it committed.
 */
function recordOnce(entries: ReadonlyArray<NewDeviceError & { id: string }>): Promise<number> {
  return errorStore()(
    'readwrite',
    (objectStore) =>
      new Promise<number>((resolve, reject) => {
        const ringRead = objectStore.get(DEVICE_ERRORS_KEY);
        const idsRead = objectStore.get(RECORDED_IDS_KEY);
        // A failed read (or the transaction aborted under it) fails the record: nothing waits forever.
        ringRead.onerror = () => reject(ringRead.error);
        idsRead.onerror = () => reject(idsRead.error);
        idsRead.onsuccess = () => {
          try {
            const recorded = stringIds(idsRead.result);
            const seen = new Set(recorded);
            let ring = parseDeviceErrors(ringRead.result);
            const added: string[] = [];
            for (const entry of entries) {
              if (seen.has(entry.id)) continue;
              seen.add(entry.id);
              added.unshift(entry.id);
              ring = addToRing(ring, entry, DEVICE_ERROR_CAP);
            }
            if (added.length > 0) {
              objectStore.put(ring, DEVICE_ERRORS_KEY);
              objectStore.put([...added, ...recorded].slice(0, RECORDED_IDS_CAP), RECORDED_IDS_KEY);
            }
            resolve(promisifyRequest(objectStore.transaction).then(() => added.length));
          } catch (error) {
            reject(error);
          }
        };
      }),
  );
}

/** An entry from the bare error's name and message, as the error itself would have given it. */
function revived(error: PlainError): unknown {
  return error.name ? Object.assign(new Error(error.message), { name: error.name }) : error.message;
}

function entryOf(fact: WaitingFact): NewDeviceError {
  switch (fact.kind) {
    case 'request':
      return requestError(fact);
    case 'network':
      return networkError({ ...fact, error: revived(fact.error) });
    case 'screen':
      return screenError({ ...fact, error: revived(fact.error) });
  }
}

/** One page records one batch at a time (each batch reads what waits when its turn comes). */
let recording: Promise<void> = Promise.resolve();

/**
 * Records what waits in localStorage (and `handed`, in case storage refused to keep it): this page's
 * new facts, and those a page that went away (or another tab) left. Resolves once stored, or once
 * storing failed, quietly; what failed waits for the next try.
 */
export function recordWaitingErrors(handed: readonly WaitingError[] = []): Promise<void> {
  const run = recording.then(async () => {
    try {
      if (typeof indexedDB === 'undefined') return;
      const waiting = new Map(readWaitingErrors().map((item) => [item.id, item]));
      for (const item of handed) if (!waiting.has(item.id)) waiting.set(item.id, item);
      if (waiting.size === 0) return;
      const entries: Array<NewDeviceError & { id: string }> = [];
      for (const item of waiting.values()) {
        try {
          entries.push({ ...entryOf(item.fact), id: item.id });
        } catch {
          // A damaged record: dropped below with the others.
        }
      }
      const added = await recordOnce(entries);
      forgetRecorded(new Set(waiting.keys()));
      if (added > 0) notify();
    } catch {
      // Storage refused (private mode, quota): the console still has the error; nothing more to do.
    }
  });
  recording = run;
  return run;
}

/** Adds an entry to the ring; resolves when stored (or when storing failed, quietly). */
export async function recordDeviceError(entry: NewDeviceError): Promise<void> {
  try {
    if (typeof indexedDB === 'undefined') return;
    const added = await recordOnce([
      { ...entry, id: `${entry.at.toString(36)}-direct-${(counter++).toString(36)}` },
    ]);
    if (added > 0) notify();
  } catch {
    // As above.
  }
}

/** The ring, newest first ([] when nothing was recorded or storage cannot be read). */
export async function readDeviceErrors(): Promise<DeviceError[]> {
  try {
    if (typeof indexedDB === 'undefined') return [];
    await recordWaitingErrors();
    return parseDeviceErrors(await readAcrossCache(() => get(DEVICE_ERRORS_KEY, errorStore())));
  } catch {
    return [];
  }
}

/** Empties the ring (the page's Clear). The recorded ids stay: a fact recorded before is not again. */
export async function clearDeviceErrors(): Promise<void> {
  await set(DEVICE_ERRORS_KEY, [], errorStore());
  notify();
}
