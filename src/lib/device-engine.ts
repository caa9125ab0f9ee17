// Kiri's engine on the device (issue 12): the same code as the server's local engine, with its
// language libraries, in chunks of its own that only this import() reaches, so the chat's first load
// does not carry them. The worker precaches every chunk, so after one online visit it loads offline.
import type { CompanionInput, CompanionReply } from '@/engine/companion/types';

export type LocalReply = (input: CompanionInput) => CompanionReply;

let loading: Promise<LocalReply> | null = null;
/** The engine's warmUp, once it is loaded. */
let warmUp: (() => void) | null = null;

/** The engine's entry, loaded once; a failed load (offline before the first visit) is tried again. */
export function loadDeviceEngine(): Promise<LocalReply> {
  loading ??= import('@/engine/companion').then(
    (engine) => {
      warmUp = engine.warmUp;
      return engine.localReply;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** How long after the first paint the engine is fetched, when the browser cannot say it is idle. */
export const ENGINE_PRELOAD_DELAY_MS = 2_000;

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Fetches the engine while the app is idle after login (Safari has no requestIdleCallback: a timer
 * instead), so that it is in memory, and in the HTTP cache on a browser with no worker yet, before
 * the first message the server cannot answer.
 */
export function preloadDeviceEngineWhenIdle(): void {
  const idle = (globalThis as IdleWindow).requestIdleCallback;
  const whenIdle = (task: () => void) => {
    if (typeof idle === 'function') idle(task, { timeout: ENGINE_PRELOAD_DELAY_MS * 2 });
    else setTimeout(task, ENGINE_PRELOAD_DELAY_MS);
  };
  // Loaded when idle, then its language model read when idle again (a task of its own: about 0.9 s
  // on a phone-speed CPU, which would otherwise fall on the first reply that needs it).
  whenIdle(() => {
    void loadDeviceEngine()
      .then(() => whenIdle(() => void warmUp?.()))
      .catch(() => undefined);
  });
}
