// The device's error ring (docs/settings-health.md): the newest 200 errors the request helper and the
// error screens met, kept in IndexedDB through idb-keyval (a store of its own, one key holding the
// ring), so the Error Logs page lists them after a reload or offline. One key updated in one
// readwrite transaction (idb-keyval's update): two tabs recording at once both land. Recording never
// throws and never waits on the caller: an error log must not make an error of its own.
import { createStore, get, set, update, type UseStore } from 'idb-keyval';
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
import type { DeviceErrorFact } from './device-error-report';
import { readAcrossCache, trackedStore } from '@/db/page-transactions';

export const DEVICE_ERRORS_DB = 'kiri-device-errors';
export const DEVICE_ERRORS_KEY = 'ring';

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

/** Adds an entry to the ring; resolves when stored (or when storing failed, quietly). */
export async function recordDeviceError(entry: NewDeviceError): Promise<void> {
  const full = { ...entry, id: `${entry.at.toString(36)}-${(counter++).toString(36)}` };
  try {
    if (typeof indexedDB === 'undefined') return;
    await update(
      DEVICE_ERRORS_KEY,
      (value) => addToRing(parseDeviceErrors(value), full, DEVICE_ERROR_CAP),
      errorStore(),
    );
    notify();
  } catch {
    // Storage refused (private mode, quota): the console still has the error; nothing more to do.
  }
}

/** A fact from the request helper or an error screen (lib/device-error-report.ts), as an entry. */
export function recordFact(fact: DeviceErrorFact): Promise<void> {
  switch (fact.kind) {
    case 'request':
      return recordDeviceError(requestError(fact));
    case 'network':
      return recordDeviceError(networkError(fact));
    case 'screen':
      return recordDeviceError(screenError(fact));
  }
}

/** The ring, newest first ([] when nothing was recorded or storage cannot be read). */
export async function readDeviceErrors(): Promise<DeviceError[]> {
  try {
    if (typeof indexedDB === 'undefined') return [];
    return parseDeviceErrors(await readAcrossCache(() => get(DEVICE_ERRORS_KEY, errorStore())));
  } catch {
    return [];
  }
}

/** Empties the ring (the page's Clear). */
export async function clearDeviceErrors(): Promise<void> {
  await set(DEVICE_ERRORS_KEY, [], errorStore());
  notify();
}
