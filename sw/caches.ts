/// <reference lib="webworker" />
// The app shell offline: every built file is precached, and a navigation anywhere in the app is
// answered with the precached index.html, so a reload works with no network and no server.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/**
 * Navigations that must reach the network: the API, and files (a last path segment with an
 * extension, such as /sw.js or /manifest.webmanifest). Matched against pathname + search.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|\?|$)/, /\/[^/?]+\.[^/?]+(\?.*)?$/];

export function installCaching(): void {
  // The build looks for this exact expression (`self.__WB_MANIFEST`, not an alias of self) and
  // replaces it with the list of built files and their revisions.
  precacheAndRoute(self.__WB_MANIFEST);
  // Caches of a previous Workbox precache format; ours are kept up to date by precacheAndRoute.
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      denylist: NAVIGATION_DENYLIST,
    }),
  );
}
