// The page's side of the service worker: registration, update checks, and a tiny store that says
// when a new version waits (read it with usePwaUpdate; UpdatePrompt shows it).
import { useSyncExternalStore } from 'react';

export interface PwaState {
  /** A new version of the app is installed and waits for the page to let it take over. */
  needRefresh: boolean;
}

const SCRIPT_URL = '/sw.js';
const UPDATE_INTERVAL_MS = 60 * 60 * 1000;
/** visibilitychange fires on every app switch: do not ask the server more often than this. */
const MIN_CHECK_GAP_MS = 60 * 1000;

let state: PwaState = { needRefresh: false };
const listeners = new Set<() => void>();
let registration: ServiceWorkerRegistration | undefined;
let started = false;
let applying = false;
let reloaded = false;

function setState(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPwaState(): PwaState {
  return state;
}

/**
 * Registers the worker once (later calls do nothing). Skipped where service workers are unsupported,
 * and in `vite dev`, where no worker is built (offline is tested on the built app).
 */
export function registerServiceWorker(): void {
  if (started) return;
  started = true;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (import.meta.env.DEV) return;
  start().catch((error: unknown) => {
    console.warn('Service worker registration failed:', error);
  });
}

async function start(): Promise<void> {
  // Loaded apart from the entry chunk: the first screen does not wait for it.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SCRIPT_URL, { scope: '/' });
  // Fired for an update found by this page, by another tab (isExternal), or already waiting at load.
  wb.addEventListener('waiting', () => setState({ needRefresh: true }));

  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (applying) {
      if (!reloaded) window.location.reload();
      reloaded = true;
    } else if (controlled) {
      // Another tab let a new version take over: this page still runs the old code and its lazy
      // chunks may be gone from the new cache, so offer the reload.
      setState({ needRefresh: true });
    }
    controlled = true; // the first install's clientsClaim is not an update
  });

  registration = await wb.register();
  if (!registration) return;

  let lastCheck = Date.now();
  const checkForUpdate = (): void => {
    if (!registration || !navigator.onLine || Date.now() - lastCheck < MIN_CHECK_GAP_MS) return;
    lastCheck = Date.now();
    // Offline or the server is down: the next check tries again.
    registration.update().catch(() => undefined);
  };
  // iOS does not look for a new worker when a home-screen app resumes, so ask on every return.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  setInterval(checkForUpdate, UPDATE_INTERVAL_MS);
}

/** Lets the waiting version take over; the page reloads once the new version controls it. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    // Nothing waits (it already took over, from this tab or another): a reload shows it.
    window.location.reload();
    return;
  }
  applying = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** The store as React state: `{ needRefresh, applyUpdate }`. */
export function usePwaUpdate(): PwaState & { applyUpdate: () => void } {
  const snapshot = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
  return { ...snapshot, applyUpdate };
}
