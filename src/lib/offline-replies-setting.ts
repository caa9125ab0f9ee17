// The 'Offline replies' setting (issue 12): whether Kiri answers on the device when the server cannot.
// Kept on this device (localStorage), on by default; the chat's settings panel changes it, and the
// device's replier reads it at each decision, so turning it off stops the next reply at once.

export const OFFLINE_REPLIES_KEY = 'kiri-offline-replies';

/** Told to this page's listeners when the setting changes (another tab hears a `storage` event). */
const CHANGE_EVENT = 'kiri:offline-replies';

/** On unless the owner turned it off: a stored `false` is the only "off". */
export function parseOfflineReplies(raw: string | null): boolean {
  if (raw === null) return true;
  try {
    return JSON.parse(raw) !== false;
  } catch {
    return true;
  }
}

export function readOfflineReplies(): boolean {
  try {
    return parseOfflineReplies(localStorage.getItem(OFFLINE_REPLIES_KEY));
  } catch {
    // Storage blocked: the default stands.
    return true;
  }
}

export function writeOfflineReplies(on: boolean): void {
  try {
    localStorage.setItem(OFFLINE_REPLIES_KEY, JSON.stringify(on));
  } catch {
    // Storage blocked or full: the choice holds for this page only, through the event below.
  }
  current = on;
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: on }));
}

let current: boolean | undefined;

/** The setting as this page last knew it (a write that storage refused still counts here). */
export function offlineRepliesEnabled(): boolean {
  return current ?? readOfflineReplies();
}

/** Calls `listener` with the new value whenever the setting changes, here or in another tab. */
export function onOfflineRepliesChange(listener: (on: boolean) => void): () => void {
  const onChange = (event: Event) => listener((event as CustomEvent<boolean>).detail);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== OFFLINE_REPLIES_KEY) return;
    current = parseOfflineReplies(event.newValue);
    listener(current);
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
