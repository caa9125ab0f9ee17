// The e2e test object: every test gets its own real server on a fresh DATA_DIR (so the first context
// to log in is the owner), and baseURL points at it.
import { test as base } from '@playwright/test';
import { startServer, type KiriServer } from './server';

export const test = base.extend<{ server: KiriServer; serverEnv: Record<string, string> }>({
  /** Extra environment for the test's server (`test.use({ serverEnv: { … } })`). */
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv }, use, testInfo) => {
    const server = await startServer({ env: serverEnv });
    try {
      await use(server);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server-output.txt', {
          body: server.output(),
          contentType: 'text/plain',
        });
      }
      await server.dispose();
    }
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect } from '@playwright/test';
