/// <reference lib="webworker" />
// The service worker's entry (DESIGN.md calls it sw/index.ts; vite-plugin-pwa names the output after
// the source, so it is sw.ts → dist/sw.js). It only wires the modules; each one owns its events.
//
// Order matters where two modules answer the same event: Workbox routes `fetch` in registration
// order, so caching (precache, then the navigation fallback) is wired first. Later modules plug in
// here the same way.
import { db } from '@/db/db';
import { installCaching } from './caches';
import { installOutbox, replayAndTell } from './outbox';
import { installPush } from './push';
import { installUpdateFlow } from './update';

installCaching();
installUpdateFlow();
installOutbox();
installPush({ db, now: Date.now, replay: () => replayAndTell(true) });
