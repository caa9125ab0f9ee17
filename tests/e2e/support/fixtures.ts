// The e2e test object: every test gets its own real server on a fresh DATA_DIR (so the first context
// to log in is the owner), and baseURL points at it.
import { writeFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { FakePushService } from '../../server/support/fake-push-service';
import { startServer, takeFreshServer, type KiriServer } from './server';

export const test = base.extend<{ server: KiriServer; serverEnv: Record<string, string> }>({
  /** Extra environment for the test's server (`test.use({ serverEnv: { … } })`). */
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv }, use, testInfo) => {
    const server =
      Object.keys(serverEnv).length === 0
        ? await takeFreshServer()
        : await startServer({ env: serverEnv });
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

/**
 * The test object with a loopback HTTPS push service (`pushService`) the test's server may post to:
 * it is allowed through PUSH_ALLOWED_HOSTS and trusted through NODE_EXTRA_CA_CERTS (the service's
 * self-signed certificate, for that server process only). The browser's own push service is the one
 * piece that is not real (support/push-stub.ts).
 */
export const testWithPushService = test.extend<{ pushService: FakePushService }>({
  // eslint-disable-next-line no-empty-pattern
  pushService: async ({}, use) => {
    const service = await FakePushService.start();
    try {
      await use(service);
    } finally {
      await service.close();
    }
  },
  serverEnv: async ({ pushService }, use, testInfo) => {
    const ca = testInfo.outputPath('push-service-ca.pem');
    writeFileSync(ca, pushService.ca);
    await use({ PUSH_ALLOWED_HOSTS: pushService.hostEntry, NODE_EXTRA_CA_CERTS: ca });
  },
});
