/// <reference lib="webworker" />
// How a new version takes over. The first install controls the open page at once (clientsClaim);
// a later version waits until the page asks it to (the update prompt posts {type:'SKIP_WAITING'}),
// so a version never changes under a page that is in use.
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

export const SKIP_WAITING = 'SKIP_WAITING';

const isSkipWaiting = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;

export function installUpdateFlow(): void {
  self.addEventListener('message', (event) => {
    if (isSkipWaiting(event.data)) event.waitUntil(self.skipWaiting());
  });
  clientsClaim();
}
