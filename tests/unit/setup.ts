// Dexie captures indexedDB when it is imported: load the fake before anything else (DESIGN.md, pitfalls).
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// The device's services (outbox sync and its recheck timers, offline replies, persistent storage) start
// once per page, after the first paint, and run for the page's life. A screen test that renders the
// whole app (helpers/client.tsx renderApp) would leave them loading and ticking past its file's end,
// into a torn-down jsdom ('document is not defined', modules loaded after teardown): unhandled errors
// that fail the run. Each service has tests of its own (outbox-sync, device-replies, storage-persist).
vi.mock('@/app/device-services', () => ({
  startDeviceServices: async () => {},
  rememberTimeZone: async () => {},
}));

// findBy… and waitFor wait for a state; their default bound (1 s) is shorter than a render takes on a
// loaded 2-core machine running other suites beside (a CI run failed PendingReminders' list of two at
// 1.7 s). The states awaited are the same; only how long a slow machine may take to reach them.
configure({ asyncUtilTimeout: 10_000 });
