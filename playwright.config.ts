// End-to-end tests: Debian's Chromium against the built app (dist/) and the real server. Each test
// starts its own server on a free loopback port (tests/e2e/support/fixtures.ts sets baseURL to it).
import { defineConfig } from '@playwright/test';
import { e2eWorkers } from './tests/e2e/support/workers';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two when the machine has two idle cores, else one (tests/e2e/support/workers.ts); each test has its
  // own server and DATA_DIR, so files run side by side share nothing.
  workers: e2eWorkers(),
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI === 'true' ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    headless: true,
    serviceWorkers: 'allow',
    // A failed test keeps its trace (each action's DOM, the network, the console) and its last
    // screenshot. Not the trace's screencast: encoding a frame for every change of the page (the mood
    // orb changes every frame) took about a fifth of the suite's CPU. Three spec files, twice each,
    // with and without it: 78 and 81 s against 69 and 70 s, 72 and 71 s of CPU against 54 and 60 s.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
