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
      reloadOnce();
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

/** How long the active worker may take to end what it runs before the new version is let in anyway. */
const HAND_OVER_WAIT_MS = 3_000;

/**
 * Asks the active worker to end what it runs (sw/outbox.ts HAND_OVER) and waits for its answer, or
 * HAND_OVER_WAIT_MS. Chromium lets the new version take over only once the active worker is idle and
 * stopped; anything sent to it after that (a message, a Background Sync) starts it again, so the page
 * asks first and stays quiet from then on (isApplyingUpdate).
 */
function handOver(active: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, HAND_OVER_WAIT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    active.postMessage({ type: 'HAND_OVER' }, [channel.port2]);
  });
}

/** Whether the owner has let a new version take over: the page sends the old worker nothing more. */
export function isApplyingUpdate(): boolean {
  return applying;
}

/**
 * For a request asked for after the owner let a new version take over: it waits for the reload,
 * which comes within TAKE_OVER_WAIT_MS. Every request of a page its worker controls is an event of
 * that worker, and one after the old worker has stopped starts it again, which keeps the new version
 * waiting (up to Chromium's five minutes while the page polls).
 */
export function untilReloaded(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/**
 * How long after Reload the page waits for the new version to take over before it reloads anyway:
 * the owner asked for a reload, and a version that could not take over is offered again.
 */
const TAKE_OVER_WAIT_MS = 10_000;

function reloadOnce(): void {
  if (reloaded) return;
  reloaded = true;
  window.location.reload();
}

/** Lets the waiting version take over; the page reloads once the new version controls it. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    // Nothing waits (it already took over, from this tab or another): a reload shows it.
    window.location.reload();
    return;
  }
  if (applying) return;
  applying = true;
  const active = navigator.serviceWorker.controller;
  void (active ? handOver(active) : Promise.resolve()).then(() => {
    waiting.postMessage({ type: 'SKIP_WAITING' });
    setTimeout(reloadOnce, TAKE_OVER_WAIT_MS);
  });
}

/** The store as React state: `{ needRefresh, applyUpdate }`. */
export function usePwaUpdate(): PwaState & { applyUpdate: () => void } {
  const snapshot = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
  return { ...snapshot, applyUpdate };
}
