// The browser bubble's setting as React state: read from local storage, written there, and applied
// at once on every screen of this page and of the app's other open pages (the storage event).
import { useCallback, useSyncExternalStore } from 'react';
import { BROWSER_BUBBLE_KEY, bubbleEnabledFrom, storedBubbleValue } from '../model/bubble-setting';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return bubbleEnabledFrom(localStorage.getItem(BROWSER_BUBBLE_KEY));
  } catch {
    // Storage refused (private mode, quota): the bubble stays off rather than guessing.
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BROWSER_BUBBLE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores the setting; false when the device would not keep it (the switch then stays as it was). */
export function saveBubbleSetting(enabled: boolean): boolean {
  try {
    localStorage.setItem(BROWSER_BUBBLE_KEY, storedBubbleValue(enabled));
  } catch (error) {
    console.warn('The browser bubble setting could not be stored', error);
    return false;
  }
  for (const listener of listeners) listener();
  return true;
}

export function useBubbleSetting(): [boolean, (enabled: boolean) => boolean] {
  const enabled = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((next: boolean) => saveBubbleSetting(next), []);
  return [enabled, set];
}
